import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys, type TransferWatchKind } from '../query-keys';
import type { Page } from '@/shared/api/page';

/**
 * GET /api/transfers/discrepancies (finished with units short) and GET /api/transfers/locked (5 wrong
 * PINs): the transfers of the stores the caller sees, newest first. Kepala toko and above (else 403).
 */
export function getTransferWatch(kind: TransferWatchKind, size: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<TransferItem>> {
  return api.get<Page<TransferItem>>(`/transfers/${kind}`, { query: { page: 1, size }, signal });
}

export const transferWatchQueryOptions = (kind: TransferWatchKind, size: number) =>
  queryOptions({
    queryKey: transferKeys.watch(kind, size),
    queryFn: ({ signal }) => getTransferWatch(kind, size, { signal }),
    staleTime: 30_000,
  });

/** The first `size` of a watch list, asked only for those who may see it. */
export function useTransferWatch(kind: TransferWatchKind, size: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transferWatchQueryOptions(kind, size), enabled });
}
