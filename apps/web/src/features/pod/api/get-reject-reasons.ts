import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PodReasonList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

/** GET /api/pod/reasons/reject → the reasons, "Lainnya" (id 0, needs a text) last. */
export function getRejectReasons({ signal }: { signal?: AbortSignal } = {}): Promise<PodReasonList> {
  return api.get<PodReasonList>('/pod/reasons/reject', { signal });
}

export const rejectReasonsQueryOptions = () =>
  queryOptions({ queryKey: podKeys.reasons('reject'), queryFn: ({ signal }) => getRejectReasons({ signal }), staleTime: 30 * 60_000 });

export function useRejectReasons({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rejectReasonsQueryOptions(), enabled });
}
