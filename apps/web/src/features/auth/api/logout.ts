import { api } from '@/shared/api/client';
import { useIdempotentMutation } from '@/shared/api/use-idempotent-mutation';

/** POST /api/auth/logout → null; revokes the refresh token family and clears the cookies. */
export function logout({ idempotencyKey }: { idempotencyKey?: string } = {}): Promise<null> {
  return api.post<null>('/auth/logout', {}, { idempotencyKey });
}

export function useLogout() {
  return useIdempotentMutation<null, Record<string, never>>({
    mutationFn: ({ idempotencyKey }) => logout({ idempotencyKey }),
  });
}
