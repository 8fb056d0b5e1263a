import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PodMyRequests } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

/**
 * GET /api/pod/requests/mine?shipmentNo= → that order's POD requests, newest
 * first (items[0] is the one the crew's screen shows). Any crew member may ask.
 */
export function getOrderPodRequests(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<PodMyRequests> {
  return api.get<PodMyRequests>('/pod/requests/mine', { query: { shipmentNo }, signal });
}

export const orderPodRequestsQueryOptions = (shipmentNo: string) =>
  queryOptions({ queryKey: podKeys.orderRequests(shipmentNo), queryFn: ({ signal }) => getOrderPodRequests(shipmentNo, { signal }), staleTime: 10_000 });

export function useOrderPodRequests(shipmentNo: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderPodRequestsQueryOptions(shipmentNo), enabled: enabled && Boolean(shipmentNo) });
}
