import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 3;

/** Exponential backoff with jitter: ~1 s, 2 s, 4 s, capped at 8 s. */
export function retryDelay(attempt: number): number {
  const base = Math.min(1000 * 2 ** attempt, 8000);
  return base / 2 + Math.random() * (base / 2);
}

/** Reads retry what may heal by itself: no connection, gateway trouble, overload. Never 4xx. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !isApiError(error)) return false;
  return error.isNetwork || error.status >= 500 || error.status === 429;
}

/**
 * Writes retry only when the server cannot have applied them differently: the
 * request never arrived (network), a gateway failed, or the same Idempotency-Key
 * is still running (409 IDEMPOTENCY_IN_PROGRESS, the retry then replays the result).
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !isApiError(error)) return false;
  return error.isNetwork || error.code === 'IDEMPOTENCY_IN_PROGRESS' || [502, 503, 504].includes(error.status);
}

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: {
        staleTime: 30_000,
        // Kept as long as the persisted copy (query-persistence.ts): what was read stays readable offline.
        gcTime: 24 * 60 * 60_000,
        retry: shouldRetryQuery,
        retryDelay,
        refetchOnWindowFocus: true,
        ...overrides.queries,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
        ...overrides.mutations,
      },
    },
  });
}
