import { describe, expect, it } from 'vitest';
import { BOOKING_FLOW, bookingActions, bookingStep, lineBookedUnits, lineLacking } from './booking-flow';
import { BOOKING_STATUS } from './workflow-statuses';

const B = BOOKING_STATUS;

describe('the booking machine', () => {
  it('lets the addressed store take or refuse a waiting booking, and only the ordering store do the rest', () => {
    expect(bookingActions(B.WAITING, ['serving'])).toEqual(['take', 'refuse']);
    expect(bookingActions(B.WAITING, ['ordering'])).toEqual(['cancel']);
    expect(bookingActions(B.REFUSED, ['ordering'])).toEqual(['reoffer', 'cancel']);
    expect(bookingActions(B.REFUSED, ['serving'])).toEqual([]);
    expect(bookingActions(B.TAKEN, ['ordering'])).toEqual(['receive', 'cancel']);
    expect(bookingActions(B.TAKEN, ['serving'])).toEqual([]);
    expect(bookingActions(B.DONE, ['ordering', 'serving'])).toEqual([]);
  });

  it('has one step per action and status, and closes a booking only by cancelling it', () => {
    const keys = BOOKING_FLOW.map((s) => `${s.action}:${s.from}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(BOOKING_FLOW.filter((s) => s.to === null).every((s) => s.action === 'cancel')).toBe(true);
    expect(bookingStep('take', B.WAITING)?.to).toBe(B.TAKEN);
    expect(bookingStep('take', B.REFUSED)).toBeUndefined();
    expect(bookingStep('receive', B.TAKEN)?.to).toBe(B.DONE);
  });
});

describe('what a line lacks', () => {
  const bookings = [
    { lineId: 11, qtyOos: 1, status: B.WAITING },
    { lineId: 11, qtyOos: 2, status: B.TAKEN },
    { lineId: 11, qtyOos: 1, status: B.REFUSED },
    // Arrived: its units are on the shelf, to be picked like any other.
    { lineId: 11, qtyOos: 5, status: B.DONE },
    { lineId: 12, qtyOos: 3, status: B.WAITING },
  ];

  it('counts the units booked and not arrived yet (1131, 1132, 1134) per line', () => {
    expect(lineBookedUnits(bookings, 11)).toBe(4);
    expect(lineBookedUnits(bookings, 12)).toBe(3);
    expect(lineBookedUnits(bookings, 99)).toBe(0);
  });

  it('is ordered − picked − out of stock − booked, never below 0', () => {
    expect(lineLacking({ lineId: 11, qty: 10, qtyPicked: 3, attrQtyOos: 1 }, bookings)).toBe(2);
    expect(lineLacking({ lineId: 11, qty: 4, qtyPicked: 2, attrQtyOos: 0 }, bookings)).toBe(0);
    expect(lineLacking({ lineId: 12, qty: 3, qtyPicked: 0, attrQtyOos: 0 }, bookings)).toBe(0);
    expect(lineLacking({ lineId: 13, qty: 3, qtyPicked: 1, attrQtyOos: 0 }, bookings)).toBe(2);
  });
});
