import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_STATUS, ERROR_MESSAGES } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { auditLog, orderLines, stockBookings } from '../../db/schema';
import { movementsOf, stockOf } from '../stock';
import {
  CHIEF,
  eventsFor,
  historyOf,
  insertBooking,
  linesOf,
  orderApi,
  orderPeeker,
  orderPicker,
  orderRow,
  packingOrder,
  seededWithoutBookings,
  STAFF,
} from './order-test-kit';

const ctx = testContextPerFile();
const api = orderApi(ctx);
const pick = orderPicker(ctx);
const peek = orderPeeker(ctx);

const OTHER_STORE = '10000002';

describe('claim (Packing, 1101 → 1102)', () => {
  it('makes the caller the picker, writes history, audit and an event', async () => {
    const order = await pick('T001', 1101);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/claim`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ shipmentNo: order.shipmentNo, statusId: 1102, pickerName: 'Budi Santoso' });
    expect(data.claimedAt).not.toBeNull();
    expect(data.actions).toContain('scan');
    expect(data.history.at(-1)).toMatchObject({ action: 'claim', fromStatus: 1101, toStatus: 1102, actorName: 'Budi Santoso' });

    const row = await orderRow(ctx, order.id);
    expect(row.version).toBe(order.version + 1);
    const history = await historyOf(ctx, order.id);
    // The seed escalated the older unclaimed orders (as the job would have); those rows stay as they were.
    expect(history.map((h) => h.action).filter((a) => a !== 'escalate')).toEqual(['received', 'claim']);
    const evs = await eventsFor(ctx, order.shipmentNo);
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({ type: 'order.claimed', storeCode: 'T001' });
    const audit = await ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.shipmentNo), eq(auditLog.action, 'claim')));
    expect(audit).toHaveLength(1);
  });

  it('lets exactly one of 8 parallel claims win; the others learn who has it', async () => {
    const order = await pick('T001', 1101);
    const callers = [STAFF, CHIEF, STAFF, CHIEF, STAFF, CHIEF, STAFF, CHIEF];
    const replies = await Promise.all(callers.map((nik) => api.post(nik, `/api/orders/${order.shipmentNo}/claim`)));
    const winners = replies.filter((r) => r.statusCode === 200);
    const losers = replies.filter((r) => r.statusCode !== 200);
    expect(winners).toHaveLength(1);
    const picker = winners[0]!.json().data.pickerName as string;
    expect(['Budi Santoso', 'Agus Setiawan']).toContain(picker);
    expect(losers).toHaveLength(7);
    for (const r of losers) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ code: 'ORDER_ALREADY_CLAIMED', message: `Pesanan ini sudah diambil oleh ${picker}.` });
    }
    expect((await historyOf(ctx, order.id)).filter((h) => h.action === 'claim')).toHaveLength(1);
    expect((await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type === 'order.claimed')).toHaveLength(1);
  });

  it('replays a claim sent twice with one Idempotency-Key; without a key the retry is refused, not applied twice', async () => {
    const order = await pick('T001', 1101);
    const url = `/api/orders/${order.shipmentNo}/claim`;
    const first = await api.post(STAFF, url, undefined, { 'idempotency-key': `claim-${order.id}-a` });
    const again = await api.post(STAFF, url, undefined, { 'idempotency-key': `claim-${order.id}-a` });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const retry = await api.post(STAFF, url);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('Pesanan ini sudah diambil oleh Budi Santoso.');
    expect((await historyOf(ctx, order.id)).filter((h) => h.action === 'claim')).toHaveLength(1);
  });

  it("answers 404 for another store's order exactly as for an unknown one, and changes nothing", async () => {
    const order = await pick('T001', 1101);
    const other = await api.post(OTHER_STORE, `/api/orders/${order.shipmentNo}/claim`);
    const unknown = await api.post(OTHER_STORE, '/api/orders/SHP000000000000/claim');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect((await orderRow(ctx, order.id)).statusId).toBe(1101);
  });

  it('refuses a claim of an order that is no longer new with 409', async () => {
    const order = await peek(1104);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/claim`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_STATUS_CHANGED');
    expect(res.json().message).toContain('Selesai');
  });
});

