import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STOCK_MOVING_EVENT_TYPES, type EventType } from '@gerai/contract';
import type { EventBus } from '../../platform/events';
import { StoreReadCache } from '../../platform/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    stockCache: StoreReadCache;
  }
}

/** The cache's one partition: a move in any store may change what any nearby store's lookup shows. */
const CHAIN = '*';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MOVING: ReadonlySet<string> = new Set<EventType>(STOCK_MOVING_EVENT_TYPES);

/** Set around a change's handler; moveStock marks it so the reply clears the cache after the commit. */
const changeInHand = new AsyncLocalStorage<{ moved: boolean }>();
const contexts = new WeakMap<FastifyRequest, { moved: boolean }>();

/** Called by the ledger: this request moved stock (its reply, sent after the commit, clears the cache). */
export function noteStockMoved(): void {
  const ctx = changeInHand.getStore();
  if (ctx) ctx.moved = true;
}

/**
 * Replies of the stock lookup and the booking store lists, kept until stock moves anywhere in the
 * chain (decision 97): every stock-moving event, heard by every process through LISTEN/NOTIFY, clears
 * them, and the process that moved stock clears them before it answers, so a phone never reads its
 * own change stale. The store read cache's generations keep a read that raced a move from storing
 * what it read before it; STOCK_CACHE_TTL_MS bounds a change made outside the app; 0 turns it off.
 */
export function registerStockReplyCache(app: FastifyInstance, bus: EventBus): StoreReadCache {
  const cache = new StoreReadCache({ ttlMs: app.config.STOCK_CACHE_TTL_MS, max: 20_000 });
  bus.subscribe((e) => {
    if (MOVING.has(e.type)) cache.invalidate(CHAIN);
  });
  bus.onConnectionChange((connected) => (connected ? cache.resume() : cache.suspend()));
  app.decorate('stockCache', cache);
  app.addHook('preHandler', (req, _reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    const ctx = { moved: false };
    contexts.set(req, ctx);
    changeInHand.run(ctx, done);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (contexts.get(req)?.moved) cache.invalidate(CHAIN);
    return payload;
  });
  return cache;
}

/** A stock reply from the cache, or read and kept; `key` names everything the reply depends on. */
export function cachedStockReply<T>(app: FastifyInstance, key: string, load: () => Promise<T>): Promise<T> {
  return app.stockCache.read(CHAIN, key, load);
}
