import {
  BOOKING_STATUS,
  BOOKING_STATUS_LABEL,
  BOOKING_STATUS_WITHOUT_TAKER,
  bookingActions,
  type BookingDetail,
  type BookingEventType,
  type BookingSide,
  type BookingStatusId,
} from '@gerai/contract';
import type { StreamEvent } from '@/shared/events/event-stream';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { formatNumber } from '@/shared/utils/format';
import { parseBookingStatus } from './booking-view';

export type BookingLiveEvent = StreamEvent<BookingEventType>;

const text = bookingsText.changed;

/**
 * The cached booking as a live event says it is now, before the server is read again, so neither the
 * open screen nor the phone's saved copy shows a step that has already happened (a booking taken by
 * the serving store opening as "Menunggu"). Status, taker, addressee, refusal and cancellation come
 * from the event; the actions from the contract's BOOKING_FLOW for the sides this phone is on. An
 * event older than what the copy already holds (a replay after a reconnect) changes nothing: null.
 */
export function patchBooking(d: BookingDetail, event: BookingLiveEvent): BookingDetail | null {
  const e = event.data;
  if (e.bookID !== d.bookID) return null;
  // A refusing store's copy is the booking as it was then (the server's choice): only read again.
  if (d.refusedByMe) return null;
  if (Date.parse(e.at) < Date.parse(d.updatedAt)) return null;
  const status = parseBookingStatus(e.status);
  if (!status) return null;
  // Offered away from the store this copy was read for: what it may still see is the server's to say (refusedByMe).
  if (!isOrdering(d) && e.servingStore !== d.offeredTo.storeCode) return null;
  const noTaker = BOOKING_STATUS_WITHOUT_TAKER.includes(status);
  const next: BookingDetail = {
    ...d,
    status,
    storeTaken: noTaker ? null : e.storeTaken,
    stockTaken: noTaker ? null : e.stockTaken,
    updatedAt: e.at,
  };
  switch (event.type) {
    case 'booking.taken':
      next.takenAt = e.at;
      break;
    case 'booking.refused':
      next.refuseReason = event.data.reason;
      if (!d.refusedBy.some((s) => s.storeCode === e.servingStore)) {
        const name = d.offeredTo.storeCode === e.servingStore ? d.offeredTo.storeName : e.servingStore;
        next.refusedBy = [...d.refusedBy, { storeCode: e.servingStore, storeName: name }];
      }
      break;
    case 'booking.reoffered':
      next.refuseReason = null;
      // Its name and place come with the next read; the code is what the change says.
      if (e.servingStore !== d.offeredTo.storeCode) next.offeredTo = { storeCode: e.servingStore, storeName: e.servingStore };
      break;
    case 'booking.received':
      next.receivedAt = e.at;
      break;
    case 'booking.cancelled':
      next.cancelled = true;
      next.cancelledAt = e.at;
      break;
    default:
      break;
  }
  next.actions = next.cancelled ? [] : bookingActions(status, sidesOf(d, e.servingStore));
  if (!d.history.some((h) => h.at === e.at && h.action === e.action)) {
    next.history = [...d.history, { action: e.action, at: e.at, actorName: e.actorName, note: event.type === 'booking.refused' ? event.data.reason : null }];
  }
  return next;
}

/** The sides this phone's copy was read from: the ordering store's, and the serving store's while it is still the one addressed. */
const isOrdering = (d: BookingDetail) => d.direction === 'out' || d.actions.some((a) => a === 'reoffer' || a === 'receive' || a === 'cancel');

function sidesOf(d: BookingDetail, servingNow: string): BookingSide[] {
  const sides: BookingSide[] = [];
  const ordering = isOrdering(d);
  const serving = (d.direction === 'in' || d.actions.some((a) => a === 'take' || a === 'refuse')) && servingNow === d.offeredTo.storeCode;
  if (ordering) sides.push('ordering');
  if (serving) sides.push('serving');
  return sides;
}

/** What the crew acts on: the status, whether it still counts, and the store it is addressed to. */
export const bookingSignature = (b: Pick<BookingDetail, 'status' | 'cancelled' | 'offeredTo' | 'refusedByMe'>) =>
  `${b.status}|${b.cancelled}|${b.offeredTo.storeCode}|${b.refusedByMe}`;

/**
 * What changed between the booking as the screen showed it and as it is now, in one line the crew
 * reads at a glance: "Diambil oleh T003 · 2 unit", "Ditolak T003, ditawarkan ke T005".
 */
export function describeChange(from: BookingDetail, to: BookingDetail): string {
  if (to.refusedByMe && !from.refusedByMe) return text.movedOn;
  if (to.cancelled && !from.cancelled) return t(text.cancelled, { store: to.orderingStore.storeCode });
  const status: BookingStatusId = to.status;
  if (to.offeredTo.storeCode !== from.offeredTo.storeCode && status === BOOKING_STATUS.WAITING) {
    const refusedFirst = from.status === BOOKING_STATUS.WAITING && to.refusedBy.some((s) => s.storeCode === from.offeredTo.storeCode);
    return refusedFirst ? t(text.refusedReoffered, { from: from.offeredTo.storeCode, to: to.offeredTo.storeCode }) : t(text.reoffered, { to: to.offeredTo.storeCode });
  }
  if (status === BOOKING_STATUS.TAKEN) return t(text.taken, { store: to.storeTaken ?? to.offeredTo.storeCode, qty: formatNumber(to.stockTaken ?? to.qtyOos) });
  if (status === BOOKING_STATUS.REFUSED) {
    const store = to.offeredTo.storeCode;
    return to.refuseReason ? t(text.refusedReason, { store, reason: to.refuseReason }) : t(text.refused, { store });
  }
  if (status === BOOKING_STATUS.DONE) return t(text.received, { store: to.orderingStore.storeCode, qty: formatNumber(to.stockTaken ?? to.qtyOos) });
  return t(text.now, { status: BOOKING_STATUS_LABEL[status] });
}
