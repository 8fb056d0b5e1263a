import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CancelList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { cancelKeys, type CancelListParams } from '../query-keys';
import { nextPageOf } from '@/shared/api/page';

/**
 * GET /api/cancellations?status&page&size → the active store's requests: the queue
 * (pending, oldest first) or the decided ones (newest first). Each says `canDecide`.
 */
export function getCancelRequests(params: CancelListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<CancelList> {
  return api.get<CancelList>('/cancellations', { query: { status: params.status, page, size: params.size }, signal });
}

/** The queue above the Batal list: the first ten requests waiting for a decision. */
export const PENDING_QUEUE: CancelListParams = { status: 'pending', size: 10 };

export const cancelRequestsQueryOptions = (params: CancelListParams) =>
  infiniteQueryOptions({
    queryKey: cancelKeys.list(params),
    queryFn: ({ pageParam, signal }) => getCancelRequests(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 15_000,
  });

export function useCancelRequests(params: CancelListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...cancelRequestsQueryOptions(params), enabled });
}
