import { useInfiniteQuery } from '@tanstack/react-query';
import type { BookingItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys, type BookingListParams } from '../query-keys';
import type { Page } from '@/shared/api/page';
import { pagedQueryOptions } from '@/shared/api/paged-query';

/** GET /api/bookings?direction&status&productId&storeCode&q&page&size → my store's bookings, newest first (`out` booked by it, `in` addressed to it). */
export function getBookings(params: BookingListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<BookingItem>> {
  return api.get<Page<BookingItem>>('/bookings', {
    query: { direction: params.direction, status: params.status, productId: params.productId, storeCode: params.storeCode, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const bookingsQueryOptions = (params: BookingListParams) => pagedQueryOptions(bookingKeys.list(params), (page, { signal }) => getBookings(params, page, { signal }));

export function useBookings(params: BookingListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...bookingsQueryOptions(params), enabled });
}
