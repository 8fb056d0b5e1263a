import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hasRoleAtLeast, MONITORING_CHANGING_EVENT_TYPES, SEE_PEOPLE_MIN_ROLE, type EventType, type Monitoring, type MonitoringQuery } from '@gerai/contract';
import type { EventBus } from '../../platform/events';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible } from '../../platform/scope';
import { loadMonitoring } from './queries';
import { monitoringSettings } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    monitoringCache: MonitoringCache;
  }
}

/** The stores a reply covers: every store, or these. */
export type CacheScope = readonly string[] | 'all';

/** MONITORING_CHANGING_EVENT_TYPES (contract) as a set, for the bus's every event. */
const CHANGING: ReadonlySet<EventType> = new Set<EventType>(MONITORING_CHANGING_EVENT_TYPES);

/**
 * Monitoring replies kept until something they count changes (decision 37's rule, over a scope of many
 * stores): an event of one of the scope's stores, heard by every process, or the caller's own change; or
 * the moment the next order goes late, which a reply knows; or READ_CACHE_TTL_MS (0: off), which bounds
 * a change made outside the app and how old `generatedAt` and the ages may be. A read keeps its result
 * only if nothing in its scope changed while it ran; concurrent misses of one key share one load.
 */
export class MonitoringCache {
  /** Bumped by every change: what a whole-chain reply depends on. */
  private anyChange = 0;
  /** Changes of no one store, or of every store (a super user's own change). */
  private everyStore = 0;
  private readonly storeChanges = new Map<string, number>();
  private readonly entries: LRUCache<string, { generation: number; until: number; value: unknown }>;
  private readonly loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private suspended = false;

  constructor(private readonly options: { ttlMs: number; max: number }) {
    this.entries = new LRUCache({ max: options.max, ttl: Math.max(1, options.ttlMs) });
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0 && !this.suspended;
  }

  /** Something of `storeCode` changed; null: of no store or of every store. */
  invalidate(storeCode: string | null): void {
    this.anyChange++;
    if (storeCode === null) this.everyStore++;
    else this.storeChanges.set(storeCode, (this.storeChanges.get(storeCode) ?? 0) + 1);
  }

  /** Something in every store of `scope` may have changed. */
  invalidateScope(scope: CacheScope): void {
    if (scope === 'all') this.invalidate(null);
    else for (const storeCode of scope) this.invalidate(storeCode);
  }

  /** Changes made elsewhere can no longer reach this cache (LISTEN down): forget everything and read through until `resume`. */
  suspend(): void {
    this.suspended = true;
    this.invalidate(null);
    this.entries.clear();
  }

  resume(): void {
    this.invalidate(null);
    this.entries.clear();
    this.suspended = false;
  }

  /** Only grows, and grows with every change in the scope. */
  private generation(scope: CacheScope): number {
    if (scope === 'all') return this.anyChange;
    let g = this.everyStore;
    for (const storeCode of scope) g += this.storeChanges.get(storeCode) ?? 0;
    return g;
  }

  /** The reply for `key` (which names everything it depends on besides the scope's data), kept until `until` (ms) at most. */
  async read<T>(scope: CacheScope, key: string, load: () => Promise<{ value: T; until: number }>): Promise<T> {
    if (!this.enabled) return (await load()).value;
    const generation = this.generation(scope);
    const hit = this.entries.get(key);
    if (hit?.generation === generation && Date.now() < hit.until) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending?.generation === generation) return pending.promise as Promise<T>;
    const started = Date.now();
    const loaded = load();
    const promise = loaded.then((r) => r.value);
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The monitoring reply cache of the app: cleared per store by the events that change its figures (every
 * process hears them), and by the caller's own change over everything the caller sees before it answers.
 * Subscribed before any SSE stream, so a phone told of a change never reads the reply from before it.
 */
export function registerMonitoringCache(app: FastifyInstance, bus: EventBus): MonitoringCache {
  const cache = new MonitoringCache({ ttlMs: app.config.READ_CACHE_TTL_MS, max: 2_000 });
  bus.subscribe((e) => {
    if (CHANGING.has(e.type)) cache.invalidate(e.storeCode);
  });
  bus.onConnectionChange((connected) => (connected ? cache.resume() : cache.suspend()));
  app.decorate('monitoringCache', cache);
  app.addHook('onSend', async (req, reply, payload) => {
    if (!SAFE_METHODS.has(req.method) && reply.statusCode < 400 && req.principal) cache.invalidateScope(req.principal.storeCodes);
    return payload;
  });
  return cache;
}

/** GET /api/monitoring's reply for the caller: from the cache, or read (as of now) and kept. */
export async function monitoringFor(app: FastifyInstance, p: Principal, q: MonitoringQuery): Promise<Monitoring> {
  if (q.storeCode !== undefined) assertStoreVisible(p, q.storeCode);
  const scope: CacheScope = q.storeCode !== undefined ? [q.storeCode] : p.storeCodes;
  const seesPeople = hasRoleAtLeast(p.roleId, SEE_PEOPLE_MIN_ROLE);
  // Two callers with the same stores and the same right to see people get the same reply.
  const key = `${scope === 'all' ? '*' : scope.join(',')}\n${seesPeople ? 'people' : 'figures'}`;
  const settings = monitoringSettings(app.config);
  return app.monitoringCache.read(scope, key, async () => {
    const { data, lateChangesAt } = await loadMonitoring(app.db, p, q, settings);
    return { value: data, until: lateChangesAt?.getTime() ?? Number.POSITIVE_INFINITY };
  });
}
