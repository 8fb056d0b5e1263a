import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys } from '../query-keys';

/**
 * GET /api/bookings/:bookID → the booking with both stores, who refused it, its history and
 * `actions` (what the caller's store may do now). Not visible to my store: 404 BOOKING_NOT_FOUND.
 */
export function getBooking(bookID: number, { signal }: { signal?: AbortSignal } = {}): Promise<BookingDetail> {
  return api.get<BookingDetail>(`/bookings/${bookID}`, { signal });
}

export const bookingQueryOptions = (bookID: number) =>
  queryOptions({ queryKey: bookingKeys.detail(bookID), queryFn: ({ signal }) => getBooking(bookID, { signal }), staleTime: 10_000 });

export function useBooking(bookID: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingQueryOptions(bookID), enabled: enabled && Number.isInteger(bookID) && bookID > 0 });
}
