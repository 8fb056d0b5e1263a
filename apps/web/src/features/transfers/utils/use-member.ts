import { skipToken, useQuery } from '@tanstack/react-query';
import { ROLE, hasRoleAtLeast, type Member, type RoleId } from '@gerai/contract';

/**
 * The signed-in member as the shell read it (GET /api/members/me, under the members area's key):
 * observed from the cache, never fetched here (the auth check always loads it, and features do not
 * import each other). Undefined until it has arrived.
 */
const MEMBER_KEY = ['members', 'me'] as const;

export function useMember(): Member | undefined {
  return useQuery<Member>({ queryKey: MEMBER_KEY, queryFn: skipToken }).data;
}

/** Kepala toko and above watch the locked transfers and the differences of their stores. */
export const canWatchTransfers = (member: Pick<Member, 'roleID'> | undefined) => member !== undefined && hasRoleAtLeast(member.roleID as RoleId, ROLE.STORE_CHIEF);
