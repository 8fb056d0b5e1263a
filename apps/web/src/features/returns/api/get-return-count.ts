import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { returnKeys } from '../query-keys';

/** GET /api/returns/count?storeCode= → the returns per status and `open` (not yet complete), of the active store or the one named. */
export function getReturnCount(storeCode: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<ReturnCount> {
  return api.get<ReturnCount>('/returns/count', { query: { storeCode }, signal });
}

export const returnCountQueryOptions = (storeCode?: string) =>
  queryOptions({
    queryKey: returnKeys.count(storeCode),
    queryFn: ({ signal }) => getReturnCount(storeCode, { signal }),
    staleTime: 30_000,
    // Live events refresh it at once; this only covers a stream that is down.
    refetchInterval: 60_000,
  });

export function useReturnCount({ enabled = true, storeCode }: { enabled?: boolean; storeCode?: string } = {}) {
  return useQuery({ ...returnCountQueryOptions(storeCode), enabled });
}
