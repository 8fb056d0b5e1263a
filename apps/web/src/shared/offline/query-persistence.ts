import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { WEB_APP_VERSION } from '../config/app';

/**
 * What the phone has read (counts, lists, order details, the member) kept in IndexedDB,
 * so that without a connection — a reload in the stock room included — the crew still
 * sees the orders it opened and can go on picking. Restored when the app starts (a copy
 * older than what the network has already brought is ignored: hydration keeps the newer
 * data), saved a second after the cache settles. A shift's worth is kept; a new build
 * starts afresh, since reply shapes may have changed.
 *
 * TanStack's own persister packages pin an older query-core than the app's (two copies of
 * the cache code in the bundle); this uses react-query's own dehydrate and hydrate.
 */
export const PERSISTED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SAVE_AFTER_MS = 1_000;
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
  hydrate(queryClient, kept.state);
}

async function save(queryClient: QueryClient): Promise<void> {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  await set(KEY, { version: WEB_APP_VERSION, savedAt: Date.now(), state } satisfies Persisted, db());
}

/** Restores what an earlier page kept, then keeps the cache saved. */
export function startQueryPersistence(queryClient: QueryClient): { restored: Promise<void>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let unsubscribe = () => {};
  const restored = restore(queryClient, Date.now()).catch(() => undefined);
  // Saving starts after the restore: an empty cache must not overwrite what was kept.
  void restored.then(() => {
    if (stopped) return;
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
      // Gathered: a burst of updates (a list arriving) is one save, off the path of the render.
      timer ??= setTimeout(() => {
        timer = null;
        void save(queryClient).catch(() => undefined);
      }, SAVE_AFTER_MS);
    });
  });
  return {
    restored,
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}

/** Signing out: nothing read for this member stays on the phone. */
export async function forgetPersistedQueries(): Promise<void> {
  if (typeof indexedDB === 'undefined') return; // nothing was kept (tests, some private modes)
  await del(KEY, db());
}
