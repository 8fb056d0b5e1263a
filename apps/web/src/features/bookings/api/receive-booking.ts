import type { BookingDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { bookingChange } from './booking-change';

/** The product's barcode as scanned and the units counted (must equal stockTaken). */
export interface ReceiveBookingInput {
  barcode: string;
  qty: number;
}

/**
 * POST /api/bookings/:bookID/receive → 1132 → 1133: the reserved units leave the serving store and
 * enter my store's sellable stock in one transaction. Another product's barcode: 422
 * BOOKING_BARCODE_MISMATCH; a count other than stockTaken: 422 BOOKING_RECEIVE_QTY_MISMATCH.
 */
export function useReceiveBooking(bookID: number, shipmentNo: string, options?: MutationCallbacks<BookingDetail, ReceiveBookingInput>) {
  return useApiMutation<BookingDetail, ReceiveBookingInput>({
    ...bookingChange(bookID, shipmentNo),
    ...options,
    action: { kind: 'booking.receive', request: (body) => ({ method: 'POST', path: `/bookings/${bookID}/receive`, body: { ...body } }) },
  });
}
