import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { forgetEventResumePoint } from '@/shared/events/event-stream';

/** POST /api/auth/logout → null; revokes the refresh token family and clears the cookies. */
export function logout({ idempotencyKey }: { idempotencyKey?: string } = {}): Promise<null> {
  forgetEventResumePoint();
  return api.post<null>('/auth/logout', {}, { idempotencyKey });
}

export function useLogout() {
  return useApiMutation<null, Record<string, never>>({
    mutationFn: ({ idempotencyKey }) => logout({ idempotencyKey }),
  });
}
