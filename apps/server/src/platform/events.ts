import { EventEmitter } from 'node:events';
import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isEventType, type EventType } from '@gerai/contract';
import type { DbHandle } from '../db/client';
import { events } from '../db/schema';
import { EVENTS_CHANNEL } from './audit';
import { principalOf } from './auth';
import { access } from './route-kit';
import { canSeeStore } from './principal';
import { storeScope } from './scope';

export interface StoredEvent {
  id: number;
  storeCode: string | null;
  /** A type of the catalogue; its payload fits EVENT_CATALOGUE[type] (a test parses every producer's). */
  type: EventType;
  payload: unknown;
  createdAt: Date;
}

const REPLAY_LIMIT = 500;
const KEEPALIVE_MS = 20_000;

/**
 * Fans committed events out to this process's SSE connections. Every process
 * LISTENs on one PostgreSQL channel, so an event written by any process
 * reaches every connected phone.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly connections = new Set<() => void>();

  constructor(private readonly handle: DbHandle) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.unlisten = await this.handle.listen(EVENTS_CHANNEL, (payload) => {
      const inline = parseInlineEvent(payload);
      if (inline) this.emitter.emit('event', inline);
      else void this.deliver(Number(payload));
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    for (const end of [...this.connections]) end();
    this.emitter.removeAllListeners();
  }

  /** Open streams are ended on shutdown so the server can close promptly. */
  track(end: () => void): () => void {
    this.connections.add(end);
    return () => this.connections.delete(end);
  }

  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  private async deliver(id: number): Promise<void> {
    if (!Number.isFinite(id)) return;
    const [row] = await this.handle.db.select().from(events).where(eq(events.id, id)).limit(1);
    if (row && isEventType(row.type)) this.emitter.emit('event', toStored(row));
  }
}

/**
 * The event as recordChange sent it on NOTIFY, or null when only its id came.
 * A type this build does not know (a newer process during a rolling deploy) is dropped.
 */
function parseInlineEvent(payload: string): StoredEvent | null {
  if (!payload.startsWith('{')) return null;
  try {
    const e = JSON.parse(payload) as { id: number; storeCode: string | null; type: string; payload: unknown; createdAt: string };
    if (!isEventType(e.type)) return null;
    return { id: e.id, storeCode: e.storeCode, type: e.type, payload: e.payload, createdAt: new Date(e.createdAt) };
  } catch {
    return null;
  }
}

function toStored(row: typeof events.$inferSelect): StoredEvent {
  return { id: Number(row.id), storeCode: row.storeCode, type: row.type, payload: row.payload, createdAt: row.createdAt };
}

function formatSse(e: StoredEvent): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ ...((e.payload as object) ?? {}), storeCode: e.storeCode, at: e.createdAt.toISOString() })}\n\n`;
}

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/events',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events stream of changes in the caller\'s stores (Last-Event-ID replay)',
        hide: false,
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const query = req.query as { lastEventId?: string };
      const rawLast = (req.headers['last-event-id'] as string | undefined) ?? query.lastEventId;
      const lastId = rawLast !== undefined && /^\d+$/.test(rawLast) ? Number(rawLast) : null;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      const visible = (e: StoredEvent) => e.storeCode === null || canSeeStore(principal, e.storeCode);
      // Buffer live events while the replay query runs so none slips between the two.
      const pending: StoredEvent[] = [];
      let replayed = false;
      let highest = lastId ?? 0;
      const send = (e: StoredEvent) => {
        if (e.id <= highest || !visible(e)) return;
        highest = e.id;
        res.write(formatSse(e));
      };
      const unsubscribe = app.events.subscribe((e) => (replayed ? send(e) : pending.push(e)));

      if (lastId !== null) {
        const rows = await app.db
          .select()
          .from(events)
          .where(and(gt(events.id, lastId), or(isNull(events.storeCode), storeScope(events.storeCode, principal))))
          .orderBy(asc(events.id))
          .limit(REPLAY_LIMIT);
        for (const row of rows) send(toStored(row));
      } else {
        const [latest] = await app.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
        highest = latest ? Number(latest.id) : 0;
        res.write(`id: ${highest}\nevent: ready\ndata: {}\n\n`);
      }
      replayed = true;
      for (const e of pending.splice(0)) send(e);

      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      const untrack = app.events.track(() => res.end());
      req.raw.on('close', () => {
        clearInterval(keepalive);
        unsubscribe();
        untrack();
      });
    },
  );
}
