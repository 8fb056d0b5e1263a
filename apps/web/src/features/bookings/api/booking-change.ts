import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BookingDetail } from '@gerai/contract';
import type { ApiErrorCode } from '@/shared/api/api-error';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { shipmentScope } from '@/shared/outbox/scopes';
import { bookingCreateMutationKey, bookingKeys, bookingMutationKey } from '../query-keys';

/**
 * What else a booking change moves, read again by the areas' key prefixes (features do not import
 * each other): the order shows its lines' bookings and what they still lack; the stock lookup shows
 * sellable and reserved units, which a take, a receive and a cancel move.
 */
const OTHER_AREAS: readonly QueryKey[] = [['orders'], ['stock']];

/** Refusals that say the booking shown is out of date: its detail and the lists are read again. */
const STALE_CODES: readonly ApiErrorCode[] = [
  'BOOKING_STATUS_CHANGED',
  'BOOKING_NOT_FOUND',
  'BOOKING_NOT_ADDRESSED',
  'BOOKING_NOT_ORDERING',
  'BOOKING_STOCK_SHORT',
  'BOOKING_STORE_STOCK_SHORT',
  'BOOKING_STORE_REFUSED',
  'FORBIDDEN',
];

/** Every booking change answers with the booking as it is now: its detail shows it at once. */
export function writeBooking(queryClient: QueryClient, detail: BookingDetail) {
  return replaceCached<BookingDetail>(queryClient, bookingKeys.detail(detail.bookID), () => detail);
}

const touched: readonly QueryKey[] = [bookingKeys.lists(), bookingKeys.count(), bookingKeys.stores(), bookingKeys.proposals(), ...OTHER_AREAS];

/**
 * How a change of one booking meets the cache: it reaches the server in order with the other
 * changes of its order (one outbox scope per shipment, shared with picking: a receive lands before
 * the scans of the units it brought), the reply is the detail, and the lists, the counts, the order
 * and the stock are read again.
 */
export function bookingChange(bookID: number, shipmentNo: string): MutationPlan<BookingDetail, object> {
  return {
    mutationKey: bookingMutationKey(bookID),
    scope: shipmentScope(shipmentNo),
    subject: shipmentNo,
    write: writeBooking,
    invalidate: touched,
    refetchOnError: { keys: [bookingKeys.detail(bookID), bookingKeys.lists(), bookingKeys.count(), bookingKeys.stores()], codes: STALE_CODES },
  };
}

/** A new booking for a short line: after a refusal, what the line lacks and which stores have stock are read again. */
export function bookingCreate(shipmentNo: string, lineId: number): MutationPlan<BookingDetail, object> {
  return {
    mutationKey: bookingCreateMutationKey(shipmentNo, lineId),
    scope: shipmentScope(shipmentNo),
    subject: shipmentNo,
    write: writeBooking,
    invalidate: touched,
    refetchOnError: {
      keys: [bookingKeys.proposal(shipmentNo, lineId), bookingKeys.stores(), ['orders']],
      codes: ['BOOKING_QTY_EXCEEDS', 'BOOKING_STORE_STOCK_SHORT', 'BOOKING_ORDER_NOT_PICKING', 'NOT_FOUND', 'STORE_UNKNOWN'],
    },
  };
}
