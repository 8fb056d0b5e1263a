import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
/** Keys are kept two days, so a retry within 24 hours always replays. */
const KEEP_MS = 48 * 3600 * 1000;
/** A "running" key older than this belongs to a request that died mid-way. */
const STALE_RUNNING_MS = 2 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${body === undefined ? '' : JSON.stringify(body)}`)
    .digest('hex');
}

/**
 * Idempotency-Key as the IETF httpapi draft describes: the first request's
 * result is replayed for the same key and payload; another payload is 422;
 * a retry while the first is still running is 409.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    // Sign-in calls answer with cookies a replay could not repeat, and must not keep tokens.
    if (!UNSAFE.has(req.method) || key === undefined || req.url.startsWith('/api/auth/')) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
    const scope = req.principal ? `user:${req.principal.userId}` : `anon:${req.url.split('?')[0]}`;
    const hash = requestHash(req.method, req.url, req.body);
    const now = new Date();
    const inserted = await app.db
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        method: req.method,
        path: req.url,
        requestHash: hash,
        status: 'running',
        createdAt: now,
        expiresAt: new Date(now.getTime() + KEEP_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      req.idempotency = { scope, key };
      return;
    }
    const [existing] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!existing) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (existing.requestHash !== hash || existing.method !== req.method) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.status === 'running') {
      const stale = existing.createdAt.getTime() < now.getTime() - STALE_RUNNING_MS;
      if (!stale) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      await app.db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      req.idempotency = { scope, key };
      return;
    }
    reply.header('idempotent-replayed', 'true');
    return reply
      .code(existing.responseStatus ?? 200)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(existing.responseBody));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.idempotency;
    if (!idem) return payload;
    req.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key));
    if (reply.statusCode >= 500 || [401, 409, 429].includes(reply.statusCode)) {
      // Nothing was applied (or the outcome is transient): let a retry run again.
      await app.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let body: unknown;
    try {
      body = typeof payload === 'string' ? JSON.parse(payload) : null;
    } catch {
      body = null;
    }
    await app.db
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: reply.statusCode, responseBody: body })
      .where(where);
    return payload;
  });
});

/** Removes expired keys; called periodically by main. */
export async function purgeExpiredIdempotencyKeys(db: import('../db/client').Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
}
