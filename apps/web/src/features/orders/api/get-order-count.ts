import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { ORDER_COUNT_REFETCH_MS } from '@/shared/config/app';
import { orderKeys } from '../query-keys';

/** GET /api/orders/count?latestOrder=<iso> → counts per status for the active store. */
export function getOrderCount(params: { latestOrder?: string | null } = {}, { signal }: { signal?: AbortSignal } = {}): Promise<OrderCount> {
  return api.get<OrderCount>('/orders/count', { query: { latestOrder: params.latestOrder ?? undefined }, signal });
}

/**
 * The newest order time already seen. It is sent as latestOrder so `latest` counts
 * only orders that arrived since the previous poll; kept out of the query key so
 * polling does not create a new cache entry every time.
 */
const SEEN_KEY = 'gerai.orders.latestSeen';
function readSeen(): string | null {
  try {
    return sessionStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}
function writeSeen(value: string | null): void {
  try {
    if (value) sessionStorage.setItem(SEEN_KEY, value);
  } catch {
    // Storage disabled: new-order notices just stay off.
  }
}

export const orderCountQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.count(),
    queryFn: async ({ signal }) => {
      const data = await getOrderCount({ latestOrder: readSeen() }, { signal });
      writeSeen(data.latestOrderAt);
      return data;
    },
    staleTime: 10_000,
  });

/** Counts refreshed every 30 s while the screen is visible. */
export function useOrderCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderCountQueryOptions(), enabled, refetchInterval: ORDER_COUNT_REFETCH_MS });
}
