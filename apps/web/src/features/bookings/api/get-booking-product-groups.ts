import { useInfiniteQuery } from '@tanstack/react-query';
import type { BookingProductGroup } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys, type BookingGroupParams } from '../query-keys';
import type { Page } from '@/shared/api/page';
import { pagedQueryOptions } from '@/shared/api/paged-query';

/** GET /api/bookings/by-product?direction&status&q → my store's bookings grouped by product, with counts per status and units. */
export function getBookingProductGroups(params: BookingGroupParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<BookingProductGroup>> {
  return api.get<Page<BookingProductGroup>>('/bookings/by-product', {
    query: { direction: params.direction, status: params.status, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const bookingProductGroupsQueryOptions = (params: BookingGroupParams) => pagedQueryOptions(bookingKeys.byProduct(params), (page, { signal }) => getBookingProductGroups(params, page, { signal }));

export function useBookingProductGroups(params: BookingGroupParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...bookingProductGroupsQueryOptions(params), enabled });
}
