import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PodRequestCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

/** GET /api/pod/requests/count → { pending } in the caller's stores (kepala toko and above; staff: 403). */
export function getPodRequestCount({ signal }: { signal?: AbortSignal } = {}): Promise<PodRequestCount> {
  return api.get<PodRequestCount>('/pod/requests/count', { signal });
}

export const podRequestCountQueryOptions = () =>
  queryOptions({
    queryKey: podKeys.count(),
    queryFn: ({ signal }) => getPodRequestCount({ signal }),
    staleTime: 30_000,
    // Live events refresh it at once; this only covers a stream that is down.
    refetchInterval: 60_000,
  });

export function usePodRequestCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...podRequestCountQueryOptions(), enabled });
}
