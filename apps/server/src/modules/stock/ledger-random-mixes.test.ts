import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { STOCK_CAUSE, STOCK_CONDITION, type StockCondition } from '@gerai/contract';
import { stockMovements } from '../../db/schema';
import { moveStock, movementsOf, stockOf, type StockMove } from './index';
import { ledgerTestDb } from './ledger-test-kit';

const { handle, ids, expectBooksBalance } = ledgerTestDb();

describe('the stock ledger', () => {
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
