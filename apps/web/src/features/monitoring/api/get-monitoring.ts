import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Monitoring } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { monitoringKeys } from '../query-keys';

/**
 * An order goes late by time alone, with no event to say so: besides the live events (which refetch
 * at once), the figures are read again at this interval while the screen is open.
 */
export const MONITORING_REFETCH_MS = 15_000;

/** GET /api/monitoring?storeCode= → the figures of the caller's scope, or of one store of it ('' = all). */
export function getMonitoring(storeCode: string, { signal }: { signal?: AbortSignal } = {}): Promise<Monitoring> {
  return api.get<Monitoring>('/monitoring', { query: { storeCode }, signal });
}

export const monitoringQueryOptions = (storeCode: string) =>
  queryOptions({
    queryKey: monitoringKeys.summary(storeCode),
    queryFn: ({ signal }) => getMonitoring(storeCode, { signal }),
    staleTime: 5_000,
    refetchInterval: MONITORING_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

export function useMonitoring(storeCode: string) {
  // Switching stores keeps the last figures on screen (dimmed) until the new ones arrive.
  return useQuery({ ...monitoringQueryOptions(storeCode), placeholderData: keepPreviousData });
}
