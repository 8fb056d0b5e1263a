import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Recap } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { recapKeys } from '../query-keys';
import type { RecapParams } from '../utils/range';

/** GET /api/recap?from&to&storeCode → the recap of the caller's scope (or one store of it). */
export function getRecap(params: RecapParams, { signal }: { signal?: AbortSignal } = {}): Promise<Recap> {
  return api.get<Recap>('/recap', { query: { from: params.from, to: params.to, storeCode: params.storeCode || undefined }, signal });
}

export const recapQueryOptions = (params: RecapParams) =>
  queryOptions({
    queryKey: recapKeys.detail(params),
    queryFn: ({ signal }) => getRecap(params, { signal }),
    // Figures of a past range do not change; today's move slowly enough for a minute.
    staleTime: 60_000,
  });

/** The recap shown; while another range loads, the last one stays (its heading names its own range). */
export function useRecap(params: RecapParams | null) {
  return useQuery({ ...recapQueryOptions(params ?? { from: '', to: '', storeCode: '' }), enabled: params !== null, placeholderData: keepPreviousData });
}
