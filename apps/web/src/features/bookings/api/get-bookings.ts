import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BookingItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys, type BookingListParams } from '../query-keys';
import { nextPageOf, type Page } from '@/shared/api/page';

/** GET /api/bookings?direction&status&productId&storeCode&q&page&size → my store's bookings, newest first (`out` booked by it, `in` addressed to it). */
export function getBookings(params: BookingListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<BookingItem>> {
  return api.get<Page<BookingItem>>('/bookings', {
    query: { direction: params.direction, status: params.status, productId: params.productId, storeCode: params.storeCode, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const bookingsQueryOptions = (params: BookingListParams) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(params),
    queryFn: ({ pageParam, signal }) => getBookings(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 15_000,
  });

export function useBookings(params: BookingListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...bookingsQueryOptions(params), enabled });
}
