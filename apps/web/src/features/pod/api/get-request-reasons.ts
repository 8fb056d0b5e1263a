import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PodReasonList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';

/** GET /api/pod/reasons/request → the reasons, "Lainnya" (id 0, needs a text) last. */
export function getRequestReasons({ signal }: { signal?: AbortSignal } = {}): Promise<PodReasonList> {
  return api.get<PodReasonList>('/pod/reasons/request', { signal });
}

export const requestReasonsQueryOptions = () =>
  queryOptions({ queryKey: podKeys.reasons('request'), queryFn: ({ signal }) => getRequestReasons({ signal }), staleTime: 30 * 60_000 });

export function useRequestReasons({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...requestReasonsQueryOptions(), enabled });
}
