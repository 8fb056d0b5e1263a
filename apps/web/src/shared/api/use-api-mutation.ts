import { useCallback } from 'react';
import { useMutation, useQueryClient, type MutateOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiError, ApiErrorCode } from './api-error';
import { newIdempotencyKey } from './client';

/** Mutation variables plus the key that identifies this one user action. */
export type WithIdempotencyKey<TVars> = TVars & { readonly idempotencyKey: string };

/** What a screen adds to a change: its own reaction to the outcome. */
export interface MutationCallbacks<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: ApiError, vars: TVars) => void;
}

/**
 * How an area's changes meet the cache. Each area builds one of these per
 * object (an order, a POD request) and every endpoint of the area passes it on.
 */
export interface MutationPlan<TData, TVars> {
  /** Lets others ask whether this object is being changed (`isMutating`). */
  mutationKey?: QueryKey;
  /** Changes with the same scope run one after another, in the order the crew made them. */
  scope?: string;
  /** Writes the reply into the cache before anything is refetched (see `replaceCached`). */
  write?: (queryClient: QueryClient, data: TData, vars: TVars) => unknown;
  /** Queries refreshed after the change went through. */
  invalidate?: readonly QueryKey[];
  /**
   * Queries refreshed after a refusal: for every refusal, or only for `codes`
   * (refusals that say what the screen shows is out of date).
   */
  refetchOnError?: { keys: readonly QueryKey[]; codes?: readonly ApiErrorCode[] };
}

export interface ApiMutationOptions<TData, TVars> extends MutationPlan<TData, TVars>, MutationCallbacks<TData, TVars> {
  mutationFn: (vars: WithIdempotencyKey<TVars>) => Promise<TData>;
}

/**
 * Replaces one cached entry with what a reply says. A read of it still in flight
 * started before the change, so it is cancelled first: it must not land after it.
 */
export async function replaceCached<T>(queryClient: QueryClient, queryKey: QueryKey, update: (old: T | undefined) => T | undefined): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<T>(queryKey, update);
}

/**
 * The one way the web changes something on the server. mutate() stamps a fresh
 * Idempotency-Key on every user action; TanStack Query's retries call mutationFn
 * again with the same variables, so all automatic retries of one action reuse its
 * key and the server applies it once. The plan writes the reply into the cache,
 * refreshes what the change touched, and refetches what a refusal says is stale.
 */
export function useApiMutation<TData, TVars extends object = Record<string, never>>(options: ApiMutationOptions<TData, TVars>) {
  const queryClient = useQueryClient();
  const { mutationKey, scope, mutationFn, write, invalidate = [], refetchOnError, onSuccess, onError } = options;
  const refresh = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const mutation = useMutation<TData, ApiError, WithIdempotencyKey<TVars>>({
    mutationKey,
    scope: scope ? { id: scope } : undefined,
    mutationFn,
    onSuccess: async (data, vars) => {
      await write?.(queryClient, data, vars);
      refresh(invalidate);
      onSuccess?.(data, vars);
    },
    onError: (error, vars) => {
      if (refetchOnError && (!refetchOnError.codes || refetchOnError.codes.includes(error.code))) refresh(refetchOnError.keys);
      onError?.(error, vars);
    },
  });
  const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;

  const mutate = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>>) => rawMutate({ ...vars, idempotencyKey: newIdempotencyKey() }, opts),
    [rawMutate],
  );
  const mutateAsync = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>>) => rawMutateAsync({ ...vars, idempotencyKey: newIdempotencyKey() }, opts),
    [rawMutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
