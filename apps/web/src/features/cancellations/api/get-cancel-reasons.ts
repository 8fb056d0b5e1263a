import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReasonList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { cancelKeys } from '../query-keys';

/** GET /api/cancellations/reasons → the reasons, "Lainnya" (id 0, needs a text) last. */
export function getCancelReasons({ signal }: { signal?: AbortSignal } = {}): Promise<ReasonList> {
  return api.get<ReasonList>('/cancellations/reasons', { signal });
}

export const cancelReasonsQueryOptions = () =>
  queryOptions({ queryKey: cancelKeys.reasons(), queryFn: ({ signal }) => getCancelReasons({ signal }), staleTime: 30 * 60_000 });

export function useCancelReasons({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cancelReasonsQueryOptions(), enabled });
}
