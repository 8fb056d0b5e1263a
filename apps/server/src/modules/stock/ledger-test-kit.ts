import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { products, stockMovements } from '../../db/schema';
import { openTestDb } from '../../test/test-db';
import { stockOf, type StockMove } from './index';

/** Stands for what `beforeAll` fills in, so a file can name it at its top. */
function filledLater<T extends object>(target: T, current: () => T | null): T {
  return new Proxy(target, {
    get(_target, key) {
      const value = current();
      if (!value) throw new Error('the ledger database exists only inside tests (after beforeAll)');
      return Reflect.get(value, key);
    },
  });
}

/**
 * A ledger test file's own database with the demo data (opened before its tests, closed after), the
 * first six product ids, and the books-against-ledger check on it.
 */
export function ledgerTestDb() {
  let current: DbHandle | null = null;
  const ids: string[] = [];
  beforeAll(async () => {
    current = await openTestDb({ data: 'demo' });
    ids.push(...(await current.db.select({ id: products.productId }).from(products).orderBy(products.productId).limit(6)).map((p) => p.id));
  });
  afterAll(async () => current?.close());
  const handle = filledLater({} as DbHandle, () => current);

  /** store_stock equals the sum of the ledger for the given products, in every bucket. */
  async function expectBooksBalance(storeCode: string, productIds: string[]) {
    const sums = await handle.db
      .select({
        productId: stockMovements.productId,
        qty: sql<number>`coalesce(sum(${stockMovements.delta}) filter (where ${stockMovements.condition} = 'sellable'), 0)::int`,
        damaged: sql<number>`coalesce(sum(${stockMovements.delta}) filter (where ${stockMovements.condition} = 'damaged'), 0)::int`,
        reserved: sql<number>`coalesce(sum(${stockMovements.delta}) filter (where ${stockMovements.condition} = 'reserved'), 0)::int`,
        inTransit: sql<number>`coalesce(sum(${stockMovements.delta}) filter (where ${stockMovements.condition} = 'in_transit'), 0)::int`,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.storeCode, storeCode), inArray(stockMovements.productId, productIds)))
      .groupBy(stockMovements.productId);
    const ledger = new Map(sums.map((s) => [s.productId, { qty: Number(s.qty), qtyDamaged: Number(s.damaged), qtyReserved: Number(s.reserved), qtyInTransit: Number(s.inTransit) }]));
    const books = await stockOf(handle.db, storeCode, productIds);
    for (const id of productIds) expect(books.get(id), id).toEqual(ledger.get(id) ?? { qty: 0, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });
  }

  return { handle, ids, expectBooksBalance };
}

export const move = (productId: string, delta: number, extra: Partial<StockMove> = {}): StockMove => ({
  storeCode: 'T001',
  productId,
  delta,
  condition: 'sellable',
  cause: 'pack',
  ref: 'SHP-LEDGER-1',
  actorUserId: null,
  ...extra,
});
