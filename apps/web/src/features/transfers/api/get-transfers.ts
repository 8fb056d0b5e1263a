import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransferItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys, type TransferListParams } from '../query-keys';
import { nextPageOf, type TransferPage } from './page';

/**
 * GET /api/transfers?side&status&startDate&endDate&q&page&size → my store's transfers of one side
 * (`out` sent by it, `in` addressed to it) and status, newest first.
 */
export function getTransfers(params: TransferListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<TransferPage<TransferItem>> {
  return api.get<TransferPage<TransferItem>>('/transfers', {
    query: { side: params.side, status: params.status, startDate: params.startDate, endDate: params.endDate, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const transfersQueryOptions = (params: TransferListParams) =>
  infiniteQueryOptions({
    queryKey: transferKeys.list(params),
    queryFn: ({ pageParam, signal }) => getTransfers(params, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 15_000,
  });

export function useTransfers(params: TransferListParams) {
  return useInfiniteQuery(transfersQueryOptions(params));
}
