import { useInfiniteQuery } from '@tanstack/react-query';
import type { BookingStoreGroup } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys, type BookingGroupParams } from '../query-keys';
import type { Page } from '@/shared/api/page';
import { pagedQueryOptions } from '@/shared/api/paged-query';

/** GET /api/bookings/by-store?direction&status&q → my store's bookings grouped by the other store (where it is, how far), with counts. */
export function getBookingStoreGroups(params: BookingGroupParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<BookingStoreGroup>> {
  return api.get<Page<BookingStoreGroup>>('/bookings/by-store', {
    query: { direction: params.direction, status: params.status, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const bookingStoreGroupsQueryOptions = (params: BookingGroupParams) => pagedQueryOptions(bookingKeys.byStore(params), (page, { signal }) => getBookingStoreGroups(params, page, { signal }));

export function useBookingStoreGroups(params: BookingGroupParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...bookingStoreGroupsQueryOptions(params), enabled });
}
