import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BookingProductGroup } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys, type BookingGroupParams } from '../query-keys';
import { nextPageOf, type Page } from '@/shared/api/page';

/** GET /api/bookings/by-product?direction&status&q → my store's bookings grouped by product, with counts per status and units. */
export function getBookingProductGroups(params: BookingGroupParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<BookingProductGroup>> {
  return api.get<Page<BookingProductGroup>>('/bookings/by-product', {
    query: { direction: params.direction, status: params.status, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const bookingProductGroupsQueryOptions = (params: BookingGroupParams) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.byProduct(params),
    queryFn: ({ pageParam, signal }) => getBookingProductGroups(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 15_000,
  });

export function useBookingProductGroups(params: BookingGroupParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...bookingProductGroupsQueryOptions(params), enabled });
}
