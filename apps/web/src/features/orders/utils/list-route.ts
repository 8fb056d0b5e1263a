import type { QueryClient } from '@tanstack/react-query';
import { ORDER_STATUS, type OrderStatusId } from '@gerai/contract/statuses';
import { useFilterStore } from '@/shared/stores/filter-store';
import { orderScreenShipment } from '@/shared/utils/order-ref';
import { ordersInfiniteQueryOptions } from '../api/get-orders';
import { orderCountQueryOptions } from '../api/get-order-count';
import { orderQueryOptions } from '../api/order-query';
import { listParams } from './list-params';
import { HISTORY_CANCELLED, HISTORY_KIND, ORDER_TABS, type OrderTab } from './order-status';

export { HISTORY_CANCELLED, HISTORY_KIND, orderListPath } from './order-status';

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Which order list a path shows: its tab and the status the list asks for. */
export function orderListRoute(pathname: string, search: URLSearchParams): { tab: OrderTab; isHistory: boolean; cancelledHistory: boolean; status: OrderStatusId } {
  const path = normalise(pathname);
  const tab = ORDER_TABS.find((t) => t.path === path) ?? ORDER_TABS[0]!;
  const isHistory = tab.status === ORDER_STATUS.HISTORY;
  const cancelledHistory = isHistory && search.get(HISTORY_KIND) === HISTORY_CANCELLED;
  return { tab, isHistory, cancelledHistory, status: cancelledHistory ? ORDER_STATUS.HISTORY_CANCELLED : tab.status };
}

/**
 * Asks for the data of the screen the app opens on while that screen's code is still on its
 * way: on a slow network the order list's first page and the counts, or the order of a detail or
 * scan and go, then arrive with the code instead of one round trip after it. The same query keys
 * as the screens', so they find it cached.
 */
export function prefetchOrderScreenData(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): void {
  const path = normalise(pathname);
  if (path === '/') {
    void queryClient.prefetchQuery(orderCountQueryOptions());
    return;
  }
  const shipmentNo = orderScreenShipment(path);
  if (shipmentNo) {
    void queryClient.prefetchQuery(orderQueryOptions(shipmentNo));
    return;
  }
  if (!ORDER_TABS.some((t) => t.path === path)) return;
  const { status } = orderListRoute(path, new URLSearchParams(search));
  void queryClient.prefetchInfiniteQuery(ordersInfiniteQueryOptions(listParams(String(status), useFilterStore.getState())));
  void queryClient.prefetchQuery(orderCountQueryOptions());
}
