import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { orderKeys, type OrderListParams } from '../query-keys';
import { nextPageOf } from '@/shared/api/page';

export const ORDER_PAGE_SIZE = 20;

/** GET /api/orders?status&page&size&startDate&endDate&query&appId → one page with the channel facet. */
export function getOrders(params: OrderListParams & { page: number }, { signal }: { signal?: AbortSignal } = {}): Promise<OrderList> {
  return api.get<OrderList>('/orders', {
    query: {
      status: params.status,
      page: params.page,
      size: params.size,
      startDate: params.startDate ?? undefined,
      endDate: params.endDate ?? undefined,
      query: params.query.trim() || undefined,
      appId: params.appId ?? undefined,
    },
    signal,
  });
}

export const ordersInfiniteQueryOptions = (params: OrderListParams) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ pageParam, signal }) => getOrders({ ...params, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // Live events invalidate lists; a short stale time keeps tab switches cheap.
    staleTime: 15_000,
  });

/** Pages of a status list, loaded as the crew scrolls. */
export function useOrders(params: OrderListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...ordersInfiniteQueryOptions(params), enabled });
}
