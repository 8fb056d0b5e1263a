import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_STATUS } from '@gerai/contract';
import { events, orderLines, stockBookings, users } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { insertBooking, linesOf } from '../orders/order-test-kit';
import { stockOf } from '../stock';
import { cancelApi, CHIEF, ledgerBalances, movementsFor, STAFF } from './cancel-test-kit';

const ctx = testContextPerFile();
const api = cancelApi(ctx);

describe('stock bookings of a cancelled order (decision 88)', () => {
  it("cancels the order's open bookings and gives a taken booking's reserved units back to the serving store, once", async () => {
    const order = await api.claimed(0);
    const [first, second] = await linesOf(ctx, order.id);
    // The first line lacks 2 units that T003 took (sellable → reserved); the second waits for T002.
    await ctx.handle.db.update(orderLines).set({ qtyPicked: 0 }).where(eq(orderLines.id, first!.id));
    const before = (await stockOf(ctx.handle.db, 'T003', [first!.productId])).get(first!.productId)!;
    const taken = await insertBooking(ctx, order, first!, { status: BOOKING_STATUS.TAKEN, qty: 2, servingStore: 'T003' });
    const waiting = await insertBooking(ctx, order, second!, { status: BOOKING_STATUS.WAITING, qty: 1, servingStore: 'T002' });
    const held = (await stockOf(ctx.handle.db, 'T003', [first!.productId])).get(first!.productId)!;
    expect(held).toEqual({ ...before, qty: before.qty - 2, qtyReserved: before.qtyReserved + 2 });

    const key = { 'idempotency-key': `cancel-booked-${order.id}` };
    const res = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1 }, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ statusId: 1106, bookings: [], bookingBlocked: false });
    // Retried: the replay answers the same, a retry without the key is refused; the units come back once.
    const replay = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1 }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect((await api.cancel(CHIEF, order.shipmentNo)).json().code).toBe('CANCEL_NOT_ALLOWED');

    const [chief] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, CHIEF));
    const bookings = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id)).orderBy(stockBookings.id);
    expect(bookings.map((b) => [b.id, b.cancelledBy])).toEqual([
      [taken.bookID, chief!.id],
      [waiting.bookID, chief!.id],
    ]);
    expect(bookings.every((b) => b.cancelledAt !== null)).toBe(true);
    expect((await stockOf(ctx.handle.db, 'T003', [first!.productId])).get(first!.productId)).toEqual(before);
    const moves = await movementsFor(ctx, `booking:${taken.bookID}`);
    expect(moves.filter((m) => m.cause === 'booking_release').map((m) => [m.storeCode, m.condition, m.delta]).sort()).toEqual([
      ['T003', 'reserved', -2],
      ['T003', 'sellable', 2],
    ]);
    expect(await movementsFor(ctx, `booking:${waiting.bookID}`)).toEqual([]);
    expect(await ledgerBalances(ctx, 'T003', [first!.productId])).toBe(true);
    // Both stores hear each booking's end.
    const cancelled = (await ctx.handle.db.select().from(events).where(eq(events.type, 'booking.cancelled'))).filter((e) => (e.payload as { shipmentNo?: string }).shipmentNo === order.shipmentNo);
    expect(cancelled.map((e) => [(e.payload as { bookID: number }).bookID, e.storeCode]).sort()).toEqual(
      [
        [taken.bookID, 'T001'],
        [taken.bookID, 'T003'],
        [waiting.bookID, 'T001'],
        [waiting.bookID, 'T002'],
      ].sort(),
    );
  });

  it('leaves bookings that already ended as they were: an arrived one stays, a cancelled one moves nothing again', async () => {
    const order = await api.claimed(0);
    const [first, second] = await linesOf(ctx, order.id);
    const done = await insertBooking(ctx, order, first!, { status: BOOKING_STATUS.DONE, qty: 1, servingStore: 'T003' });
    const ended = await insertBooking(ctx, order, second!, { status: BOOKING_STATUS.TAKEN, qty: 1, servingStore: 'T003', cancelled: true });
    const [doneBefore, endedBefore] = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id)).orderBy(stockBookings.id);
    const res = await api.cancel(CHIEF, order.shipmentNo);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order.bookings).toMatchObject([{ bookID: done.bookID, status: BOOKING_STATUS.DONE }]);
    const [doneAfter, endedAfter] = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id)).orderBy(stockBookings.id);
    expect(doneAfter).toEqual(doneBefore);
    expect(endedAfter).toEqual(endedBefore);
    expect((await movementsFor(ctx, `booking:${done.bookID}`)).map((m) => m.cause).sort()).toEqual(['booking_receive', 'booking_receive', 'booking_take', 'booking_take']);
    expect(await movementsFor(ctx, `booking:${ended.bookID}`)).toEqual([]);
  });

  it('cancels the bookings on an approved request too', async () => {
    const order = await api.claimed(1);
    const [first] = await linesOf(ctx, order.id);
    const { bookID } = await insertBooking(ctx, order, first!, { status: BOOKING_STATUS.REFUSED, qty: 1 });
    expect((await api.cancel(STAFF, order.shipmentNo)).statusCode).toBe(201);
    expect((await api.approve(CHIEF, order.shipmentNo)).statusCode).toBe(200);
    const [row] = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.id, bookID));
    expect(row!.cancelledAt).not.toBeNull();
  });
});
