import type { BookingDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { bookingChange } from './booking-change';

export interface RefuseBookingInput {
  /** Optional: the ordering store sees it with the refusal. */
  reason?: string;
}

/** POST /api/bookings/:bookID/refuse → 1131 → 1134 (the ordering store must offer it to another store). */
export function useRefuseBooking(bookID: number, shipmentNo: string, options?: MutationCallbacks<BookingDetail, RefuseBookingInput>) {
  return useApiMutation<BookingDetail, RefuseBookingInput>({
    ...bookingChange(bookID, shipmentNo),
    ...options,
    action: {
      kind: 'booking.refuse',
      request: ({ reason }) => ({ method: 'POST', path: `/bookings/${bookID}/refuse`, body: reason?.trim() ? { reason: reason.trim() } : {} }),
    },
  });
}
