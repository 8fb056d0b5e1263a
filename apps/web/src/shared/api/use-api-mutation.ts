import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient, type MutateOptions, type NetworkMode, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OutboxRequest } from '../outbox/outbox';
import { useOutbox } from '../outbox/outbox-context';
import type { OutboxKind } from '../outbox/outbox-kinds';
import type { ApiError, ApiErrorCode } from './api-error';
import { newIdempotencyKey } from './client';

/** Mutation variables plus the key that identifies this one user action. */
export type WithIdempotencyKey<TVars> = TVars & { readonly idempotencyKey: string };

/** What a screen adds to a change: its own reaction to the outcome. */
export interface MutationCallbacks<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => void;
  /**
   * `resend` sends the very same action again with its Idempotency-Key (a "Kirim ulang" after a
   * failure that may pass later): the server applies it once however often it arrives.
   */
  onError?: (error: ApiError, vars: TVars, resend: () => void) => void;
  /**
   * A crew action that will reach the server later (offline, no answer yet): it is
   * kept on the phone and sent when the connection allows; onSuccess or onError
   * follow then, if the screen is still there.
   */
  onQueued?: (vars: TVars) => void;
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
  /** What the change is made to (a shipment number), as the pending list names it. */
  subject?: string;
  /** Writes the reply into the cache before anything is refetched (see `replaceCached`). */
  write?: (queryClient: QueryClient, data: TData, vars: TVars) => unknown;
  /** Queries refreshed after the change went through. */
  invalidate?: readonly QueryKey[];
  /**
   * Queries refreshed after a refusal: for every refusal, or only for `codes`
   * (refusals that say what the screen shows is out of date).
   */
  refetchOnError?: { keys: readonly QueryKey[]; codes?: readonly ApiErrorCode[] | 'refused' };
  /**
   * A change sent at once (`mutationFn`): 'always' sends it even offline, so the screen hears of
   * the failure at once instead of waiting, paused, for the connection (default 'online').
   */
  networkMode?: NetworkMode;
  /** A change sent at once: false when its screen offers the resend itself (no silent retries first). */
  retry?: false;
}

/** How a change sent at once goes: its key, and the upload's progress for a call with files (0…1). */
export interface SendContext {
  onProgress: (share: number) => void;
}

/** A crew action: what it is and the request that carries it, kept in the outbox until the server has it. */
export interface CrewAction<TVars> {
  kind: OutboxKind;
  request: (vars: TVars) => OutboxRequest;
}

export type ApiMutationOptions<TData, TVars> = MutationPlan<TData, TVars> &
  MutationCallbacks<TData, TVars> &
  (
    | { action: CrewAction<TVars>; mutationFn?: never }
    /** Sent at once and never kept: changes of the session itself (sign out, store choice). */
    | { mutationFn: (vars: WithIdempotencyKey<TVars>, send: SendContext) => Promise<TData>; action?: never }
  );

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
 * Idempotency-Key on every user action. A crew action (`action`) is written to the
 * outbox with that key before it is sent and stays there until the server has
 * answered it: the outbox sends the actions of a scope in order, through lost
 * connections and reloads, each once. A session change (`mutationFn`) is sent at once,
 * TanStack Query's retries reusing its key. The plan writes the reply into the cache,
 * refreshes what the change touched, and refetches what a refusal says is stale.
 */
export function useApiMutation<TData, TVars extends object = Record<string, never>>(options: ApiMutationOptions<TData, TVars>) {
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  const [waiting, setWaiting] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The mutation's own mutate, for a resend offered from its onError (set once the mutation exists).
  const again = useRef<(vars: WithIdempotencyKey<TVars>) => void>(() => {});
  const { mutationKey, scope, subject, action, write, invalidate = [], refetchOnError, networkMode, retry, onSuccess, onError, onQueued } = options;
  const refresh = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const queue = (vars: WithIdempotencyKey<TVars>): Promise<TData> => {
    // What the screen passed: the request is built from it, and the pending list shows it.
    const { idempotencyKey, ...made } = vars;
    const crewAction = action!;
    return outbox.submit(
      {
        key: idempotencyKey,
        scope: scope ?? idempotencyKey,
        kind: crewAction.kind,
        subject: subject ?? '',
        request: crewAction.request(made as unknown as TVars),
        refresh: [...invalidate, ...(refetchOnError?.keys ?? [])],
        meta: made,
      },
      {
        onWaiting: () => {
          setWaiting(idempotencyKey);
          onQueued?.(vars);
        },
        // The reply is in the cache before the action stops showing as pending.
        onAnswer: (reply) => write?.(queryClient, reply as TData, vars),
      },
    ) as Promise<TData>;
  };

  const mutation = useMutation<TData, ApiError, WithIdempotencyKey<TVars>>({
    mutationKey,
    // The outbox orders and retries crew actions itself, offline too; TanStack Query
    // would hold them in memory (paused offline, queued per scope) where a reload loses them.
    ...(action
      ? { mutationFn: queue, networkMode: 'always' as const, retry: false }
      : { mutationFn: (vars: WithIdempotencyKey<TVars>) => options.mutationFn!(vars, { onProgress: setProgress }), networkMode, ...(retry === false ? { retry } : {}), scope: scope ? { id: scope } : undefined }),
    onMutate: () => setProgress(null),
    onSettled: () => setProgress(null),
    onSuccess: async (data, vars) => {
      // A crew action's reply was written by the outbox as it arrived (onAnswer).
      if (!action) await write?.(queryClient, data, vars);
      refresh(invalidate);
      onSuccess?.(data, vars);
    },
    onError: (error, vars) => {
      const codes = refetchOnError?.codes;
      const stale = codes === undefined || (codes === 'refused' ? error.status >= 400 && error.status < 500 : codes.includes(error.code));
      if (refetchOnError && stale) refresh(refetchOnError.keys);
      onError?.(error, vars, () => again.current(vars));
    },
  });
  const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;
  again.current = (vars) => rawMutate(vars);

  /** One user action: a fresh Idempotency-Key, returned so a screen may keep it (`resend` later). */
  const mutate = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>>): string => {
      const idempotencyKey = newIdempotencyKey();
      rawMutate({ ...vars, idempotencyKey }, opts);
      return idempotencyKey;
    },
    [rawMutate],
  );
  /**
   * The same user action again, with the key it was first sent with (a draft kept over a reload,
   * a lost answer): the server makes it once.
   */
  const resend = useCallback((vars: WithIdempotencyKey<TVars>, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>>) => rawMutate(vars, opts), [rawMutate]);
  const mutateAsync = useCallback(
    (vars: TVars, opts?: MutateOptions<TData, ApiError, WithIdempotencyKey<TVars>>) => rawMutateAsync({ ...vars, idempotencyKey: newIdempotencyKey() }, opts),
    [rawMutateAsync],
  );
  /** The latest action is kept on the phone, waiting for the connection (not merely in flight). */
  const queued = mutation.isPending && waiting !== null && mutation.variables?.idempotencyKey === waiting;
  return { ...mutation, mutate, mutateAsync, resend, queued, progress };
}
