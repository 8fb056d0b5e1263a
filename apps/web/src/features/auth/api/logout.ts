import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { forgetEventResumePoint } from '@/shared/events/event-stream';

/**
 * POST /api/auth/logout → null; revokes the refresh token family and clears the cookies.
 * `pushDeviceId`: this phone's push device, which the server removes (issue 28).
 */
export function logout({ idempotencyKey, pushDeviceId }: { idempotencyKey?: string; pushDeviceId?: string } = {}): Promise<null> {
  forgetEventResumePoint();
  return api.post<null>('/auth/logout', pushDeviceId ? { pushDeviceId } : {}, { idempotencyKey });
}

export function useLogout() {
  return useApiMutation<null, { pushDeviceId?: string }>({
    mutationFn: ({ idempotencyKey, pushDeviceId }) => logout({ idempotencyKey, pushDeviceId }),
  });
}
