import { useMutation } from '@tanstack/react-query';
import type { LoginBody, Member, TokenPair } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';

export type LoginResult = TokenPair & { member: Member };

/**
 * POST /api/auth/login { nik, password } → tokens + member; the server sets the
 * HttpOnly at/rt cookies and the client keeps tokenExp for proactive refresh.
 */
export function login(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>('/auth/login', body);
}

/** Never retried automatically: a wrong password must not be sent three times. */
export function useLogin({ onSuccess }: { onSuccess?: (result: LoginResult) => void } = {}) {
  return useMutation<LoginResult, ApiError, LoginBody>({
    mutationFn: login,
    retry: false,
    onSuccess: (result) => onSuccess?.(result),
  });
}
