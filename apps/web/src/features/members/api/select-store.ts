import type { Member } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { replaceCached, useApiMutation } from '@/shared/api/use-api-mutation';
import { memberKeys } from '../query-keys';

export interface SelectStoreBody {
  storeCode: string;
}

/** POST /api/members/me/store { storeCode } → the member with the new active store. */
export function selectStore(body: SelectStoreBody, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<Member> {
  return api.post<Member>('/members/me/store', body, { idempotencyKey });
}

export function useSelectStore({ onSuccess }: { onSuccess?: (member: Member) => void } = {}) {
  return useApiMutation<Member, SelectStoreBody>({
    mutationFn: ({ idempotencyKey, ...body }) => selectStore(body, { idempotencyKey }),
    write: async (queryClient, member) => {
      await replaceCached<Member>(queryClient, memberKeys.me(), () => member);
      // Every other area's reads were of the previous store: read again for the new one, whatever
      // their keys (counts and lists are answered for the active store, not keyed by it).
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== memberKeys.me()[0] });
    },
    onSuccess: (member) => onSuccess?.(member),
  });
}
