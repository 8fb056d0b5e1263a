import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useIdempotentMutation } from '@/shared/api/use-idempotent-mutation';
import { memberKeys } from '../query-keys';

export interface SelectStoreBody {
  storeCode: string;
}

/** POST /api/members/me/store { storeCode } → the member with the new active store. */
export function selectStore(body: SelectStoreBody, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<Member> {
  return api.post<Member>('/members/me/store', body, { idempotencyKey });
}

export function useSelectStore({ onSuccess }: { onSuccess?: (member: Member) => void } = {}) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<Member, SelectStoreBody>({
    mutationFn: ({ idempotencyKey, ...body }) => selectStore(body, { idempotencyKey }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.me(), member);
      onSuccess?.(member);
    },
  });
}
