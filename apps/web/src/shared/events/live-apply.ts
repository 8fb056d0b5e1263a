import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { EventType } from '@gerai/contract/event-types';
import type { StreamEvent } from './event-stream';
import type { LiveContext, LiveDeclaration, StaleKey } from './live-rule';

/** Events come in bursts (a crew scanning fast, a stream catching up): their stale keys are applied together. */
export const LIVE_GATHER_MS = 250;

interface Marked {
  queryKey: QueryKey;
  exact: boolean;
  quiet: boolean;
}

type Stale = (event: StreamEvent, ctx: LiveContext) => readonly StaleKey[];
type Patch = (event: StreamEvent, ctx: Omit<LiveContext, 'patched'>) => boolean | void;

const normalise = (key: StaleKey): Marked => (Array.isArray(key) ? { queryKey: key, exact: false, quiet: false } : { exact: false, quiet: false, ...(key as Exclude<StaleKey, QueryKey>) });

/**
 * Applies events to a cache by the areas' declarations. A patch is written at once (the screen and the
 * saved copy show the step straight away); the stale keys of a burst are gathered and marked together:
 * queries on screen are read again, the others are marked and read when next shown, and a read already
 * on its way — begun before the change, whether a screen shows it or not — is cancelled and sent again,
 * so an answer from before the change never lands after it as fresh. `onApplied` runs after each burst
 * and again once the reads it set off are answered (the saved copy is written then).
 */
export function createLiveApplier(declarations: readonly LiveDeclaration[], { queryClient, storeCode = () => null, onApplied, gatherMs = LIVE_GATHER_MS }: { queryClient: QueryClient; storeCode?: () => string | null; onApplied?: () => void; gatherMs?: number }) {
  const pending = new Map<string, Marked>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const marks = [...pending.values()];
    pending.clear();
    const reads = marks.map(({ queryKey, exact, quiet }) => {
      // A read begun before the change answers with what was before it, and would land after the event
      // as fresh (TanStack does not cancel a first load for a refetch): it is cancelled and sent again.
      const inFlight = quiet ? [] : queryClient.getQueryCache().findAll({ queryKey, exact, fetchStatus: 'fetching' });
      const mark = () =>
        Promise.allSettled([
          queryClient.invalidateQueries({ queryKey, exact, refetchType: quiet ? 'none' : 'active' }),
          ...inFlight.filter((query) => !query.isActive()).map((query) => query.fetch()),
        ]);
      return inFlight.length === 0 ? mark() : queryClient.cancelQueries({ queryKey, exact, fetchStatus: 'fetching' }).then(mark, mark);
    });
    onApplied?.();
    // Again once the reads the burst set off are answered: the copy then holds what the change made,
    // so a reload right after the screen shows it never brings back the state before it.
    void Promise.allSettled(reads).then(() => onApplied?.());
  };

  const apply = (event: StreamEvent) => {
    const type = event.type as EventType;
    const base = { queryClient, storeCode: storeCode() };
    for (const declaration of declarations) {
      const patch = declaration.patch?.[type] as Patch | undefined;
      const patched = patch ? patch(event, base) === true : false;
      const stale = declaration.stale[type] as Stale | undefined;
      for (const key of stale?.(event, { ...base, patched }) ?? []) {
        const mark = normalise(key);
        const id = `${hashKey(mark.queryKey)}|${mark.exact}`;
        const held = pending.get(id);
        // One that reads again wins over one that only marks.
        pending.set(id, held ? { ...held, quiet: held.quiet && mark.quiet } : mark);
      }
    }
    if (pending.size === 0) {
      onApplied?.();
      return;
    }
    timer ??= setTimeout(flush, gatherMs);
  };

  /** Leaving (signed out): what was gathered is dropped with the session's cache. */
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending.clear();
  };
  return { apply, flush, stop };
}
