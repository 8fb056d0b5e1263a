import type { BookingDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { bookingCreate } from './booking-change';

/** What the store choice sends: the short line, how many units, and the store asked. */
export interface CreateBookingInput {
  shipmentNo: string;
  lineId: number;
  qty: number;
  storeCode: string;
}

/**
 * POST /api/bookings → the new booking (1131, addressed to `storeCode`); nothing is reserved until
 * that store takes it. Refusals: 409 BOOKING_ORDER_NOT_PICKING, 422 BOOKING_QTY_EXCEEDS (more than
 * the line lacks), 422 BOOKING_OWN_STORE, 422 STORE_UNKNOWN, 409 BOOKING_STORE_STOCK_SHORT.
 */
export function useCreateBooking(shipmentNo: string, lineId: number, options?: MutationCallbacks<BookingDetail, CreateBookingInput>) {
  return useApiMutation<BookingDetail, CreateBookingInput>({
    ...bookingCreate(shipmentNo, lineId),
    ...options,
    action: { kind: 'booking.create', request: (body) => ({ method: 'POST', path: '/bookings', body: { ...body } }) },
  });
}
