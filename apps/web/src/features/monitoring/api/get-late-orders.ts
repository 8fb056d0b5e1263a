import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonitoringLate } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { monitoringKeys } from '../query-keys';
import { MONITORING_REFETCH_MS } from './get-monitoring';

/** GET /api/monitoring/late?storeCode= → the oldest late orders of the caller's scope, or of one store of it ('' = all). */
export function getLateOrders(storeCode: string, { signal }: { signal?: AbortSignal } = {}): Promise<MonitoringLate> {
  return api.get<MonitoringLate>('/monitoring/late', { query: { storeCode }, signal });
}

export const lateOrdersQueryOptions = (storeCode: string) =>
  queryOptions({
    queryKey: monitoringKeys.late(storeCode),
    queryFn: ({ signal }) => getLateOrders(storeCode, { signal }),
    staleTime: 5_000,
    // An order goes late by time alone: read again with the figures while the section is on screen.
    refetchInterval: MONITORING_REFETCH_MS,
  });

/** Asked for only once `enabled` (the section has come near the screen and something is late); a saved copy shows before that. */
export function useLateOrders(storeCode: string, enabled: boolean) {
  return useQuery({ ...lateOrdersQueryOptions(storeCode), enabled, placeholderData: keepPreviousData });
}
