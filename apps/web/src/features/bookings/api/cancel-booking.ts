import type { BookingDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { bookingChange } from './booking-change';

export type CancelBookingInput = Record<string, never>;

/**
 * POST /api/bookings/:bookID/cancel → the booking no longer counts (ordering store, until the goods
 * arrived); a taken one gives its reserved units back to the serving store's sellable stock.
 * Already received: 409 BOOKING_STATUS_CHANGED.
 */
export function useCancelBooking(bookID: number, shipmentNo: string, options?: MutationCallbacks<BookingDetail, CancelBookingInput>) {
  return useApiMutation<BookingDetail, CancelBookingInput>({
    ...bookingChange(bookID, shipmentNo),
    ...options,
    action: { kind: 'booking.cancel', request: () => ({ method: 'POST', path: `/bookings/${bookID}/cancel`, body: {} }) },
  });
}
