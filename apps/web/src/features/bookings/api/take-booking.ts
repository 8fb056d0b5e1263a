import type { BookingDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { bookingChange } from './booking-change';

export type TakeBookingInput = Record<string, never>;

/**
 * POST /api/bookings/:bookID/take → 1131 → 1132: my store's units move from sellable to reserved
 * (storeTaken, stockTaken set). Another phone or store first: 409 BOOKING_STATUS_CHANGED; fewer
 * units on hand: 409 BOOKING_STOCK_SHORT; addressed to another store: 403 BOOKING_NOT_ADDRESSED.
 */
export function useTakeBooking(bookID: number, shipmentNo: string, options?: MutationCallbacks<BookingDetail, TakeBookingInput>) {
  return useApiMutation<BookingDetail, TakeBookingInput>({
    ...bookingChange(bookID, shipmentNo),
    ...options,
    action: { kind: 'booking.take', request: () => ({ method: 'POST', path: `/bookings/${bookID}/take`, body: {} }) },
  });
}
