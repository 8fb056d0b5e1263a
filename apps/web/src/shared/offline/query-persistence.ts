import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { WEB_APP_VERSION } from '../config/app';

/**
 * What the phone has read (counts, lists, order details, the member) kept in IndexedDB,
 * so that without a connection — a reload in the stock room included — the crew still
 * sees the orders it opened and can go on picking. A shift's worth is kept; a new build
 * starts afresh, since reply shapes may have changed.
 *
 * The saved copy is a fallback, never the truth (decision NNN):
 * - It is saved a moment after the cache changes, at once after a live event was applied
 *   (`saveQueriesNow`, called by the shell's live subscriber), and when the page is hidden
 *   or left. The event stream's resume point moves with every event, so a reload after it
 *   does not replay the event: its effect must already be in the copy.
 * - What it brings back is stale: restored queries are marked so, and every screen reads
 *   them again as soon as it shows them (offline, the copy stays on screen). A copy that
 *   came back "fresh" (read less than its staleTime ago) was shown as the truth, for as long
 *   as nothing else asked for it — a ticket closed on the phone came back "Selesai".
 * - A copy older than what the network has already brought is ignored (hydrate keeps the
 *   newer data), and the live subscriber starts only after the restore (`whenRestored`), so
 *   an event replayed on a reload is applied on top of the copy, never under it.
 *
 * TanStack's own persister packages pin an older query-core than the app's (two copies of
 * the cache code in the bundle); this uses react-query's own dehydrate and hydrate.
 */
export const PERSISTED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SAVE_AFTER_MS = 500;
const KEY = 'queries';

interface Persisted {
  version: string;
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | null = null;
const db = () => (store ??= createStore('gerai-cache', 'queries'));

async function restore(queryClient: QueryClient, now: number): Promise<void> {
  const kept = await get<Persisted>(KEY, db());
  if (!kept) return;
  if (kept.version !== WEB_APP_VERSION || now - kept.savedAt > PERSISTED_MAX_AGE_MS) {
    await del(KEY, db());
    return;
  }
  const cache = queryClient.getQueryCache();
  // Only what the copy brings back: a query the network already answered more recently stays as it is.
  const taken = kept.state.queries
    .filter((q) => {
      const current = cache.get(q.queryHash);
      return !current || current.state.dataUpdatedAt < q.state.dataUpdatedAt;
    })
    .map((q) => q.queryHash);
  hydrate(queryClient, kept.state);
  for (const hash of taken) cache.get(hash)?.invalidate();
}

async function save(queryClient: QueryClient): Promise<void> {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  await set(KEY, { version: WEB_APP_VERSION, savedAt: Date.now(), state } satisfies Persisted, db());
}

interface Running {
  restored: Promise<void>;
  saveNow: () => void;
}
let running: Running | null = null;

/** Resolves once what an earlier page kept is back in the cache (at once when nothing is kept on this phone). */
export const whenRestored = (): Promise<void> => running?.restored ?? Promise.resolve();

/** Saves the cache now (a live event was applied), not a moment later. */
export const saveQueriesNow = (): void => running?.saveNow();

/** Restores what an earlier page kept, then keeps the cache saved. */
export function startQueryPersistence(queryClient: QueryClient): { restored: Promise<void>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let unsubscribe = () => {};
  let started = false;
  // One write at a time, in order; a request while one runs is one more write after it.
  let writing: Promise<void> = Promise.resolve();
  let queued = false;
  const saveNow = () => {
    if (!started || stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    if (queued) return;
    queued = true;
    writing = writing.then(() => {
      queued = false;
      return save(queryClient).catch(() => undefined);
    });
  };
  const onHidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') saveNow();
  };
  const restored = restore(queryClient, Date.now()).catch(() => undefined);
  const handle: Running = { restored, saveNow };
  running = handle;
  // Saving starts after the restore: an empty cache must not overwrite what was kept.
  void restored.then(() => {
    if (stopped) return;
    started = true;
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
      // Gathered: a burst of updates (a list arriving) is one save, off the path of the render.
      timer ??= setTimeout(saveNow, SAVE_AFTER_MS);
    });
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', saveNow);
      document.addEventListener('visibilitychange', onHidden);
    }
  });
  return {
    restored,
    stop: () => {
      stopped = true;
      if (running === handle) running = null;
      unsubscribe();
      if (typeof window !== 'undefined') {
        window.removeEventListener('pagehide', saveNow);
        document.removeEventListener('visibilitychange', onHidden);
      }
      if (timer) clearTimeout(timer);
    },
  };
}

/** Signing out: nothing read for this member stays on the phone. */
export async function forgetPersistedQueries(): Promise<void> {
  if (typeof indexedDB === 'undefined') return; // nothing was kept (tests, some private modes)
  await del(KEY, db());
}
