import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PodRequestCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

/**
 * GET /api/pod/requests/count?storeCode= → { pending } in the caller's stores, or in the one
 * named (home: the active store, as the rest of home). Kepala toko and above; staff: 403.
 */
export function getPodRequestCount(storeCode: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<PodRequestCount> {
  return api.get<PodRequestCount>('/pod/requests/count', { query: { storeCode }, signal });
}

export const podRequestCountQueryOptions = (storeCode?: string) =>
  queryOptions({
    queryKey: podKeys.count(storeCode),
    queryFn: ({ signal }) => getPodRequestCount(storeCode, { signal }),
    staleTime: 30_000,
    // Live events refresh it at once; this only covers a stream that is down.
    refetchInterval: 60_000,
  });

export function usePodRequestCount({ enabled = true, storeCode }: { enabled?: boolean; storeCode?: string } = {}) {
  return useQuery({ ...podRequestCountQueryOptions(storeCode), enabled });
}
