import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys } from '../query-keys';

/** GET /api/transfers/count?sender&receiver → my store's transfers per status, as sender and as receiver (a side asked off is null). */
export function getTransferCount({ signal }: { signal?: AbortSignal } = {}): Promise<TransferCount> {
  return api.get<TransferCount>('/transfers/count', { query: { sender: true, receiver: true }, signal });
}

/** The active store's counts: a store change reads them again (members' select-store refreshes every area). */
export const transferCountQueryOptions = () =>
  queryOptions({
    queryKey: transferKeys.count(),
    queryFn: ({ signal }) => getTransferCount({ signal }),
    staleTime: 30_000,
    // Live events refresh it at once; this only covers a stream that is down.
    refetchInterval: 60_000,
  });

/** `enabled` false for a member working in no store: the counts are a store's, there is nothing to ask. */
export function useTransferCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transferCountQueryOptions(), enabled });
}
