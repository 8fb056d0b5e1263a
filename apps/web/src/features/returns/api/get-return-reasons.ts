import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReasonList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { returnKeys } from '../query-keys';

/** GET /api/returns/reasons → the return reasons, "Lainnya" (id 0, needs a text) last. */
export function getReturnReasons({ signal }: { signal?: AbortSignal } = {}): Promise<ReasonList> {
  return api.get<ReasonList>('/returns/reasons', { signal });
}

export const returnReasonsQueryOptions = () =>
  queryOptions({ queryKey: returnKeys.reasons(), queryFn: ({ signal }) => getReturnReasons({ signal }), staleTime: 30 * 60_000 });

export function useReturnReasons({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...returnReasonsQueryOptions(), enabled });
}
