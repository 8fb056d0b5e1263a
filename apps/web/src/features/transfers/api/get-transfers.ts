import { useInfiniteQuery } from '@tanstack/react-query';
import type { TransferDetail, TransferItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys, type TransferListParams } from '../query-keys';
import type { Page } from '@/shared/api/page';
import { pagedQueryOptions } from '@/shared/api/paged-query';

/**
 * GET /api/transfers?side&status&startDate&endDate&q&page&size → my store's transfers of one side
 * (`out` sent by it, `in` addressed to it) and status, newest first.
 */
export function getTransfers(params: TransferListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<TransferItem>> {
  return api.get<Page<TransferItem>>('/transfers', {
    query: { side: params.side, status: params.status, startDate: params.startDate, endDate: params.endDate, q: params.q.trim(), page, size: params.size },
    signal,
  });
}

export const transfersQueryOptions = (params: TransferListParams) =>
  pagedQueryOptions(transferKeys.list(params), async (pageParam, { signal, client }) => {
    const page = await getTransfers(params, pageParam, { signal });
    // A detail kept from before (a reload restores it from the phone, still fresh) whose transfer has
    // moved on since is read again when opened, rather than shown as it was.
    for (const item of page.items) {
      const kept = client.getQueryData<TransferDetail>(transferKeys.detail(item.matNo));
      if (kept && (kept.matStatus !== item.matStatus || kept.locked !== item.locked)) void client.invalidateQueries({ queryKey: transferKeys.detail(item.matNo), refetchType: 'none' });
      const byTbsms = client.getQueryData<TransferDetail>(transferKeys.byTbsms(item.idTbsms));
      if (byTbsms && (byTbsms.matStatus !== item.matStatus || byTbsms.locked !== item.locked)) void client.invalidateQueries({ queryKey: transferKeys.byTbsms(item.idTbsms), refetchType: 'none' });
    }
    return page;
  });

export function useTransfers(params: TransferListParams) {
  return useInfiniteQuery(transfersQueryOptions(params));
}
