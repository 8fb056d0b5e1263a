import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { products, stockMovements, storeStock } from '../../db/schema';
import { seedDemo } from '../../seed/seed';
import { openTestDb } from '../../test/test-db';
import { moveStock, movementsOf, stockOf, type StockMove } from './index';

let handle: DbHandle;
let ids: string[];
beforeAll(async () => {
  handle = await openTestDb();
  await seedDemo(handle.db);
  ids = (await handle.db.select({ id: products.productId }).from(products).orderBy(products.productId).limit(6)).map((p) => p.id);
});
afterAll(async () => handle?.close());

const move = (productId: string, delta: number, extra: Partial<StockMove> = {}): StockMove => ({
  storeCode: 'T001',
  productId,
  delta,
  condition: 'sellable',
  cause: 'pack',
  ref: 'SHP-LEDGER-1',
  actorUserId: null,
  ...extra,
});

/** store_stock equals the sum of the ledger for the given products, sellable and damaged alike. */
async function expectBooksBalance(storeCode: string, productIds: string[]) {
  const sums = await handle.db
    .select({
      productId: stockMovements.productId,
      qty: sql<number>`coalesce(sum(${stockMovements.delta}) filter (where ${stockMovements.condition} = 'sellable'), 0)::int`,
      damaged: sql<number>`coalesce(sum(${stockMovements.delta}) filter (where ${stockMovements.condition} = 'damaged'), 0)::int`,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.storeCode, storeCode), inArray(stockMovements.productId, productIds)))
    .groupBy(stockMovements.productId);
  const ledger = new Map(sums.map((s) => [s.productId, { qty: Number(s.qty), qtyDamaged: Number(s.damaged) }]));
  const books = await stockOf(handle.db, storeCode, productIds);
  for (const id of productIds) expect(books.get(id), id).toEqual(ledger.get(id) ?? { qty: 0, qtyDamaged: 0 });
}

describe('the stock ledger', () => {
  it('starts balanced: the opening rows sum to store_stock', async () => {
    await expectBooksBalance('T001', ids);
    const result = (await handle.db.execute(sql`
      select count(*)::int as off from store_stock s
      left join (select store_code, product_id, sum(delta) filter (where condition = 'sellable') as qty from stock_movements group by 1, 2) m
        using (store_code, product_id)
      where s.qty <> coalesce(m.qty, 0)`)) as unknown as { rows: Array<{ off: number }> };
    expect(Number(result.rows[0]?.off)).toBe(0);
  });

  it('moves stock and writes the ledger row in one call, and a repeated ref moves nothing', async () => {
    const before = await stockOf(handle.db, 'T001', [ids[0]!, ids[1]!]);
    const applied = await handle.db.transaction((tx) => moveStock(tx, [move(ids[0]!, -2), move(ids[1]!, -1)]));
    expect(applied).toHaveLength(2);
    const after = await stockOf(handle.db, 'T001', [ids[0]!, ids[1]!]);
    expect(after.get(ids[0]!)!.qty).toBe(before.get(ids[0]!)!.qty - 2);
    expect(after.get(ids[1]!)!.qty).toBe(before.get(ids[1]!)!.qty - 1);

    const again = await handle.db.transaction((tx) => moveStock(tx, [move(ids[0]!, -2), move(ids[1]!, -1)]));
    expect(again).toEqual([]);
    expect(await stockOf(handle.db, 'T001', [ids[0]!, ids[1]!])).toEqual(after);
    expect(await movementsOf(handle.db, 'pack', 'SHP-LEDGER-1')).toHaveLength(2);
    await expectBooksBalance('T001', ids);
  });

  it('applies only the new rows of a call that repeats some', async () => {
    const before = await stockOf(handle.db, 'T001', [ids[0]!, ids[2]!]);
    const applied = await moveStock(handle.db, [move(ids[0]!, -2), move(ids[2]!, -3)]);
    expect(applied).toEqual([{ storeCode: 'T001', productId: ids[2]!, delta: -3, condition: 'sellable' }]);
    const after = await stockOf(handle.db, 'T001', [ids[0]!, ids[2]!]);
    expect(after.get(ids[0]!)).toEqual(before.get(ids[0]!));
    expect(after.get(ids[2]!)!.qty).toBe(before.get(ids[2]!)!.qty - 3);
    await expectBooksBalance('T001', ids);
  });

  it('sums rows of one product in one call and keeps damaged units apart', async () => {
    const ref = 'return:ledger-2';
    const before = await stockOf(handle.db, 'T001', [ids[3]!]);
    await moveStock(handle.db, [
      move(ids[3]!, 1, { cause: 'return', ref }),
      move(ids[3]!, 2, { cause: 'return', ref }),
      move(ids[3]!, 1, { cause: 'return', ref, condition: 'damaged' }),
    ]);
    const after = (await stockOf(handle.db, 'T001', [ids[3]!])).get(ids[3]!)!;
    expect(after).toEqual({ qty: before.get(ids[3]!)!.qty + 3, qtyDamaged: before.get(ids[3]!)!.qtyDamaged + 1 });
    expect(await movementsOf(handle.db, 'return', ref)).toHaveLength(2);
    await expectBooksBalance('T001', ids);
  });

  it('lets the books go below zero and creates a missing stock row', async () => {
    await handle.db.delete(storeStock).where(and(eq(storeStock.storeCode, 'T002'), eq(storeStock.productId, ids[4]!)));
    await handle.db.delete(stockMovements).where(and(eq(stockMovements.storeCode, 'T002'), eq(stockMovements.productId, ids[4]!)));
    await moveStock(handle.db, [move(ids[4]!, -4, { storeCode: 'T002', ref: 'SHP-LEDGER-3' })]);
    expect((await stockOf(handle.db, 'T002', [ids[4]!])).get(ids[4]!)).toEqual({ qty: -4, qtyDamaged: 0 });
    await expectBooksBalance('T002', [ids[4]!]);
  });

  it('rolls the ledger row back with the books when the transaction fails', async () => {
    const before = await stockOf(handle.db, 'T001', [ids[5]!]);
    await expect(
      handle.db.transaction(async (tx) => {
        await moveStock(tx, [move(ids[5]!, -1, { ref: 'SHP-LEDGER-4' })]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await stockOf(handle.db, 'T001', [ids[5]!])).toEqual(before);
    expect(await movementsOf(handle.db, 'pack', 'SHP-LEDGER-4')).toEqual([]);
  });

  it('applies a raced restore once', async () => {
    const ref = 'SHP-LEDGER-5';
    const before = await stockOf(handle.db, 'T001', [ids[5]!]);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => handle.db.transaction((tx) => moveStock(tx, [move(ids[5]!, 2, { cause: 'cancel', ref })]))),
    );
    const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    expect(applied).toHaveLength(1);
    expect((await stockOf(handle.db, 'T001', [ids[5]!])).get(ids[5]!)!.qty).toBe(before.get(ids[5]!)!.qty + 2);
    await expectBooksBalance('T001', ids);
  });

  it('moves nothing for no rows or rows that cancel out', async () => {
    expect(await moveStock(handle.db, [])).toEqual([]);
    expect(await moveStock(handle.db, [move(ids[0]!, 2, { ref: 'SHP-LEDGER-6' }), move(ids[0]!, -2, { ref: 'SHP-LEDGER-6' })])).toEqual([]);
  });
});
