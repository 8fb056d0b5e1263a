import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, getTableColumns, isNull, lt, not, or, sql } from 'drizzle-orm';
import { Batcher } from '../db/batcher';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { statement } from '../db/statement';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, isDatabaseUnavailable } from './errors';
import { ownerAlive } from './process-heartbeat';
import { assertAccessGranted } from './route-kit';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
/** Keys are kept two days, so a retry within 24 hours always replays. */
const KEEP_MS = 48 * 3600 * 1000;
/** A "running" key older than this belongs to a request that died mid-way (sooner when its process is gone: process-heartbeat.ts). */
const STALE_RUNNING_MS = 2 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
  interface FastifyContextConfig {
    /**
     * Fields of the reply's `data` that are secrets answered once (a transfer's PIN): the
     * idempotency log keeps the reply with each of them set to null, so a replay answers null and
     * the secret is never stored. `config: { replySecrets: ['secret'] }`.
     */
    replySecrets?: readonly string[];
  }
}

/** The reply as the idempotency log keeps it: the route's secret fields of `data` nulled (never stored). */
export function storedReply(body: unknown, secrets: readonly string[] | undefined): unknown {
  if (!secrets?.length || body === null || typeof body !== 'object' || !('data' in body)) return body;
  const { data } = body as { data: unknown };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return body;
  return { ...body, data: { ...data, ...Object.fromEntries(secrets.map((name) => [name, null])) } };
}

interface KeyToReserve {
  scope: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  owner: string;
  createdAt: string;
  expiresAt: string;
}

interface KeyOutcome {
  scope: string;
  key: string;
  /** null: nothing was applied, so the key is released for a retry. */
  responseStatus: number | null;
  responseBody: unknown;
}

const reserveKeys = statement<{ scope: string; key: string }, [keys: string]>(
  'idempotency_reserve',
  `insert into idempotency_keys (scope, key, method, path, request_hash, status, owner, created_at, expires_at)
   select k.scope, k.key, k.method, k.path, k."requestHash", 'running', k.owner, k."createdAt", k."expiresAt"
   from jsonb_to_recordset($1::jsonb) as k(scope text, key text, method text, path text, "requestHash" text, owner text, "createdAt" timestamptz, "expiresAt" timestamptz)
   on conflict do nothing
   returning scope, key`,
);

const finishKeys = statement<never, [outcomes: string]>(
  'idempotency_finish',
  `with o as (
     select * from jsonb_to_recordset($1::jsonb) as o(scope text, key text, "responseStatus" int, "responseBody" jsonb)
   ), released as (
     delete from idempotency_keys k using o
     where o."responseStatus" is null and k.applied_at is null and k.scope = o.scope and k.key = o.key
   )
   -- A change that committed and then failed to answer keeps its key, answered "already applied" from then on.
   update idempotency_keys k set status = 'done', response_status = o."responseStatus", response_body = o."responseBody"
   from o where (o."responseStatus" is not null or k.applied_at is not null) and k.scope = o.scope and k.key = o.key`,
);

/**
 * The key of the request being handled, for the change's own transaction to
 * mark (markKeyApplied): set around the route handler by the plugin below.
 */
const keyInHand = new AsyncLocalStorage<{ scope: string; key: string }>();

/** The Idempotency-Key the current request holds, if any (the scan batch marks it in its own statement). */
export function currentIdempotencyKey(): { scope: string; key: string } | null {
  return keyInHand.getStore() ?? null;
}

/**
 * Called inside every keyed change's transaction (recordChange does): the key
 * is applied exactly when the change commits. A retry of a key whose request
 * died between the commit and its reply is then answered, not run again.
 */
export async function markKeyApplied(tx: Tx): Promise<void> {
  const held = keyInHand.getStore();
  if (!held) return;
  await tx
    .update(idempotencyKeys)
    .set({ appliedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.scope, held.scope), eq(idempotencyKeys.key, held.key)));
}

/**
 * The update that marks keys applied inside a batched change's own statement (the scan batch, orders/scan.ts), as
 * markKeyApplied does in one change's transaction: `counted` names a relation of the (scope, key) pairs to mark. Each
 * key is found by primary key through arrays (scope = any, key = any, then the exact pair), never by a join: the
 * planner takes a set-returning function for 1000 rows and a jsonb recordset for 100, so a join with
 * idempotency_keys was planned as a hash join over a sequential scan of the whole table, and a prepared statement
 * keeps that plan as the table grows. A lookup of up to a batch's keys stays one (idempotency-plan.test.ts).
 */
export const markKeysAppliedSql = (counted: string) => `update idempotency_keys k set applied_at = now()
     where k.scope = any(array(select scope from ${counted})) and k.key = any(array(select key from ${counted}))
       and k.scope || ' ' || k.key = any(array(select scope || ' ' || key from ${counted}))`;

// Keyed requests arriving together (a picker's scans, mostly) reserve and settle their keys in one round trip each.
const batchers = new WeakMap<Db, { reserve: Batcher<KeyToReserve, boolean>; finish: Batcher<KeyOutcome, null> }>();
function keyBatchers(db: Db) {
  let b = batchers.get(db);
  if (!b) {
    b = {
      reserve: new Batcher<KeyToReserve, boolean>(
        async (keys) => {
          const inserted = new Set((await reserveKeys(db, JSON.stringify(keys))).map((r) => `${r.scope}\n${r.key}`));
          // The same key twice in one batch: only its first request holds it.
          const seen = new Set<string>();
          return keys.map((k) => {
            const id = `${k.scope}\n${k.key}`;
            const won = inserted.has(id) && !seen.has(id);
            seen.add(id);
            return won;
          });
        },
        { maxBatch: 64, concurrency: 2 },
      ),
      finish: new Batcher<KeyOutcome, null>(
        async (outcomes) => {
          await finishKeys(db, JSON.stringify(outcomes));
          return outcomes.map(() => null);
        },
        { maxBatch: 64, concurrency: 2 },
      ),
    };
    batchers.set(db, b);
  }
  return b;
}

