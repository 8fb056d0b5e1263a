import { LRUCache } from 'lru-cache';

/**
 * Replies of a store's busiest reads (order counts and lists), kept until the
 * store changes. Every change to a store's orders sends an event, which every
 * process hears through LISTEN/NOTIFY and turns into `invalidate(store)`; the
 * process that made the change also invalidates before it answers, so a phone
 * never reads its own change stale. The TTL bounds what a change made outside
 * the app (plain SQL) can leave behind.
 *
 * A read remembers the store's generation when it starts and keeps its result
 * only if no change arrived meanwhile, so a read racing a change never stores
 * what it read before the change. Concurrent misses of one key share one load.
 */
export class StoreReadCache {
  private readonly generations = new Map<string, number>();
  private readonly entries: LRUCache<string, { generation: number; value: unknown }>;
  private readonly loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private everything = 0;
  /** While this process cannot hear other processes' changes (LISTEN down), every read goes to the database. */
  private suspended = false;

  constructor(private readonly options: { ttlMs: number; max: number }) {
    this.entries = new LRUCache({ max: options.max, ttl: Math.max(1, options.ttlMs) });
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  private generation(storeCode: string): number {
    return this.everything + (this.generations.get(storeCode) ?? 0);
  }

  /** A store changed; null: a change that may touch every store. */
  invalidate(storeCode: string | null): void {
    if (storeCode === null) this.everything++;
    else this.generations.set(storeCode, (this.generations.get(storeCode) ?? 0) + 1);
  }

  /** Changes made elsewhere can no longer reach this cache: forget everything and read through until `resume`. */
  suspend(): void {
    this.suspended = true;
    this.invalidate(null);
    this.entries.clear();
  }

  /** Changes are heard again (and the missed ones were replayed): start afresh. */
  resume(): void {
    this.invalidate(null);
    this.entries.clear();
    this.suspended = false;
  }

  async read<T>(storeCode: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled || this.suspended) return load();
    const id = `${storeCode}\n${key}`;
    const generation = this.generation(storeCode);
    const hit = this.entries.get(id);
    if (hit?.generation === generation) return hit.value as T;
    const pending = this.loading.get(id);
    if (pending?.generation === generation) return pending.promise as Promise<T>;
    const promise = load();
    this.loading.set(id, { generation, promise });
    try {
      const value = await promise;
      if (this.generation(storeCode) === generation) this.entries.set(id, { generation, value });
      return value;
    } finally {
      if (this.loading.get(id)?.promise === promise) this.loading.delete(id);
    }
  }
}
