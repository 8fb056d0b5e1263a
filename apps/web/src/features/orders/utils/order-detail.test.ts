import { describe, expect, it } from 'vitest';
import { orderDetail, orderLine } from '@/test/fixtures';
import { orderBooking } from '../orders-test-kit';
import { applyScannedEvent, applyScanResult, bookingsWithoutTaker } from './order-detail';

const picking = orderDetail({ statusId: 1102, updatedAt: '2026-11-22T08:00:00.000Z' });

describe('applyScanResult', () => {
  it('replaces the counted line and the progress, and keeps the rest of the order', () => {
    const scannedLine = orderLine({ qtyPicked: 1 });
    const progress = { qty: 3, picked: 1, oos: 0, resolved: 1, complete: false };
    const next = applyScanResult(picking, { shipmentNo: picking.shipmentNo, statusId: 1102, scannedLine, progress, updatedAt: '2026-11-22T08:00:05.000Z' })!;
    expect(next.products[0]).toEqual(scannedLine);
    expect(next.products[1]).toBe(picking.products[1]);
    expect(next.progress).toEqual(progress);
    expect(next.updatedAt).toBe('2026-11-22T08:00:05.000Z');
    expect(next.customer).toBe(picking.customer);
  });

  it('keeps a cached copy newer than the reply, and leaves another order alone', () => {
    const reply = { shipmentNo: picking.shipmentNo, statusId: 1102, scannedLine: orderLine({ qtyPicked: 1 }), progress: picking.progress, updatedAt: '2026-11-22T07:59:00.000Z' };
    expect(applyScanResult(picking, reply)).toBe(picking);
    expect(applyScanResult(picking, { ...reply, shipmentNo: 'OTHER', updatedAt: '2026-11-22T09:00:00.000Z' })).toBe(picking);
    expect(applyScanResult(undefined, reply)).toBeUndefined();
  });
});

describe('applyScannedEvent', () => {
  it("sets the line's picked count from the event and recomputes the progress", () => {
    const next = applyScannedEvent(picking, { lineId: 12, qtyPicked: 1 })!;
    expect(next.products.find((l) => l.lineId === 12)!.qtyPicked).toBe(1);
    expect(next.progress).toMatchObject({ qty: 3, picked: 1, resolved: 1, complete: false });
  });

  it('asks for a fresh read when the event does not fit the cached order', () => {
    expect(applyScannedEvent(picking, { lineId: 99, qtyPicked: 1 })).toBeNull();
  });
});

describe('bookings of the order', () => {
  const order = orderDetail({
    statusId: 1102,
    bookings: [
      orderBooking({ bookID: 1, qtyOos: 1, status: 1131 }),
      orderBooking({ bookID: 2, qtyOos: 2, status: 1132 }),
      orderBooking({ bookID: 3, qtyOos: 1, status: 1134 }),
      // Arrived: its units are on the shelf now, to be scanned like any other.
      orderBooking({ bookID: 4, qtyOos: 5, status: 1133 }),
      orderBooking({ bookID: 5, qtyOos: 3, status: 1131, lineId: 12 }),
    ],
  });

  it('tells the bookings without a taker apart: waiting and refused', () => {
    expect(bookingsWithoutTaker(order)).toEqual({ waiting: 2, refused: 1 });
    expect(bookingsWithoutTaker(orderDetail())).toEqual({ waiting: 0, refused: 0 });
  });
});
