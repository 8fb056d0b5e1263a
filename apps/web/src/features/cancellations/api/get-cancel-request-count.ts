import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancelCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { cancelKeys } from '../query-keys';

/** GET /api/cancellations/count?storeCode= → { pending }: requests waiting for a decision in the store named (home: the active store). */
export function getCancelRequestCount(storeCode: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<CancelCount> {
  return api.get<CancelCount>('/cancellations/count', { query: { storeCode }, signal });
}

export const cancelRequestCountQueryOptions = (storeCode?: string) =>
  queryOptions({
    queryKey: cancelKeys.count(storeCode),
    queryFn: ({ signal }) => getCancelRequestCount(storeCode, { signal }),
    staleTime: 30_000,
    // Live events refresh it at once; this only covers a stream that is down.
    refetchInterval: 60_000,
  });

export function useCancelRequestCount({ enabled = true, storeCode }: { enabled?: boolean; storeCode?: string } = {}) {
  return useQuery({ ...cancelRequestCountQueryOptions(storeCode), enabled });
}
