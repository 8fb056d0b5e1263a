import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BookingStore } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys, type BookingStoresParams } from '../query-keys';
import type { Page } from '@/shared/api/page';
import { pagedQueryOptions } from '@/shared/api/paged-query';

/**
 * GET /api/bookings/stores?productId&qty&scope&bookID&q → the stores other than mine with at least
 * `qty` of the product for sale: my kelurahan, my kecamatan (kelurahan first) or the nearby rings,
 * nearest first within a ring; with `bookID`, without the stores that refused that booking.
 */
export function getBookingStores(params: BookingStoresParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<BookingStore>> {
  return api.get<Page<BookingStore>>('/bookings/stores', {
    query: { productId: params.productId, qty: params.qty, scope: params.scope, bookID: params.bookID, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const bookingStoresQueryOptions = (params: BookingStoresParams) =>
  infiniteQueryOptions({
    ...pagedQueryOptions(bookingKeys.storeList(params), (page, { signal }) => getBookingStores(params, page, { signal })),
    // Stepping the quantity keeps the stores in view while the new answer comes (no skeletons
    // under the finger); another ring, product or search starts from its own skeletons.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as BookingStoresParams | undefined;
      return before && before.productId === params.productId && before.scope === params.scope && before.q === params.q && before.bookID === params.bookID ? previous : undefined;
    },
  });

export function useBookingStores(params: BookingStoresParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...bookingStoresQueryOptions(params), enabled: enabled && Boolean(params.productId) });
}
