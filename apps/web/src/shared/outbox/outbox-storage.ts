import type { UseStore } from 'idb-keyval';
import type { OutboxAction, OutboxStorage } from './outbox';

/**
 * The outbox in IndexedDB (idb-keyval): one record per action, under its key. A put
 * resolves once the transaction has committed, so an action the crew has made is on
 * disk before it is sent, and outlives a reload, a closed tab or a killed webview.
 * idb-keyval loads with the first use, not with the app's first screen.
 */
export function indexedDbOutboxStorage(name = 'gerai-outbox'): OutboxStorage {
  let store: Promise<{ kv: typeof import('idb-keyval'); db: UseStore }> | null = null;
  const open = () => (store ??= import('idb-keyval').then((kv) => ({ kv, db: kv.createStore(name, 'actions') })));
  return {
    load: async () => {
      const { kv, db } = await open();
      return kv.values<OutboxAction>(db);
    },
    put: async (action) => {
      const { kv, db } = await open();
      await kv.set(action.key, action, db);
    },
    remove: async (key) => {
      const { kv, db } = await open();
      await kv.del(key, db);
    },
  };
}

/** The phone's outbox storage: IndexedDB, or memory where there is none (tests, some private modes). */
export function defaultOutboxStorage(): OutboxStorage {
  return typeof indexedDB === 'undefined' ? memoryOutboxStorage() : indexedDbOutboxStorage();
}

/** Kept in memory only: gone with the page. */
export function memoryOutboxStorage(): OutboxStorage {
  const rows = new Map<string, OutboxAction>();
  return {
    load: async () => [...rows.values()].map((a) => structuredClone(a)),
    put: async (a) => void rows.set(a.key, structuredClone(a)),
    remove: async (key) => void rows.delete(key),
  };
}
