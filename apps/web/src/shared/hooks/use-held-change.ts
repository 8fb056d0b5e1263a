import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Whether this phone asked for a change under `mutationKey` since `since` (sent, kept in the outbox,
 * or answered): such a change is the phone's own, said by its own toast, not news from elsewhere.
 */
export function changedHere(queryClient: QueryClient, mutationKey: QueryKey, since: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey })
    .some((m) => m.state.submittedAt >= since && m.state.status !== 'error');
}

interface Shown<T> {
  id: string;
  signature: string;
  /** When the screen started showing it: this phone's changes after it are its own. */
  since: number;
  item: T;
}

/**
 * The object (an order, a transfer) as a detail screen has shown it. A change made on this phone moves
 * it on at once; one made elsewhere to what the crew acts on (`signatureOf`) is held until the crew has
 * seen it, so the screen never silently turns into another step's screen. `changedFrom` is the object
 * shown before such a change, null when there is none; `keptHere`: this phone's actions on it still in
 * the outbox (after a reload the outbox loads after the cache; while there are some, a change is its own).
 */
export function useHeldChange<T>(item: T | undefined, { idOf, signatureOf, mutationKey }: { idOf: (item: T) => string; signatureOf: (item: T) => string; mutationKey: (id: string) => QueryKey }, keptHere = 0) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown<T> | null>(null);
  const id = item === undefined ? undefined : idOf(item);
  const signature = item === undefined ? undefined : signatureOf(item);

  const same = shown !== null && shown.id === id;
  const moved = same && signature !== undefined && shown.signature !== signature;
  // Decided while rendering, so a change of this phone's own never flashes the notice.
  const mine = moved && (keptHere > 0 || changedHere(queryClient, mutationKey(shown.id), shown.since));

  useEffect(() => {
    if (item === undefined || id === undefined || signature === undefined) return;
    if (!same || mine) setShown({ id, signature, since: Date.now(), item });
    // The object changes with every read; only what the crew acts on counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, signature, same, mine]);

  return {
    changedFrom: moved && !mine ? shown.item : null,
    /** The crew has seen the change: the screen follows the object again. */
    acknowledge: () => {
      if (item !== undefined && id !== undefined && signature !== undefined) setShown({ id, signature, since: Date.now(), item });
    },
  };
}
