import { describe, expect, it } from 'vitest';
import { bookingDetail, bookingEvent, takenBooking } from '../bookings-test-kit';
import { describeChange, patchBooking, type BookingLiveEvent } from './booking-live';

const at = (minutes: number) => new Date(Date.parse('2025-11-22T02:00:00.000Z') + minutes * 60_000).toISOString();
const event = (type: BookingLiveEvent['type'], over: Record<string, unknown> = {}, minutes = 10) =>
  ({ type, id: String(minutes), data: { ...bookingEvent(), action: type.split('.')[1], storeCode: 'T001', at: at(minutes), reason: null, ...over } }) as unknown as BookingLiveEvent;

describe('a booking event on the cached copy', () => {
  const waiting = bookingDetail({ actions: ['cancel'], updatedAt: at(0), direction: 'out' });

  it('taken: the taker, the time and the ordering side’s actions (receive, cancel) from the flow', () => {
    const next = patchBooking(waiting, event('booking.taken'))!;
    expect(next).toMatchObject({ status: 1132, storeTaken: 'T002', stockTaken: 2, takenAt: at(10), actions: ['receive', 'cancel'] });
    expect(next.history.at(-1)).toMatchObject({ action: 'taken', actorName: 'Sari Dewi' });
  });

  it('refused then re-offered: the refusing store kept, the new addressee named, the serving side’s copy left with nothing to do', () => {
    const refused = patchBooking(waiting, event('booking.refused', { status: 1134, storeTaken: null, stockTaken: null, reason: 'Rusak' }))!;
    expect(refused).toMatchObject({ status: 1134, refuseReason: 'Rusak', refusedBy: [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }], actions: ['reoffer', 'cancel'] });
    const reoffered = patchBooking(refused, event('booking.reoffered', { status: 1131, storeTaken: null, stockTaken: null, servingStore: 'T005' }, 11))!;
    expect(reoffered).toMatchObject({ status: 1131, offeredTo: { storeCode: 'T005' }, refuseReason: null, actions: ['cancel'] });
    // The refusing store's copy is not told where it went: the server's read says (refusedByMe).
    const serving = bookingDetail({ direction: 'in', status: 1134, actions: [], updatedAt: at(0) });
    expect(patchBooking(serving, event('booking.reoffered', { status: 1131, storeTaken: null, stockTaken: null, servingStore: 'T005' }))).toBeNull();
    expect(describeChange(serving, bookingDetail({ direction: 'in', status: 1134, refusedByMe: true }))).toBe('Ditawarkan ke toko lain');
  });

  it('cancelled: closed, no actions; an older event (a replay) or another booking changes nothing', () => {
    expect(patchBooking(waiting, event('booking.cancelled', { status: 1131, storeTaken: null, stockTaken: null }))).toMatchObject({ cancelled: true, actions: [] });
    expect(patchBooking(bookingDetail({ updatedAt: at(20) }), event('booking.taken'))).toBeNull();
    expect(patchBooking(waiting, event('booking.taken', { bookID: 99 }))).toBeNull();
    expect(patchBooking(bookingDetail({ refusedByMe: true, updatedAt: at(0) }), event('booking.taken'))).toBeNull();
  });
});

describe('what changed, in one line', () => {
  const waiting = bookingDetail();
  it('says who did what, by store code', () => {
    expect(describeChange(waiting, takenBooking({ storeTaken: 'T003', stockTaken: 2 }))).toBe('Diambil oleh T003 · 2 unit');
    const refusedBy = [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }];
    expect(describeChange(waiting, bookingDetail({ status: 1134, refusedBy }))).toBe('Ditolak T002');
    expect(describeChange(waiting, bookingDetail({ status: 1134, refusedBy, refuseReason: 'Rusak' }))).toBe('Ditolak T002: Rusak');
    expect(describeChange(waiting, bookingDetail({ offeredTo: { storeCode: 'T005', storeName: 'Toko Mampang' }, refusedBy }))).toBe('Ditolak T002, ditawarkan ke T005');
    expect(describeChange(bookingDetail({ status: 1134, refusedBy }), bookingDetail({ offeredTo: { storeCode: 'T005', storeName: 'Toko Mampang' }, refusedBy }))).toBe('Ditawarkan ke T005');
    expect(describeChange(waiting, bookingDetail({ cancelled: true }))).toBe('Dibatalkan oleh T001');
    expect(describeChange(takenBooking(), takenBooking({ status: 1133 }))).toBe('Diterima oleh T001 · 2 unit');
  });
});