describe('pack (Scan Packing, 1102 → 1103)', () => {
  it('refuses while lines are unresolved and lists them', async () => {
    const { order } = await packingOrder(ctx, [{ qty: 2 }, { qty: 1 }, { qty: 3, qtyPicked: 1, qtyOos: 1 }]);
    const lines = await linesOf(ctx, order.id);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LINES_UNRESOLVED', message: ERROR_MESSAGES.LINES_UNRESOLVED });
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(lines.map((l) => `products.${l.id}`));
    expect((await orderRow(ctx, order.id)).statusId).toBe(1102);
  });

  it('packs a resolved order and charges only what is in stock', async () => {
    const order = await pick('T001', 1102, seededWithoutBookings);
    const lines = await linesOf(ctx, order.id);
    // First line one short (out of stock), the rest fully picked.
    for (const [i, l] of lines.entries()) {
      const oos = i === 0 ? 1 : 0;
      await ctx.handle.db.update(orderLines).set({ qtyOos: oos, qtyPicked: l.qty - oos }).where(eq(orderLines.id, l.id));
    }
    const productIds = [...new Set(lines.map((l) => l.productId))];
    const before = await stockOf(ctx.handle.db, 'T001', productIds);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(200);
    // Decision 87: the picked units leave the books at pack, one ledger row per product, nothing for out-of-stock units.
    const after = await stockOf(ctx.handle.db, 'T001', productIds);
    const picked = (id: string) => lines.reduce((s, l, i) => s + (l.productId === id ? l.qty - (i === 0 ? 1 : 0) : 0), 0);
    for (const id of productIds) expect(after.get(id)!.qty, id).toBe(before.get(id)!.qty - picked(id));
    const moved = await movementsOf(ctx.handle.db, 'pack', order.shipmentNo);
    expect(moved.map((m) => [m.productId, m.delta]).sort()).toEqual(productIds.filter((id) => picked(id) > 0).map((id) => [id, -picked(id)]).sort());
    const data = res.json().data;
    const bags = data.paperBags.reduce((s: number, b: { qty: number; price: number }) => s + b.qty * b.price, 0);
    const expected = lines.reduce((s, l, i) => s + l.price * (l.qty - (i === 0 ? 1 : 0)), 0) + bags;
    expect(data).toMatchObject({ statusId: 1103, price: expected });
    expect(data.packedAt).not.toBeNull();
    expect((await orderRow(ctx, order.id)).price).toBe(expected);
    expect((await eventsFor(ctx, order.shipmentNo)).map((e) => e.type)).toEqual(['order.packed']);
    expect((await historyOf(ctx, order.id)).at(-1)).toMatchObject({ action: 'pack', fromStatus: 1102, toStatus: 1103 });
  });

  it('sends a fully out-of-stock order to cancellation instead', async () => {
    const order = await pick('T001', 1102, seededWithoutBookings);
    for (const l of await linesOf(ctx, order.id)) {
      await ctx.handle.db.update(orderLines).set({ qtyOos: l.qty, qtyPicked: 0 }).where(eq(orderLines.id, l.id));
    }
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'ALL_OUT_OF_STOCK', message: 'Semua produk kosong. Ajukan pembatalan pesanan.' });
    expect((await orderRow(ctx, order.id)).statusId).toBe(1102);
    expect(await movementsOf(ctx.handle.db, 'pack', order.shipmentNo)).toEqual([]);
  });

  it('refuses to pack a new order (409)', async () => {
    const order = await peek(1101);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_STATUS_CHANGED');
  });
});

describe('pack with stock bookings (decision 88)', () => {
  /** An order in 1102 whose first line lacks `booked` units, booked from another store; the other lines are picked. */
  async function bookedOrder(status: (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS], booked = 2) {
    const { order, lines } = await packingOrder(ctx, [{ qty: 3, qtyPicked: 3 - booked }, { qty: 2, qtyPicked: 2 }]);
    const booking = await insertBooking(ctx, order, lines[0]!, { status, qty: booked });
    return { order, lines, booking };
  }

  it.each([
    ['waiting for the store (1131)', BOOKING_STATUS.WAITING],
    ['refused (1134)', BOOKING_STATUS.REFUSED],
  ])('refuses to pack while a booking is %s: 409 BOOKING_PENDING before the line check, nothing changed', async (_, status) => {
    const { order, lines } = await bookedOrder(status);
    const stock = await stockOf(ctx.handle.db, 'T001', lines.map((l) => l.productId));
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'BOOKING_PENDING', message: ERROR_MESSAGES.BOOKING_PENDING });
    const row = await orderRow(ctx, order.id);
    expect(row).toMatchObject({ statusId: 1102, version: order.version, packedAt: null, price: order.price });
    expect(await linesOf(ctx, order.id)).toEqual(lines);
    expect(await historyOf(ctx, order.id)).toEqual([]);
    expect(await eventsFor(ctx, order.shipmentNo)).toEqual([]);
    expect(await movementsOf(ctx.handle.db, 'pack', order.shipmentNo)).toEqual([]);
    expect(await stockOf(ctx.handle.db, 'T001', lines.map((l) => l.productId))).toEqual(stock);
    // The detail says why, for the screen to show before the crew tries.
    expect((await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data.bookingBlocked).toBe(true);
  });

  it('blocks even when every line is resolved otherwise, and lets go once the booking is cancelled', async () => {
    const { order, lines } = await packingOrder(ctx, [{ qty: 2, qtyPicked: 1, qtyOos: 1 }]);
    const { bookID } = await insertBooking(ctx, order, lines[0]!, { status: BOOKING_STATUS.WAITING, qty: 1 });
    expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`)).json().code).toBe('BOOKING_PENDING');
    await ctx.handle.db.update(stockBookings).set({ cancelledAt: new Date() }).where(eq(stockBookings.id, bookID));
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ statusId: 1103, bookings: [], bookingBlocked: false });
  });

  it('passes a taken booking (1132) on to the line check: the booked units are not here yet, so the line is unresolved', async () => {
    const { order, lines } = await bookedOrder(BOOKING_STATUS.TAKEN);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LINES_UNRESOLVED', details: [{ path: `products.${lines[0]!.id}`, productId: lines[0]!.productId }] });
    expect((await orderRow(ctx, order.id)).statusId).toBe(1102);
  });

  it('packs once the booking arrived (1133) and its units are scanned, taking them off the books with the rest', async () => {
    const { order, lines } = await bookedOrder(BOOKING_STATUS.DONE, 2);
    const ids = lines.map((l) => l.productId);
    expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`)).json().code).toBe('LINES_UNRESOLVED');
    for (let i = 0; i < 2; i++) {
      const scan = await api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: lines[0]!.barcode });
      expect(scan.statusCode).toBe(200);
    }
    const before = await stockOf(ctx.handle.db, 'T001', ids);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ statusId: 1103, bookingBlocked: false, bookings: [{ status: BOOKING_STATUS.DONE, stockTaken: 2 }] });
    const after = await stockOf(ctx.handle.db, 'T001', ids);
    expect(after.get(ids[0]!)!.qty).toBe(before.get(ids[0]!)!.qty - 3);
    expect(after.get(ids[1]!)!.qty).toBe(before.get(ids[1]!)!.qty - 2);
  });
});
