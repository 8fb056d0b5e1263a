import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { STOCK_CAUSE, STOCK_CONDITION, type StockCondition } from '@gerai/contract';
import type { DbHandle } from '../../db/client';
import { products, stockMovements, storeStock } from '../../db/schema';
import { openTestDb } from '../../test/test-db';
import { moveStock, movementsOf, stockOf, type StockMove } from './index';

let handle: DbHandle;
let ids: string[];
beforeAll(async () => {
  handle = await openTestDb({ data: 'demo' });
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

  it('keeps the books equal to the ledger through random mixes of packs, cancels, returns, bookings and transfers, each applied once', async () => {
    const STORES = ['T001', 'T002', 'T003'] as const;
    const products = ids.slice(0, 3);
    type Store = (typeof STORES)[number];
    type Books = Map<string, { qty: number; qtyDamaged: number; qtyReserved: number; qtyInTransit: number }>;
    const key = (store: string, product: string) => `${store}|${product}`;
    /** What one step does: the moveStock call of the area that owns it. */
    const cmd = fc.oneof(
      fc.record({ kind: fc.constant('pack' as const), store: fc.constantFrom(...STORES), product: fc.nat(2), qty: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(9) }),
      fc.record({ kind: fc.constant('return' as const), store: fc.constantFrom(...STORES), product: fc.nat(2), qty: fc.integer({ min: 1, max: 3 }), damaged: fc.boolean() }),
      fc.record({ kind: fc.constant('take' as const), ordering: fc.constantFrom(...STORES), serving: fc.constantFrom(...STORES), product: fc.nat(2), qty: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('release' as const), which: fc.nat(9) }),
      fc.record({ kind: fc.constant('receive' as const), which: fc.nat(9) }),
      fc.record({ kind: fc.constant('send' as const), sender: fc.constantFrom(...STORES), receiver: fc.constantFrom(...STORES), product: fc.nat(2), qty: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('unsend' as const), which: fc.nat(9) }),
      fc.record({ kind: fc.constant('arrive' as const), which: fc.nat(9), short: fc.nat(4) }),
      fc.record({ kind: fc.constant('retry' as const), which: fc.nat(50) }),
    );
    /** Every unit of the products in the chain, whatever its bucket or store. */
    const chainStock = async () => {
      let total = 0;
      for (const store of STORES) for (const b of (await stockOf(handle.db, store, products)).values()) total += b.qty + b.qtyDamaged + b.qtyReserved + b.qtyInTransit;
      return total;
    };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 4, maxLength: 24 }), async (cmds) => {
        run++;
        const books: Books = new Map();
        for (const store of STORES) for (const [id, b] of await stockOf(handle.db, store, products)) books.set(key(store, id), { ...b });
        const chainBefore = await chainStock();
        /** What the chain's stock should have gained: packs out, their cancels and returns in; bookings and transfers move, except a transfer's units short. */
        let chainDelta = 0;
        const bucket = {
          [STOCK_CONDITION.SELLABLE]: 'qty',
          [STOCK_CONDITION.DAMAGED]: 'qtyDamaged',
          [STOCK_CONDITION.RESERVED]: 'qtyReserved',
          [STOCK_CONDITION.IN_TRANSIT]: 'qtyInTransit',
        } as const;
        const expectMoved = (moves: StockMove[]) => {
          for (const m of moves) books.get(key(m.storeCode, m.productId))![bucket[m.condition as StockCondition]] += m.delta;
        };
        const calls: StockMove[][] = [];
        const packed: string[] = [];
        const cancelled = new Set<string>();
        const bookings: Array<{ ref: string; ordering: Store; serving: Store; product: string; qty: number; state: 'taken' | 'released' | 'received' }> = [];
        const transfers: Array<{ ref: string; sender: Store; receiver: Store; product: string; qty: number; short: number; state: 'new' | 'cancel' | 'finish' }> = [];
        const apply = async (moves: StockMove[]) => {
          const applied = await handle.db.transaction((tx) => moveStock(tx, moves));
          expect(applied).toHaveLength(moves.length);
          expectMoved(moves);
          calls.push(moves);
        };
        let n = 0;
        for (const c of cmds) {
          const ref = `mix-${run}-${++n}`;
          const m = (storeCode: string, productId: string, delta: number, condition: StockCondition, cause: StockMove['cause'], r = ref): StockMove => ({
            storeCode,
            productId,
            delta,
            condition,
            cause,
            ref: r,
            actorUserId: null,
          });
          if (c.kind === 'pack') {
            await apply([m(c.store, products[c.product]!, -c.qty, 'sellable', STOCK_CAUSE.PACK)]);
            chainDelta -= c.qty;
            packed.push(ref);
          } else if (c.kind === 'cancel') {
            // As the cancellations area does: the pack's own rows, reversed, once.
            const open = packed.filter((r) => !cancelled.has(r));
            const target = open[c.which % Math.max(1, open.length)];
            if (!target) continue;
            const rows = await movementsOf(handle.db, STOCK_CAUSE.PACK, target);
            await apply(rows.map((r) => m(r.storeCode, r.productId, -r.delta, r.condition, STOCK_CAUSE.CANCEL, target)));
            chainDelta -= rows.reduce((sum, r) => sum + r.delta, 0);
            cancelled.add(target);
          } else if (c.kind === 'return') {
            await apply([m(c.store, products[c.product]!, c.qty, c.damaged ? 'damaged' : 'sellable', STOCK_CAUSE.RETURN)]);
            chainDelta += c.qty;
          } else if (c.kind === 'take') {
            if (c.ordering === c.serving) continue;
            const r = `booking:${ref}`;
            const p = products[c.product]!;
            await apply([m(c.serving, p, -c.qty, 'sellable', STOCK_CAUSE.BOOKING_TAKE, r), m(c.serving, p, c.qty, 'reserved', STOCK_CAUSE.BOOKING_TAKE, r)]);
            bookings.push({ ref: r, ordering: c.ordering, serving: c.serving, product: p, qty: c.qty, state: 'taken' });
          } else if (c.kind === 'release' || c.kind === 'receive') {
            const open = bookings.filter((b) => b.state === 'taken');
            const b = open[c.which % Math.max(1, open.length)];
            if (!b) continue;
            if (c.kind === 'release') {
              await apply([m(b.serving, b.product, -b.qty, 'reserved', STOCK_CAUSE.BOOKING_RELEASE, b.ref), m(b.serving, b.product, b.qty, 'sellable', STOCK_CAUSE.BOOKING_RELEASE, b.ref)]);
              b.state = 'released';
            } else {
              await apply([m(b.serving, b.product, -b.qty, 'reserved', STOCK_CAUSE.BOOKING_RECEIVE, b.ref), m(b.ordering, b.product, b.qty, 'sellable', STOCK_CAUSE.BOOKING_RECEIVE, b.ref)]);
              b.state = 'received';
            }
          } else if (c.kind === 'send') {
            // As the transfers area sends: sellable → in transit at the sender.
            if (c.sender === c.receiver) continue;
            const r = `mat:${ref}`;
            const p = products[c.product]!;
            await apply([m(c.sender, p, -c.qty, 'sellable', STOCK_CAUSE.TRANSFER_SEND, r), m(c.sender, p, c.qty, 'in_transit', STOCK_CAUSE.TRANSFER_SEND, r)]);
            transfers.push({ ref: r, sender: c.sender, receiver: c.receiver, product: p, qty: c.qty, short: 0, state: 'new' });
          } else if (c.kind === 'unsend' || c.kind === 'arrive') {
            const open = transfers.filter((t) => t.state === 'new');
            const t = open[c.which % Math.max(1, open.length)];
            if (!t) continue;
            if (c.kind === 'unsend') {
              await apply([m(t.sender, t.product, -t.qty, 'in_transit', STOCK_CAUSE.TRANSFER_CANCEL, t.ref), m(t.sender, t.product, t.qty, 'sellable', STOCK_CAUSE.TRANSFER_CANCEL, t.ref)]);
              t.state = 'cancel';
            } else {
              // Out of transit at the sender, the counted units into the receiver; the units short leave the chain.
              t.short = Math.min(c.short, t.qty);
              const moves = [m(t.sender, t.product, -t.qty, 'in_transit', STOCK_CAUSE.TRANSFER_RECEIVE, t.ref)];
              if (t.qty > t.short) moves.push(m(t.receiver, t.product, t.qty - t.short, 'sellable', STOCK_CAUSE.TRANSFER_RECEIVE, t.ref));
              await apply(moves);
              chainDelta -= t.short;
              t.state = 'finish';
            }
          } else {
            // A retried request: the same call again moves nothing.
            const again = calls[c.which % Math.max(1, calls.length)];
            if (!again) continue;
            expect(await handle.db.transaction((tx) => moveStock(tx, again))).toEqual([]);
          }
        }
        for (const store of STORES) {
          const actual = await stockOf(handle.db, store, products);
          for (const p of products) expect(actual.get(p), key(store, p)).toEqual(books.get(key(store, p)));
          await expectBooksBalance(store, products);
        }
        // No booking step makes or loses a unit: each booking's rows sum to zero over the stores.
        for (const b of bookings) {
          const rows = await handle.db.select({ delta: stockMovements.delta }).from(stockMovements).where(eq(stockMovements.ref, b.ref));
          expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
        }
        // Sending and cancelling keep every unit in the chain; finishing removes exactly the units reported short.
        for (const t of transfers) {
          const rows = await handle.db.select({ delta: stockMovements.delta }).from(stockMovements).where(eq(stockMovements.ref, t.ref));
          expect(rows.reduce((sum, r) => sum + r.delta, 0) + t.short, `${t.ref} ${t.state}`).toBe(0);
        }
        expect(await chainStock()).toBe(chainBefore + chainDelta);
      }),
      { numRuns: 30 },
    );
  });
});
