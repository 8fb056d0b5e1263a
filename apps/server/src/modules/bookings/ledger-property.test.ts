import { describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@gerai/contract';
import { orders, stockBookingDetails, stockBookings, storeStock } from '../../db/schema';
import { returnApi } from '../returns/return-test-kit';
import {
  bookingRows,
  bookingTestFile,
  CHIEF,
  CHIEF_T002,
  linesOf,
  setStock,
  STAFF,
  STAFF_T002,
  STAFF_T003,
  unbalancedStock,
  type Reply,
  type TestOrder,
} from './booking-test-kit';
import { seededRandom } from '../../test/random';

/**
 * Decision 88's ledger property: after any mix of picks and packs, order cancellations (through the
 * cancellations routes), returns and bookings (book, take, refuse, re-offer, receive, cancel), every
 * store_stock row equals the sum of its stock_movements in each bucket (sellable, damaged, reserved),
 * and what a store holds reserved is exactly what its taken bookings hold. The mix is drawn from a
 * fixed seed (LEDGER_SEED to try another), through the real routes.
 */
const SEED = Number(process.env.LEDGER_SEED ?? 88_2026);
const STEPS = Number(process.env.LEDGER_STEPS ?? 160);
const STORES = ['T001', 'T002', 'T003'] as const;
const STAFF_OF: Record<string, string> = { T001: STAFF, T002: STAFF_T002, T003: STAFF_T003 };
const CHIEF_OF: Record<string, string> = { T001: CHIEF, T002: CHIEF_T002 };

const { ctx, api, freshProduct } = bookingTestFile();
const returns = returnApi(ctx);

describe('the stock ledger under a random mix of everything that moves stock', () => {
  it(`keeps store_stock equal to its ledger in every bucket (seed ${SEED}, ${STEPS} steps)`, async () => {
    const random = seededRandom(SEED);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const one = <T>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(random() * xs.length)] : undefined);

    const pool: Array<{ productId: string; ean13: string }> = [];
    for (let i = 0; i < 4; i++) pool.push(await freshProduct());
    for (const p of pool) for (const s of STORES) await setStock(ctx, s, p.productId, int(2, 12));
    const eanOf = new Map(pool.map((p) => [p.productId, p.ean13]));

    const made: TestOrder[] = [];
    const bookIDs: number[] = [];
    const done = new Map<string, number>();
    const failures: string[] = [];
    const count = (op: string, res: Reply) => {
      if (res.statusCode >= 500) failures.push(`${op}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode < 300) done.set(op, (done.get(op) ?? 0) + 1);
      return res;
    };
    const ordersIn = async (statuses: number[], storeCodes: readonly string[] = STORES) => {
      if (made.length === 0) return [];
      const rows = await ctx.handle.db.select({ id: orders.id, s: orders.statusId }).from(orders).where(inArray(orders.id, made.map((o) => o.id)));
      const ok = new Set(rows.filter((r) => statuses.includes(r.s)).map((r) => r.id));
      return made.filter((o) => ok.has(o.id) && storeCodes.includes(o.storeCode));
    };
    /** Mostly a booking in a status the step starts from; now and then any, which the step may refuse. */
    const bookingIn = async (statuses: number[]) => {
      if (bookIDs.length === 0 || random() < 0.2) return one(bookIDs);
      const rows = await ctx.handle.db
        .select({ id: stockBookings.id })
        .from(stockBookings)
        .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
        .where(and(inArray(stockBookings.id, bookIDs), inArray(stockBookingDetails.status, statuses), isNull(stockBookings.cancelledAt)));
      return one(rows.map((r) => r.id));
    };
    const bookingOf = (bookID: number) => bookingRows(ctx, bookID);

    const ops: Record<string, () => Promise<void>> = {
      async order() {
        const storeCode = one(['T001', 'T001', 'T002'] as const)!;
        const products = [...new Set([one(pool)!, one(pool)!])];
        made.push(await api.pickingOrder(products.map((p) => ({ productId: p.productId, qty: int(2, 6) })), storeCode));
        done.set('order', (done.get('order') ?? 0) + 1);
      },
      async pick() {
        const order = one(await ordersIn([1102]));
        if (!order) return;
        const line = one(order.lines)!;
        count('pick', await api.post(STAFF_OF[order.storeCode]!, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }));
      },
      async outOfStock() {
        const order = one(await ordersIn([1102]));
        if (!order) return;
        const line = one(await linesOf(ctx, order.id))!;
        count('outOfStock', await api.post(STAFF_OF[order.storeCode]!, `/api/orders/${order.shipmentNo}/lines/${line.id}/out-of-stock`, { qtyOos: int(0, line.qty) }));
      },
      async pack() {
        const order = one(await ordersIn([1102]));
        if (!order) return;
        // Pick what is left of every line (booked units that arrived are picked like any other), then pack.
        for (const line of await linesOf(ctx, order.id)) {
          for (let i = line.qtyPicked + Math.max(0, line.qtyOos); i < line.qty; i++) {
            count('pick', await api.post(STAFF_OF[order.storeCode]!, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }));
          }
        }
        count('pack', await api.post(STAFF_OF[order.storeCode]!, `/api/orders/${order.shipmentNo}/pack`));
      },
      async cancelOrder() {
        const order = one(await ordersIn([1101, 1102, 1103]));
        if (!order) return;
        count('cancelOrder', await api.post(CHIEF_OF[order.storeCode]!, '/api/cancellations', { shipmentNo: order.shipmentNo, reasonId: 1 }));
      },
      async returnGoods() {
        const order = one(await ordersIn([1103], ['T001']));
        if (!order) return;
        const [row] = await ctx.handle.db.select({ pickupCode: orders.pickupCode }).from(orders).where(eq(orders.id, order.id));
        if (count('handover', await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: row!.pickupCode, receiverName: 'Siti Rahayu' })).statusCode !== 200) return;
        const line = (await linesOf(ctx, order.id)).find((l) => l.qtyPicked > 0);
        if (!line) return;
        const qty = int(1, line.qtyPicked);
        const created = count('return', await api.post(STAFF, '/api/returns', { shipmentNo: order.shipmentNo, reasonId: 1, lines: [{ lineId: line.id, qty }], photoIds: [await returns.photo(STAFF)] }));
        if (created.statusCode !== 201) return;
        count('returnApprove', await api.post(CHIEF, `/api/returns/${order.shipmentNo}/approve`, {}));
        const condition = one(['sellable', 'damaged'] as const)!;
        count('returnReceive', await api.post(STAFF, `/api/returns/${order.shipmentNo}/receive`, { lines: [{ lineId: line.id, qtyReceived: int(0, qty), condition }] }));
      },
      async book() {
        const order = one(await ordersIn([1102]));
        if (!order) return;
        const line = one(order.lines)!;
        const proposal = await api.get(STAFF_OF[order.storeCode]!, `/api/bookings/proposal?shipmentNo=${order.shipmentNo}&lineId=${line.id}`);
        // Now and then one more than the line lacks: refused, nothing written.
        const lacking = proposal.statusCode === 200 ? (proposal.json().data.line.lacking as number) : 0;
        if (lacking === 0) return;
        const storeCode = one(STORES.filter((s) => s !== order.storeCode))!;
        const res = count('book', await api.post(STAFF_OF[order.storeCode]!, '/api/bookings', { shipmentNo: order.shipmentNo, lineId: line.id, qty: random() < 0.1 ? lacking + 1 : int(1, lacking), storeCode }));
        if (res.statusCode === 201) bookIDs.push(res.json().data.bookID);
      },
      async take() {
        const id = await bookingIn([BOOKING_STATUS.WAITING]);
        if (id === undefined) return;
        const { d } = await bookingOf(id);
        count('take', await api.step(STAFF_OF[d.storeCode]!, id, 'take'));
      },
      async refuse() {
        const id = await bookingIn([BOOKING_STATUS.WAITING]);
        if (id === undefined) return;
        const { d } = await bookingOf(id);
        count('refuse', await api.step(STAFF_OF[d.storeCode]!, id, 'refuse', { reason: 'Stok dipakai' }));
      },
      async reoffer() {
        const id = await bookingIn([BOOKING_STATUS.REFUSED]);
        if (id === undefined) return;
        const { b, d } = await bookingOf(id);
        const to = one(STORES.filter((s) => s !== b.storeCode && !d.refusedBy.includes(s)));
        if (!to) return;
        count('reoffer', await api.step(STAFF_OF[b.storeCode]!, id, 'reoffer', { storeCode: to }));
      },
      async receive() {
        const id = await bookingIn([BOOKING_STATUS.TAKEN]);
        if (id === undefined) return;
        const { b, d } = await bookingOf(id);
        count('receive', await api.step(STAFF_OF[b.storeCode]!, id, 'receive', { barcode: eanOf.get(b.productId)!, qty: d.stockTaken ?? b.qtyOos }));
      },
      async cancelBooking() {
        const id = await bookingIn([BOOKING_STATUS.WAITING, BOOKING_STATUS.REFUSED, BOOKING_STATUS.TAKEN]);
        if (id === undefined) return;
        const { b } = await bookingOf(id);
        count('cancelBooking', await api.step(STAFF_OF[b.storeCode]!, id, 'cancel'));
      },
      async race() {
        // Two phones at once: the addressee takes while the ordering store cancels.
        const id = await bookingIn([BOOKING_STATUS.WAITING]);
        if (id === undefined) return;
        const { b, d } = await bookingOf(id);
        const [x, y] = await Promise.all([api.step(STAFF_OF[d.storeCode]!, id, 'take'), api.step(CHIEF_OF[b.storeCode] ?? STAFF_OF[b.storeCode]!, id, 'cancel')]);
        count('take', x);
        count('cancelBooking', y);
      },
    };
    // Weighted: orders and bookings often, the rest now and then.
    const plan = [
      ...['order', 'order', 'order', 'pick', 'outOfStock', 'pack', 'pack', 'cancelOrder', 'returnGoods'],
      ...['book', 'book', 'book', 'book', 'take', 'take', 'take', 'refuse', 'refuse', 'reoffer', 'reoffer', 'receive', 'receive', 'cancelBooking', 'race'],
    ];

    for (let step = 0; step < STEPS; step++) {
      const op = one(plan)!;
      await ops[op]!();
      if (step % 40 === 39) expect(await unbalancedStock(ctx), `after step ${step}`).toEqual([]);
    }

    expect(failures).toEqual([]);
    expect(await unbalancedStock(ctx)).toEqual([]);
    // What a store holds reserved is what the bookings it took and has not handed over hold.
    const ids = pool.map((p) => p.productId);
    const reserved = await ctx.handle.db
      .select({ storeCode: storeStock.storeCode, productId: storeStock.productId, qty: storeStock.qtyReserved })
      .from(storeStock)
      .where(and(inArray(storeStock.productId, ids), sql`${storeStock.qtyReserved} <> 0`));
    const held = await ctx.handle.db
      .select({ storeCode: stockBookingDetails.storeTaken, productId: stockBookings.productId, qty: sql<number>`sum(${stockBookingDetails.stockTaken})::int` })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .where(and(inArray(stockBookings.productId, ids), eq(stockBookingDetails.status, BOOKING_STATUS.TAKEN), isNull(stockBookings.cancelledAt)))
      .groupBy(stockBookingDetails.storeTaken, stockBookings.productId);
    const key = (r: { storeCode: string | null; productId: string; qty: number }) => `${r.storeCode}/${r.productId}=${Number(r.qty)}`;
    expect(reserved.map(key).sort()).toEqual(held.map(key).sort());
    console.info(`[ledger-property] seed ${SEED}: ${[...done].map(([op, n]) => `${op} ${n}`).join(', ')}`);
    // The mix really mixed: every kind of change happened.
    for (const op of ['pick', 'pack', 'cancelOrder', 'returnReceive', 'book', 'take', 'refuse', 'reoffer', 'receive', 'cancelBooking']) expect(done.get(op) ?? 0, op).toBeGreaterThan(0);
  }, 300_000);
});
