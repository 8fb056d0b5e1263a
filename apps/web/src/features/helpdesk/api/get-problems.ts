import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProblemList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { helpdeskKeys } from '../query-keys';

/** GET /api/helpdesk/problems → what a ticket may be about. */
export function getProblems({ signal }: { signal?: AbortSignal } = {}): Promise<ProblemList> {
  return api.get<ProblemList>('/helpdesk/problems', { signal });
}

export const problemsQueryOptions = () => queryOptions({ queryKey: helpdeskKeys.problems(), queryFn: ({ signal }) => getProblems({ signal }), staleTime: 10 * 60_000 });

export function useProblems() {
  return useQuery(problemsQueryOptions());
}
