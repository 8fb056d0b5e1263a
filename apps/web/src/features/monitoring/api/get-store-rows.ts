import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonitoringStoreRows } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { monitoringKeys } from '../query-keys';
import { MONITORING_REFETCH_MS } from './get-monitoring';

/** GET /api/monitoring/stores → "Per toko": the stores of the caller's whole scope, the most late work first. */
export function getStoreRows({ signal }: { signal?: AbortSignal } = {}): Promise<MonitoringStoreRows> {
  return api.get<MonitoringStoreRows>('/monitoring/stores', { signal });
}

export const storeRowsQueryOptions = () =>
  queryOptions({
    queryKey: monitoringKeys.storeRows(),
    queryFn: ({ signal }) => getStoreRows({ signal }),
    staleTime: 5_000,
    // An order goes late by time alone: read again with the figures while the section is on screen.
    refetchInterval: MONITORING_REFETCH_MS,
  });

/** Asked for only once `enabled` (the section has come near the screen); a saved copy shows before that. */
export function useStoreRows(enabled: boolean) {
  return useQuery({ ...storeRowsQueryOptions(), enabled });
}
