import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PodMyRequests, PodRequestType } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

/**
 * GET /api/pod/requests/mine?shipmentNo=&type= → that order's POD requests of the type, newest
 * first (items[0] is the one the crew's screen shows). Any crew member may ask.
 */
export function getOrderPodRequests(shipmentNo: string, type: PodRequestType, { signal }: { signal?: AbortSignal } = {}): Promise<PodMyRequests> {
  return api.get<PodMyRequests>('/pod/requests/mine', { query: { shipmentNo, type }, signal });
}

export const orderPodRequestsQueryOptions = (shipmentNo: string, type: PodRequestType) =>
  queryOptions({ queryKey: podKeys.orderRequests(shipmentNo, type), queryFn: ({ signal }) => getOrderPodRequests(shipmentNo, type, { signal }), staleTime: 10_000 });

/** The requests of the scan-and-go screen ('order') or of the return POD ('retur'). */
export function useOrderPodRequests(shipmentNo: string, type: PodRequestType, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderPodRequestsQueryOptions(shipmentNo, type), enabled: enabled && Boolean(shipmentNo) });
}
