import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS_LABEL, ERROR_DETAILS } from '@gerai/contract';
import {
  auditOfBooking,
  bookingRows,
  bookingTestFile,
  CHIEF,
  CHIEF_T002,
  ledgerOf,
  STAFF,
  STAFF_T002,
  stockRow,
  unbalancedStock,
} from './booking-test-kit';

const { ctx, api, shortOrder } = bookingTestFile();

describe('races', () => {
  it('two phones of the addressed store take at once: one 200, one 409, the units reserved once', async () => {
    const { product, order } = await shortOrder(3);
    const booking = await api.booked(STAFF, order, 'T002', 3);
    // Two sessions: the staff member signed in anew, and the kepala toko.
    const second = await ctx.loginAs(STAFF_T002);
    const [a, b, c] = await Promise.all([
      api.step(STAFF_T002, booking.bookID, 'take'),
      api.step(second, booking.bookID, 'take'),
      api.step(CHIEF_T002, booking.bookID, 'take'),
    ]);
    expect([a, b, c].map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const loser of [a, b, c].filter((r) => r.statusCode === 409)) {
      expect(loser.json()).toMatchObject({ code: 'BOOKING_STATUS_CHANGED', message: ERROR_DETAILS.bookingStatusChangedTo(BOOKING_STATUS_LABEL[1132]) });
    }
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 7, qtyReserved: 3 });
    expect(await ledgerOf(ctx, booking.bookID)).toHaveLength(2);
    expect((await auditOfBooking(ctx, booking.bookID)).filter((x) => x.action === 'take')).toHaveLength(1);
  });

  it('the ordering store cancels while the addressed store takes: whichever wins, the stock ends where it began', async () => {
    for (let round = 0; round < 4; round++) {
      const { product, order } = await shortOrder(2);
      const booking = await api.booked(STAFF, order, 'T002', 2);
      const calls = [api.step(STAFF_T002, booking.bookID, 'take'), api.step(CHIEF, booking.bookID, 'cancel')];
      const [take, cancel] = await Promise.all(round % 2 === 0 ? calls : calls.reverse()).then((r) => (round % 2 === 0 ? r : r.reverse()));
      // A cancel is allowed before and after the take; a take after the cancel loses.
      expect(cancel!.statusCode, cancel!.body).toBe(200);
      expect([200, 409]).toContain(take!.statusCode);
      const rows = await bookingRows(ctx, booking.bookID);
      expect(rows.b.cancelledAt).not.toBeNull();
      expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 10, qtyReserved: 0 });
      const ledger = (await ledgerOf(ctx, booking.bookID)).map((m) => m.cause);
      expect(ledger).toEqual(take!.statusCode === 200 ? ['booking_take', 'booking_take', 'booking_release', 'booking_release'] : []);
      if (take!.statusCode === 409) expect(take!.json().code).toBe('BOOKING_STATUS_CHANGED');
    }
    expect(await unbalancedStock(ctx)).toEqual([]);
  });

  it('two bookings of one line at once cannot together ask for more than it lacks', async () => {
    const { order } = await shortOrder(3);
    const [a, b] = await Promise.all([api.book(STAFF, order, 'T002', 2), api.book(CHIEF, order, 'T003', 2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect([a, b].find((r) => r.statusCode === 422)!.json().code).toBe('BOOKING_QTY_EXCEEDS');
  });
});
