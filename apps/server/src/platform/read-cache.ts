import { LRUCache } from 'lru-cache';

/** The stores a kept reply depends on: one store, several (an area), or every store. */
export type CacheScope = string | readonly string[] | 'all';

/**
 * Replies of busy reads (a store's order counts and lists, stock lookups, monitoring over a scope),
 * kept until something they depend on changes. Every change to a store sends an event, which every
 * process hears through LISTEN/NOTIFY and turns into `invalidate(store)`; the process that made the
 * change also invalidates before it answers, so a phone never reads its own change stale. The TTL
 * bounds what a change made outside the app (plain SQL) can leave behind; a reply may say when it
 * goes stale by itself (`until`: monitoring's next order to go late).
 *
 * A read remembers its scope's generation when it starts and keeps its result only if no change
 * arrived meanwhile, so a read racing a change never stores what it read before the change.
 * Concurrent misses of one key share one load.
 */
export class StoreReadCache {
  private readonly generations = new Map<string, number>();
  private readonly entries: LRUCache<string, { generation: number; until: number; value: unknown }>;
  private readonly loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  /** Changes of no one store, or of every store. */
  private everything = 0;
  /** Every change, of any store: what a reply over every store depends on. */
  private anyChange = 0;
  /** While this process cannot hear other processes' changes (LISTEN down), every read goes to the database. */
  private suspended = false;

  constructor(private readonly options: { ttlMs: number; max: number }) {
    this.entries = new LRUCache({ max: options.max, ttl: Math.max(1, options.ttlMs) });
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** Only grows, and grows with every change in the scope. */
  private generation(scope: CacheScope): number {
    if (scope === 'all') return this.anyChange;
    if (typeof scope === 'string') return this.everything + (this.generations.get(scope) ?? 0);
    let g = this.everything;
    for (const storeCode of scope) g += this.generations.get(storeCode) ?? 0;
    return g;
  }

  /** A store changed; null: a change that may touch every store. */
  invalidate(storeCode: string | null): void {
    this.anyChange++;
    if (storeCode === null) this.everything++;
    else this.generations.set(storeCode, (this.generations.get(storeCode) ?? 0) + 1);
  }

  /** Something in every store of `scope` may have changed. */
  invalidateScope(scope: CacheScope): void {
    if (scope === 'all') this.invalidate(null);
    else for (const storeCode of typeof scope === 'string' ? [scope] : scope) this.invalidate(storeCode);
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

  /** A store's reply for `key`, kept until the store changes. */
  read<T>(storeCode: string, key: string, load: () => Promise<T>): Promise<T> {
    return this.readScoped(storeCode, `${storeCode}\n${key}`, async () => ({ value: await load(), until: Number.POSITIVE_INFINITY }));
  }

  /** The reply for `key` (which names everything it depends on besides the scope's data), kept until the scope changes or `until` (ms) at most. */
  async readScoped<T>(scope: CacheScope, key: string, load: () => Promise<{ value: T; until: number }>): Promise<T> {
    if (!this.enabled || this.suspended) return (await load()).value;
    const generation = this.generation(scope);
    const hit = this.entries.get(key);
    if (hit?.generation === generation && Date.now() < hit.until) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending?.generation === generation) return pending.promise as Promise<T>;
    const started = Date.now();
    const loaded = load();
    const promise = loaded.then((r) => r.value);
    // A failed load is this caller's error (through `loaded`) and each sharer's (through `promise`); never an unhandled one.
    promise.catch(() => undefined);
    this.loading.set(key, { generation, promise });
    try {
      const { value, until } = await loaded;
      if (this.generation(scope) === generation) this.entries.set(key, { generation, until: Math.min(until, started + this.options.ttlMs), value });
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }
}
