import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { memberKeys } from '../query-keys';

/** GET /api/members/me → the signed-in member. */
export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Member> {
  return api.get<Member>('/members/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.me(),
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
