import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stockMovements, storeStock } from '../../db/schema';
import { moveStock, movementsOf, stockOf } from './index';
import { ledgerTestDb, move } from './ledger-test-kit';

const { handle, ids, expectBooksBalance } = ledgerTestDb();

describe('the stock ledger', () => {
  it('starts balanced: the opening rows sum to store_stock in every bucket (the seed holds reserved and in-transit units too)', async () => {
    await expectBooksBalance('T001', ids);
    const result = (await handle.db.execute(sql`
      select count(*)::int as off from store_stock s
      left join (
        select store_code, product_id, sum(delta) filter (where condition = 'sellable') as qty,
          sum(delta) filter (where condition = 'damaged') as damaged, sum(delta) filter (where condition = 'reserved') as reserved,
          sum(delta) filter (where condition = 'in_transit') as in_transit
        from stock_movements group by 1, 2
      ) m using (store_code, product_id)
      where s.qty <> coalesce(m.qty, 0) or s.qty_damaged <> coalesce(m.damaged, 0) or s.qty_reserved <> coalesce(m.reserved, 0)
        or s.qty_in_transit <> coalesce(m.in_transit, 0)`)) as unknown as { rows: Array<{ off: number }> };
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
    expect(after).toEqual({ ...before.get(ids[3]!)!, qty: before.get(ids[3]!)!.qty + 3, qtyDamaged: before.get(ids[3]!)!.qtyDamaged + 1 });
    expect(await movementsOf(handle.db, 'return', ref)).toHaveLength(2);
    await expectBooksBalance('T001', ids);
  });

  it('lets the books go below zero and creates a missing stock row', async () => {
    await handle.db.delete(storeStock).where(and(eq(storeStock.storeCode, 'T002'), eq(storeStock.productId, ids[4]!)));
    await handle.db.delete(stockMovements).where(and(eq(stockMovements.storeCode, 'T002'), eq(stockMovements.productId, ids[4]!)));
    await moveStock(handle.db, [move(ids[4]!, -4, { storeCode: 'T002', ref: 'SHP-LEDGER-3' })]);
    expect((await stockOf(handle.db, 'T002', [ids[4]!])).get(ids[4]!)).toEqual({ qty: -4, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });
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

  it('moves units between buckets and stores: a booking taken (sellable → reserved), then received elsewhere', async () => {
    const ref = 'booking:ledger-7';
    const id = ids[1]!;
    const [serving, ordering] = [await stockOf(handle.db, 'T003', [id]), await stockOf(handle.db, 'T001', [id])].map((m) => m.get(id)!);
    await moveStock(handle.db, [move(id, -2, { storeCode: 'T003', cause: 'booking_take', ref }), move(id, 2, { storeCode: 'T003', cause: 'booking_take', ref, condition: 'reserved' })]);
    expect((await stockOf(handle.db, 'T003', [id])).get(id)).toEqual({ ...serving, qty: serving!.qty - 2, qtyReserved: serving!.qtyReserved + 2 });
    // Taking reserved units out of an existing row (the upsert's proposed row alone would be negative).
    await moveStock(handle.db, [move(id, -2, { storeCode: 'T003', cause: 'booking_receive', ref, condition: 'reserved' }), move(id, 2, { cause: 'booking_receive', ref })]);
    expect((await stockOf(handle.db, 'T003', [id])).get(id)).toEqual({ ...serving, qty: serving!.qty - 2 });
    expect((await stockOf(handle.db, 'T001', [id])).get(id)).toEqual({ ...ordering, qty: ordering!.qty + 2 });
    await expectBooksBalance('T003', [id]);
    await expectBooksBalance('T001', ids);
  });

  it('moves units through transit: a transfer sent (sellable → in transit), cancelled once, another received one short', async () => {
    const id = ids[4]!;
    const [sender, receiver] = [await stockOf(handle.db, 'T003', [id]), await stockOf(handle.db, 'T001', [id])].map((m) => m.get(id)!);
    const send = (ref: string) => [move(id, -3, { storeCode: 'T003', cause: 'transfer_send', ref }), move(id, 3, { storeCode: 'T003', cause: 'transfer_send', ref, condition: 'in_transit' })];
    await moveStock(handle.db, send('mat:ledger-9'));
    expect((await stockOf(handle.db, 'T003', [id])).get(id)).toEqual({ ...sender, qty: sender!.qty - 3, qtyInTransit: sender!.qtyInTransit + 3 });
    const back = [move(id, -3, { storeCode: 'T003', cause: 'transfer_cancel', ref: 'mat:ledger-9', condition: 'in_transit' }), move(id, 3, { storeCode: 'T003', cause: 'transfer_cancel', ref: 'mat:ledger-9' })];
    expect(await moveStock(handle.db, back)).toHaveLength(2);
    expect(await moveStock(handle.db, back)).toEqual([]);
    expect((await stockOf(handle.db, 'T003', [id])).get(id)).toEqual(sender);

    await moveStock(handle.db, send('mat:ledger-10'));
    await moveStock(handle.db, [move(id, -3, { storeCode: 'T003', cause: 'transfer_receive', ref: 'mat:ledger-10', condition: 'in_transit' }), move(id, 2, { cause: 'transfer_receive', ref: 'mat:ledger-10' })]);
    expect((await stockOf(handle.db, 'T003', [id])).get(id)).toEqual({ ...sender, qty: sender!.qty - 3 });
    expect((await stockOf(handle.db, 'T001', [id])).get(id)).toEqual({ ...receiver, qty: receiver!.qty + 2 });
    // More out of transit than is on the road is refused, with its ledger row.
    await expect(moveStock(handle.db, [move(id, -(sender!.qtyInTransit + 1), { storeCode: 'T003', cause: 'transfer_receive', ref: 'mat:ledger-11', condition: 'in_transit' })])).rejects.toThrow();
    expect(await movementsOf(handle.db, 'transfer_receive', 'mat:ledger-11')).toEqual([]);
    await expectBooksBalance('T003', [id]);
    await expectBooksBalance('T001', ids);
  });

  it('refuses to take more reserved units than a store holds, and rolls the ledger row back with it', async () => {
    const id = ids[2]!;
    const before = (await stockOf(handle.db, 'T002', [id])).get(id)!;
    await expect(moveStock(handle.db, [move(id, -(before.qtyReserved + 1), { storeCode: 'T002', cause: 'booking_release', ref: 'booking:ledger-8', condition: 'reserved' })])).rejects.toThrow();
    expect((await stockOf(handle.db, 'T002', [id])).get(id)).toEqual(before);
    expect(await movementsOf(handle.db, 'booking_release', 'booking:ledger-8')).toEqual([]);
  });

  it('moves nothing for no rows or rows that cancel out', async () => {
    expect(await moveStock(handle.db, [])).toEqual([]);
    expect(await moveStock(handle.db, [move(ids[0]!, 2, { ref: 'SHP-LEDGER-6' }), move(ids[0]!, -2, { ref: 'SHP-LEDGER-6' })])).toEqual([]);
  });
});
