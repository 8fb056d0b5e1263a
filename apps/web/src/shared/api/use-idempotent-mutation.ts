import { useCallback } from 'react';
import { useMutation, type MutateOptions, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiError } from './api-error';
import { newIdempotencyKey } from './client';

/** Mutation variables plus the key that identifies this one user action. */
export type WithIdempotencyKey<TVars> = TVars & { readonly idempotencyKey: string };

/**
 * useMutation whose mutate() stamps a fresh Idempotency-Key on every user action.
 * TanStack Query's retries call mutationFn again with the same variables, so all
 * automatic retries of one action reuse its key and the server applies it once.
 */
export function useIdempotentMutation<TData, TVars extends object, TContext = unknown>(
  options: UseMutationOptions<TData, ApiError, WithIdempotencyKey<TVars>, TContext>,
) {
  const mutation = useMutation<TData, ApiError, WithIdempotencyKey<TVars>, TContext>(options);
  const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;

  const mutate = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>, TContext>) =>
      rawMutate({ ...vars, idempotencyKey: newIdempotencyKey() }, opts),
    [rawMutate],
  );
  const mutateAsync = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>, TContext>) =>
      rawMutateAsync({ ...vars, idempotencyKey: newIdempotencyKey() }, opts),
    [rawMutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
