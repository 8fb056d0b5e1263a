import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PodRequestList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys, type PodListParams } from '../query-keys';
import { nextPageOf } from '@/shared/api/page';

/**
 * GET /api/pod/requests?status&startDate&endDate&shipmentNo&page&size — the
 * supervisors' queue (kepala toko and above; staff: 403). With both dates the
 * server sorts oldest first (spec §5) and says so in `sort`.
 */
export function getPodRequests(params: PodListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<PodRequestList> {
  return api.get<PodRequestList>('/pod/requests', {
    query: { status: params.status, startDate: params.startDate, endDate: params.endDate, shipmentNo: params.shipmentNo.trim(), storeCode: params.storeCode || undefined, page, size: params.size },
    signal,
  });
}

export const podRequestsQueryOptions = (params: PodListParams) =>
  infiniteQueryOptions({
    queryKey: podKeys.list(params),
    queryFn: ({ pageParam, signal }) => getPodRequests(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 15_000,
  });

export function usePodRequests(params: PodListParams) {
  return useInfiniteQuery(podRequestsQueryOptions(params));
}
