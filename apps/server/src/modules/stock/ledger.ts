import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { STOCK_CONDITION, type StockCause, type StockCondition } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { stockMovements, storeStock } from '../../db/schema';
import { noteStockMoved } from './reply-cache';

/** One change to a store's stock: units into (+) or out of (−) the sellable or damaged count. */
export interface StockMove {
  storeCode: string;
  productId: string;
  delta: number;
  condition: StockCondition;
  cause: StockCause;
  /** The cause's object (shipmentNo, `return:<id>`); a cause moves a product once per ref. */
  ref: string | null;
  actorUserId: number | null;
}

/** A movement the ledger took (not skipped as already applied). */
export interface AppliedMove {
  storeCode: string;
  productId: string;
  delta: number;
  condition: StockCondition;
}

/**
 * The only writer of stock_movements and store_stock (decision 87): inserts the ledger rows and
 * adds the inserted ones to store_stock (qty for sellable, qty_damaged for damaged, qty_reserved for
 * reserved, qty_in_transit for in transit) in ONE
 * statement, inside the caller's transaction. A row whose (cause, ref, store, product, condition)
 * is already on the ledger is skipped by the unique index stock_movements_once and does not touch
 * store_stock either: a retried or raced restore cannot add the goods twice. Rows of one call with
 * the same key are summed first (two order lines of one product); a sum of zero moves nothing.
 * Returns the movements applied.
 */
export async function moveStock(tx: Tx | Db, rows: readonly StockMove[]): Promise<AppliedMove[]> {
  const merged = new Map<string, StockMove>();
  for (const r of rows) {
    if (!Number.isInteger(r.delta)) throw new Error(`moveStock: delta ${r.delta} is not an integer`);
    const key = JSON.stringify([r.cause, r.ref, r.storeCode, r.productId, r.condition, r.actorUserId]);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, delta: seen.delta + r.delta } : { ...r });
  }
  const moves = [...merged.values()].filter((m) => m.delta !== 0);
  if (moves.length === 0) return [];

  const values = sql.join(
    moves.map(
      (m) =>
        sql`(${m.storeCode}::text, ${m.productId}::text, ${m.delta}::int, ${m.condition}::text, ${m.cause}::text, ${m.ref}::text, ${m.actorUserId}::int)`,
    ),
    sql`, `,
  );
  // Data-modifying CTEs: the upsert reads only what the insert really inserted.
  const result = await tx.execute(sql`
    with input (store_code, product_id, delta, condition, cause, ref, actor_user_id) as (values ${values}),
    inserted as (
      insert into stock_movements (store_code, product_id, delta, condition, cause, ref, actor_user_id)
      select store_code, product_id, delta, condition, cause, ref, actor_user_id from input
      on conflict (cause, ref, store_code, product_id, condition) where ref is not null do nothing
      returning store_code, product_id, delta, condition
    ),
    deltas as (
      select store_code, product_id,
        coalesce(sum(delta) filter (where condition = ${STOCK_CONDITION.SELLABLE}), 0)::int as qty,
        coalesce(sum(delta) filter (where condition = ${STOCK_CONDITION.DAMAGED}), 0)::int as qty_damaged,
        coalesce(sum(delta) filter (where condition = ${STOCK_CONDITION.RESERVED}), 0)::int as qty_reserved,
        coalesce(sum(delta) filter (where condition = ${STOCK_CONDITION.IN_TRANSIT}), 0)::int as qty_in_transit
      from inserted group by store_code, product_id
    ),
    -- An existing row is updated in place: an upsert would check the bucket constraints on its
    -- proposed row (the bare deltas) before finding the conflict, so taking reserved units out failed.
    updated as (
      update store_stock s set
        qty = s.qty + d.qty, qty_damaged = s.qty_damaged + d.qty_damaged, qty_reserved = s.qty_reserved + d.qty_reserved,
        qty_in_transit = s.qty_in_transit + d.qty_in_transit, updated_at = now()
      from deltas d where s.store_code = d.store_code and s.product_id = d.product_id
      returning s.store_code, s.product_id
    ),
    booked as (
      insert into store_stock (store_code, product_id, qty, qty_damaged, qty_reserved, qty_in_transit)
      select store_code, product_id, qty, qty_damaged, qty_reserved, qty_in_transit from deltas d
      where not exists (select 1 from updated u where u.store_code = d.store_code and u.product_id = d.product_id)
      -- A row another transaction created since this statement's snapshot.
      on conflict (store_code, product_id) do update set
        qty = store_stock.qty + excluded.qty,
        qty_damaged = store_stock.qty_damaged + excluded.qty_damaged,
        qty_reserved = store_stock.qty_reserved + excluded.qty_reserved,
        qty_in_transit = store_stock.qty_in_transit + excluded.qty_in_transit,
        updated_at = now()
      returning 1
    )
    select store_code, product_id, delta, condition from inserted`);
  const applied = (result as unknown as { rows: Array<{ store_code: string; product_id: string; delta: number | string; condition: StockCondition }> }).rows;
  if (applied.length > 0) noteStockMoved();
  return applied.map((r) => ({ storeCode: r.store_code, productId: r.product_id, delta: Number(r.delta), condition: r.condition }));
}

/** A store's stock of some products on the books: sellable, damaged, reserved and in-transit units (0 for a product without a row). */
export async function stockOf(
  db: Tx | Db,
  storeCode: string,
  productIds: readonly string[],
): Promise<Map<string, { qty: number; qtyDamaged: number; qtyReserved: number; qtyInTransit: number }>> {
  const out = new Map(productIds.map((id) => [id, { qty: 0, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 }]));
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: storeStock.productId, qty: storeStock.qty, qtyDamaged: storeStock.qtyDamaged, qtyReserved: storeStock.qtyReserved, qtyInTransit: storeStock.qtyInTransit })
    .from(storeStock)
    .where(and(eq(storeStock.storeCode, storeCode), inArray(storeStock.productId, [...productIds])));
  for (const r of rows) out.set(r.productId, { qty: r.qty, qtyDamaged: r.qtyDamaged, qtyReserved: r.qtyReserved, qtyInTransit: r.qtyInTransit });
  return out;
}

/** The ledger rows of one cause's object (what a pack took, to restore it on cancel). */
export async function movementsOf(db: Tx | Db, cause: StockCause, ref: string): Promise<AppliedMove[]> {
  const where: SQL | undefined = and(eq(stockMovements.cause, cause), eq(stockMovements.ref, ref));
  const rows = await db
    .select({ storeCode: stockMovements.storeCode, productId: stockMovements.productId, delta: stockMovements.delta, condition: stockMovements.condition })
    .from(stockMovements)
    .where(where)
    .orderBy(stockMovements.id);
  return rows.map((r) => ({ ...r, condition: r.condition as StockCondition }));
}
