import type { QueryClient } from '@tanstack/react-query';
import { bookingCountQueryOptions } from './api/get-booking-count';
import { bookingProductGroupsQueryOptions } from './api/get-booking-product-groups';
import { bookingStoreGroupsQueryOptions } from './api/get-booking-store-groups';
import { BOOKING_GROUP_PARAM, bookingGroupParams, bookingListRoute } from './utils/list-route';

/**
 * A booking list's first page of groups and the counts of its tabs, asked for on a first load next to
 * the screen's code (app/screen-data.ts), with the screen's own query options. One group's bookings
 * (`?productId=` / `?storeCode=`) are left to the screen.
 */
export function prefetch(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): void {
  const grouping = bookingListRoute(pathname);
  if (!grouping) return;
  const query = new URLSearchParams(search);
  if (query.get(BOOKING_GROUP_PARAM[grouping])?.trim()) return;
  const params = bookingGroupParams(query);
  if (grouping === 'product') void queryClient.prefetchInfiniteQuery(bookingProductGroupsQueryOptions(params));
  else void queryClient.prefetchInfiniteQuery(bookingStoreGroupsQueryOptions(params));
  void queryClient.prefetchQuery(bookingCountQueryOptions());
}
