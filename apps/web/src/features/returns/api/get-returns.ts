import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReturnList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { returnKeys, type ReturnListParams } from '../query-keys';
import { nextPageOf } from '@/shared/api/page';

/** GET /api/returns?status&query&page&size → the active store's returns in one status, newest first. */
export function getReturns(params: ReturnListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<ReturnList> {
  return api.get<ReturnList>('/returns', { query: { status: params.status, query: params.query.trim(), page, size: params.size }, signal });
}

export const returnsQueryOptions = (params: ReturnListParams) =>
  infiniteQueryOptions({
    queryKey: returnKeys.list(params),
    queryFn: ({ pageParam, signal }) => getReturns(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 15_000,
  });

export function useReturns(params: ReturnListParams) {
  return useInfiniteQuery(returnsQueryOptions(params));
}
