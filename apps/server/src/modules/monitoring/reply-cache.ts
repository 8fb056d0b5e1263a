import type { FastifyInstance } from 'fastify';
import {
  hasRoleAtLeast,
  MONITORING_CHANGING_EVENT_TYPES,
  SEE_PEOPLE_MIN_ROLE,
  type EventType,
  type Monitoring,
  type MonitoringLate,
  type MonitoringQuery,
  type MonitoringStoreRows,
  type MonitoringTile,
  type MonitoringTileStores,
} from '@gerai/contract';
import type { EventBus } from '../../platform/events';
import type { Principal } from '../../platform/principal';
import { StoreReadCache } from '../../platform/read-cache';
import { assertStoreVisible } from '../../platform/scope';
import { loadLateOrders } from './late-orders';
import { loadMonitoring, loadStoreRows } from './queries';
import { monitoringSettings } from './settings';
import { loadTileStores } from './tile-stores';

declare module 'fastify' {
  interface FastifyInstance {
    monitoringCache: StoreReadCache;
  }
}

/** MONITORING_CHANGING_EVENT_TYPES (contract) as a set, for the bus's every event. */
const CHANGING: ReadonlySet<EventType> = new Set<EventType>(MONITORING_CHANGING_EVENT_TYPES);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The monitoring reply cache of the app (decision 99): the store read cache over a caller's scope, each
 * reply kept no longer than the moment its next order goes late. Cleared per store by the events that
 * change its figures (every process hears them), and by the caller's own change over everything the
 * caller sees before it answers.
 * Subscribed before any SSE stream, so a phone told of a change never reads the reply from before it.
 */
export function registerMonitoringCache(app: FastifyInstance, bus: EventBus): StoreReadCache {
  const cache = new StoreReadCache({ ttlMs: app.config.READ_CACHE_TTL_MS, max: 2_000 });
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

/** The scope a monitoring read covers (the caller's, or the one store asked for) and its cache key's stores. */
function scopeOf(p: Principal, q: MonitoringQuery): { scope: readonly string[] | 'all'; stores: string } {
  if (q.storeCode !== undefined) assertStoreVisible(p, q.storeCode);
  const scope: readonly string[] | 'all' = q.storeCode !== undefined ? [q.storeCode] : p.storeCodes;
  return { scope, stores: scope === 'all' ? '*' : scope.join(',') };
}

/** GET /api/monitoring's reply for the caller: from the cache, or read (as of now) and kept. No person is named, so one reply for every caller of that scope. */
export async function monitoringFor(app: FastifyInstance, p: Principal, q: MonitoringQuery): Promise<Monitoring> {
  const { scope, stores } = scopeOf(p, q);
  const settings = monitoringSettings(app.config);
  return app.monitoringCache.readScoped(scope, `${stores}\nfigures`, async () => {
    const { data, lateChangesAt } = await loadMonitoring(app.db, p, q, settings);
    return { value: data, until: lateChangesAt?.getTime() ?? Number.POSITIVE_INFINITY };
  });
}

/**
 * GET /api/monitoring/late's reply for the caller: kept like the snapshot, per scope and right to see people (two
 * callers with the same stores and the same right get the same reply), until the next order of the scope goes late.
 */
export async function lateOrdersFor(app: FastifyInstance, p: Principal, q: MonitoringQuery): Promise<MonitoringLate> {
  const { scope, stores } = scopeOf(p, q);
  const seesPeople = hasRoleAtLeast(p.roleId, SEE_PEOPLE_MIN_ROLE);
  const settings = monitoringSettings(app.config);
  return app.monitoringCache.readScoped(scope, `${stores}\nlate ${seesPeople ? 'people' : 'figures'}`, async () => {
    const { data, lateChangesAt } = await loadLateOrders(app.db, p, q, settings);
    return { value: data, until: lateChangesAt?.getTime() ?? Number.POSITIVE_INFINITY };
  });
}

/**
 * GET /api/monitoring/stores's reply for the caller ("Per toko"): kept like the snapshot, per scope (no person is
 * named, so one reply for every caller of that scope), until the next order of the scope goes late.
 */
export async function storeRowsFor(app: FastifyInstance, p: Principal, q: MonitoringQuery): Promise<MonitoringStoreRows> {
  const { scope, stores } = scopeOf(p, q);
  const settings = monitoringSettings(app.config);
  return app.monitoringCache.readScoped(scope, `${stores}\nstore rows`, async () => {
    const { data, lateChangesAt } = await loadStoreRows(app.db, p, q, settings);
    return { value: data, until: lateChangesAt?.getTime() ?? Number.POSITIVE_INFINITY };
  });
}

/**
 * GET /api/monitoring/tiles/:tile's reply for the caller: a tile's stores over the caller's scope, kept like the
 * snapshot (cleared by the same events and changes). What it counts does not move with the clock.
 */
export async function tileStoresFor(app: FastifyInstance, p: Principal, tile: MonitoringTile): Promise<MonitoringTileStores> {
  const scope = p.storeCodes;
  const key = `${scope === 'all' ? '*' : scope.join(',')}\ntile ${tile}`;
  return app.monitoringCache.readScoped(scope, key, async () => ({ value: await loadTileStores(app.db, p, tile), until: Number.POSITIVE_INFINITY }));
}
