import type { ServerResponse } from 'node:http';
import { and, asc, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isEventType } from '@gerai/contract';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { principalOf } from './auth';
import { canSeeStore, type Principal } from './principal';
import { access, readReplies } from './route-kit';
import { storeScope } from './scope';
import { latestEventId, REPLAY_MAX_PAGES, REPLAY_PAGE, toStored, type StoredEvent } from './event-bus';

// The event stream (GET /api/events) and the retention of stored events; the bus itself: event-bus.ts.
export { EventBus, type EventBusOptions, type StoredEvent } from './event-bus';

const KEEPALIVE_MS = 20_000;
/**
 * Bytes a stream may have waiting for a slow client (past the socket's own buffers) before it
 * is dropped; the client reconnects with Last-Event-ID and replays what it missed. ~500 events.
 */
export const MAX_STREAM_BUFFER_BYTES = 256 * 1024;
/** Live events held for one stream while its replay query runs; more means the replay is stuck. */
const MAX_PENDING_EVENTS = 2_000;
/** Ids one stream sent lately, so an event replayed and also heard live goes out once. */
const STREAM_SENT_IDS = 2_000;

function formatSse(e: StoredEvent, withId: boolean): string {
  const data = JSON.stringify({ ...((e.payload as object) ?? {}), storeCode: e.storeCode, at: e.createdAt.toISOString() });
  return `${withId ? `id: ${e.id}\n` : ''}event: ${e.type}\ndata: ${data}\n\n`;
}

/** Event ids are bigserial values this server wrote: decimal, within 2^53 (15 digits keeps it so). */
const eventIdSchema = z.string().regex(/^\d{1,15}$/);

export async function eventRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/events',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events stream of changes in the caller\'s stores (Last-Event-ID replay)',
        // Checked before the stream starts: a bad id is a 400 with the field named, never a stream that fails later.
        headers: z.looseObject({ 'last-event-id': eventIdSchema.optional() }),
        querystring: z.looseObject({ lastEventId: eventIdSchema.optional() }),
        response: readReplies,
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const raw = req.headers['last-event-id'] ?? req.query.lastEventId;
      reply.hijack();
      await streamEvents(app, req.log, reply.raw, principal, raw === undefined ? null : Number(raw));
    },
  );
}

/**
 * One SSE stream. Whatever ends it (the client leaving, a slow client dropped,
 * a failed replay, shutdown) runs the same `close`, which removes its
 * subscription: nothing outlives the connection.
 */
async function streamEvents(app: FastifyInstance, log: FastifyBaseLogger, res: ServerResponse, principal: Principal, lastId: number | null): Promise<void> {
  let closed = false;
  let keepalive: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  let untrack = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepalive);
    unsubscribe();
    untrack();
    if (!res.writableEnded && !res.destroyed) res.end();
  };
  res.on('close', close);
  res.on('error', close);

  const write = (chunk: string) => {
    if (closed || res.destroyed) return;
    res.write(chunk);
    if (res.writableLength > MAX_STREAM_BUFFER_BYTES) {
      log.info({ buffered: res.writableLength }, 'event stream too slow; dropped (the client resumes with Last-Event-ID)');
      close();
      res.destroy();
    }
  };

  const visible = (e: StoredEvent) => e.storeCode === null || canSeeStore(principal, e.storeCode);
  // The client's cursor: the highest id it was sent. An event whose transaction committed after a
  // higher-numbered one arrives late; it still goes out, without an id line, so the cursor stays.
  let highest = lastId ?? 0;
  const sent = new Set<number>();
  const send = (e: StoredEvent) => {
    if (sent.has(e.id) || !visible(e)) return;
    sent.add(e.id);
    if (sent.size > STREAM_SENT_IDS) sent.delete(sent.values().next().value!);
    const late = e.id <= highest;
    if (!late) highest = e.id;
    write(formatSse(e, !late));
  };
  // Live events wait while the replay runs so none slips between the two; a replay that cannot keep up ends the stream.
  let pending: StoredEvent[] | null = [];
  unsubscribe = app.events.subscribe((e) => {
    if (!pending) return send(e);
    if (pending.length < MAX_PENDING_EVENTS) pending.push(e);
    else close();
  }, principal.storeCodes);
  untrack = app.events.track(close);
  if (res.destroyed) return close();

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  write('retry: 3000\n\n');

  try {
    const latest = await latestEventId(app.db);
    if (lastId === null || lastId > latest) {
      // No id, or one from before the database was restored: start from now.
      highest = latest;
      write(`id: ${latest}\nevent: ready\ndata: {}\n\n`);
    } else {
      let cursor = lastId;
      for (let page = 0; !closed; page++) {
        if (page === REPLAY_MAX_PAGES) return close();
        const rows = await app.db
          .select()
          .from(events)
          .where(and(gt(events.id, cursor), or(isNull(events.storeCode), storeScope(events.storeCode, principal))))
          .orderBy(asc(events.id))
          .limit(REPLAY_PAGE);
        for (const row of rows) if (isEventType(row.type)) send(toStored(row));
        if (rows.length < REPLAY_PAGE) break;
        cursor = Number(rows[rows.length - 1]!.id);
      }
    }
    // Held during the replay; what the client reported having (its Last-Event-ID) is not sent again.
    for (const e of pending?.splice(0) ?? []) if (lastId === null || e.id > lastId) send(e);
    pending = null;
    if (!closed) keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
  } catch (err) {
    // The client resumes with its Last-Event-ID; the subscription goes with the stream.
    log.error({ err }, 'event stream failed; closed');
    close();
  }
}

/** Rows deleted per statement by the purge, oldest first (the primary key's order): short locks, no new index. */
const PURGE_BATCH = 5_000;

/**
 * Deletes events older than `keepDays`; called hourly by main. A phone that comes back
 * with an older Last-Event-ID replays what is left and reads its screens again anyway
 * (its persisted cache is kept a day). Returns how many were deleted.
 */
export async function purgeOldEvents(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000);
  let total = 0;
  for (;;) {
    const oldest = db.select({ id: events.id }).from(events).where(lt(events.createdAt, cutoff)).orderBy(asc(events.id)).limit(PURGE_BATCH);
    const deleted = await db.delete(events).where(inArray(events.id, oldest)).returning({ id: events.id });
    total += deleted.length;
    if (deleted.length < PURGE_BATCH) return total;
  }
}