export function requestHash(method: string, url: string, body: unknown): string {
  let text: string;
  try {
    text = body === undefined ? '' : JSON.stringify(body);
  } catch {
    // Nested deeper than JSON.stringify's stack allows: a route without a body schema was sent a hostile document.
    throw new AppError('VALIDATION_FAILED');
  }
  return createHash('sha256').update(`${method} ${url}\n${text}`).digest('hex');
}

/**
 * Idempotency-Key as the IETF httpapi draft describes: the first request's
 * result is replayed for the same key and payload; another payload is 422;
 * a retry while the first is still running is 409. Runs in preHandler, after
 * the route kit proved the caller (session in onRequest, channel signature in
 * preValidation), and checks that it did.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    // Sign-in calls answer with cookies a replay could not repeat, and must not keep tokens; an unknown route is a 404 either way.
    if (!UNSAFE.has(req.method) || key === undefined || req.url.startsWith('/api/auth/') || req.is404) return;
    // A replay answers with what the first caller got: only ever to a caller the route accepted.
    assertAccessGranted(req);
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
    const scope = req.principal ? `user:${req.principal.userId}` : `anon:${req.url.split('?')[0]}`;
    const hash = requestHash(req.method, req.url, req.body);
    const now = new Date();
    const reserved = await keyBatchers(app.db).reserve.submit({
      scope,
      key,
      method: req.method,
      path: req.url,
      requestHash: hash,
      owner: app.processId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + KEEP_MS).toISOString(),
    });
    if (reserved) {
      req.idempotency = { scope, key };
      return;
    }
    const [existing] = await app.db
      .select({ ...getTableColumns(idempotencyKeys), ownerAlive: ownerAlive(idempotencyKeys.owner) })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!existing) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (existing.requestHash !== hash || existing.method !== req.method) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    // Its request may still be running: it is young and its process is alive (a killed process's keys are free at once).
    const inProgress = existing.status === 'running' && existing.ownerAlive && existing.createdAt.getTime() >= now.getTime() - STALE_RUNNING_MS;
    if (existing.appliedAt && (existing.status === 'running' || existing.responseStatus === null)) {
      // The change committed but its reply was never written (the process died, or failed after the commit).
      if (inProgress) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      throw new AppError('IDEMPOTENCY_ALREADY_APPLIED');
    }
    if (existing.status === 'running') {
      if (inProgress) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      // Its request died before its change committed: this retry takes the key over. The condition is checked
      // again under the row lock, so a transaction of the dead request that commits meanwhile wins.
      const [taken] = await app.db
        .update(idempotencyKeys)
        .set({ createdAt: now, owner: app.processId })
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.status, 'running'),
            isNull(idempotencyKeys.appliedAt),
            or(lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_RUNNING_MS)), not(ownerAlive(idempotencyKeys.owner))),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (!taken) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      req.idempotency = { scope, key };
      return;
    }
    reply.header('idempotent-replayed', 'true');
    return reply
      .code(existing.responseStatus ?? 200)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(existing.responseBody));
  });

  // After the key is held: the handler and every transaction it opens run with it in hand.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.idempotency) keyInHand.run(req.idempotency, done);
    else done();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.idempotency;
    if (!idem) return payload;
    req.idempotency = null;
    if (reply.statusCode >= 500 || [401, 409, 429].includes(reply.statusCode)) {
      // Nothing was applied (or the outcome is transient): let a retry run again.
      await finishKey(app.db, { ...idem, responseStatus: null, responseBody: null }, req.log);
      return payload;
    }
    let body: unknown;
    try {
      body = typeof payload === 'string' ? JSON.parse(payload) : null;
    } catch {
      body = null;
    }
    await finishKey(app.db, { ...idem, responseStatus: reply.statusCode, responseBody: storedReply(body, req.routeOptions.config.replySecrets) }, req.log);
    return payload;
  });
});

/** How long a key's outcome is retried in the background while the database is away (a restart takes seconds). */
const FINISH_RETRY_FOR_MS = 60_000;
const FINISH_RETRY_EVERY_MS = 1_000;

/**
 * Settles a key with its outcome. When the database went away after the key was taken (a restart,
 * a failover), the outcome is written once it is back instead of failing the reply: otherwise the
 * key would stay "running" and every retry of the phone's action would be refused for
 * STALE_RUNNING_MS. The reply is still true: a change commits (and marks its key applied) before it.
 */
async function finishKey(db: Db, outcome: KeyOutcome, log: FastifyBaseLogger): Promise<void> {
  try {
    await keyBatchers(db).finish.submit(outcome);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    const until = Date.now() + FINISH_RETRY_FOR_MS;
    const retry = () => {
      keyBatchers(db)
        .finish.submit(outcome)
        .catch((again: unknown) => {
          if (isDatabaseUnavailable(again) && Date.now() < until) setTimeout(retry, FINISH_RETRY_EVERY_MS).unref();
          else log.error({ err: again, key: outcome.key }, 'idempotency key left running');
        });
    };
    setTimeout(retry, FINISH_RETRY_EVERY_MS).unref();
  }
}

/** Removes expired keys; called periodically by main. */
export async function purgeExpiredIdempotencyKeys(db: import('../db/client').Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
}
