import type { BookingDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { bookingChange } from './booking-change';

export interface ReofferBookingInput {
  storeCode: string;
}

/**
 * POST /api/bookings/:bookID/reoffer → a refused booking (1134) addressed to another store (1131).
 * A store that refused it: 422 BOOKING_STORE_REFUSED; not enough stock there: 409
 * BOOKING_STORE_STOCK_SHORT; only the ordering store: 403 BOOKING_NOT_ORDERING.
 */
export function useReofferBooking(bookID: number, shipmentNo: string, options?: MutationCallbacks<BookingDetail, ReofferBookingInput>) {
  return useApiMutation<BookingDetail, ReofferBookingInput>({
    ...bookingChange(bookID, shipmentNo),
    ...options,
    action: { kind: 'booking.reoffer', request: (body) => ({ method: 'POST', path: `/bookings/${bookID}/reoffer`, body: { ...body } }) },
  });
}
