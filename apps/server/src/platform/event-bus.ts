// The event bus: one LISTEN per process, every stored event delivered once to this process's streams, replayed after a lost connection.
import { asc, eq, gt, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { isEventType, type EventType } from '@gerai/contract';
import type { Db, DbHandle } from '../db/client';
import { events } from '../db/schema';
import { EVENTS_CHANNEL } from './audit';
import { PgListener } from './listener';

export interface StoredEvent {
  id: number;
  storeCode: string | null;
  /** A type of the catalogue; its payload fits EVENT_CATALOGUE[type] (a test parses every producer's). */
  type: EventType;
  payload: unknown;
  createdAt: Date;
}

/** Rows read per query when a stream replays after Last-Event-ID, or the bus after a lost LISTEN. */
export const REPLAY_PAGE = 500;
/** A stream replays at most this many pages, then ends; the client resumes from the last id it got. */
export const REPLAY_MAX_PAGES = 10;
/** Ids the bus delivered lately, so a replay after reconnecting never delivers one twice. */
const RECENT_IDS = 10_000;
/**
 * A replay after reconnecting starts this many ids below the last one heard: a transaction that
 * took its id before the loss but committed after it is found too (the ids between are skipped
 * by RECENT_IDS). Far more than the transactions in flight at once across every process.
 */
const REPLAY_OVERLAP_IDS = 1_000;

export interface EventBusOptions {
  log?: FastifyBaseLogger;
  /** DATABASE_SESSION_URL: where LISTEN connects; default: the pool's own settings. */
  sessionUrl?: string;
  /** Reconnect backoff and dead-connection ping of the LISTEN connection (tests shorten them). */
  retry?: { minMs: number; maxMs: number };
  pingIntervalMs?: number;
}

type Listener = (event: StoredEvent) => void;

/**
 * Fans committed events out to this process's SSE connections. Every process
 * LISTENs on one PostgreSQL channel, so an event written by any process
 * reaches every connected phone. When the LISTEN connection dies, the bus
 * says so (`onConnectionChange`), reconnects, replays every event after the
 * last id it heard from the `events` table, and only then delivers new ones,
 * in order, so no subscriber misses one.
 */
export class EventBus {
  /** Every subscriber, and those of each store: an event reaches its store's streams without visiting the others. */
  private readonly everyone = new Set<Listener>();
  private readonly allStores = new Set<Listener>();
  private readonly byStore = new Map<string, Set<Listener>>();
  private listener: PgListener | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly connections = new Set<() => void>();
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  /** The highest event id this process has heard of: a replay after a lost connection starts near it. */
  private lastId = 0;
  /** The latest id when the bus started: what came before is no one's news. */
  private startId = 0;
  private readonly recent = new Set<number>();
  /** Payloads are handled one after another (an id-only one needs a read), so order is kept. */
  private queue: Promise<void> = Promise.resolve();
  /** While the connection is down or replaying, payloads wait here and are handled after the replay. */
  private held: string[] | null = null;
  /** Bumped on every loss, so a replay overtaken by another loss does not declare the bus connected. */
  private epoch = 0;

  constructor(
    private readonly handle: DbHandle,
    private readonly options: EventBusOptions = {},
  ) {}

  /** The newest event id this process has heard of (every event up to it has reached its subscribers). */
  get heardId(): number {
    return this.lastId;
  }

  async start(): Promise<void> {
    const onPayload = (payload: string) => {
      if (this.held) this.held.push(payload);
      else this.enqueue(() => this.receive(payload));
    };
    if (this.handle.kind === 'postgres') {
      // drizzle's node-postgres database keeps its pool as $client; LISTEN gets a connection of its own with the same settings.
      const pool = (this.handle.db as unknown as { $client: Pool }).$client;
      this.listener = new PgListener({
        connection: this.options.sessionUrl ? { connectionString: this.options.sessionUrl } : { ...pool.options },
        channel: EVENTS_CHANNEL,
        onPayload,
        onLost: () => this.lose(),
        onReconnected: () => this.recover(),
        log: this.options.log,
        retry: this.options.retry,
        pingIntervalMs: this.options.pingIntervalMs,
      });
      await this.listener.start();
    } else {
      // PGlite runs in this process: its notifications cannot be lost.
      this.unlisten = await this.handle.listen(EVENTS_CHANNEL, onPayload);
    }
    // Listening first, then the latest id: an event committed in between is heard, not skipped.
    this.startId = await latestEventId(this.handle.db);
    this.lastId = Math.max(this.lastId, this.startId);
  }

  /** Ends every open stream; its client reconnects (to another process behind a load balancer) with Last-Event-ID. */
  endStreams(): void {
    for (const end of [...this.connections]) end();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    await this.unlisten?.();
    this.listener = null;
    this.unlisten = null;
    this.endStreams();
    this.everyone.clear();
    this.allStores.clear();
    this.byStore.clear();
  }

  /** Open streams are ended on shutdown so the server can close promptly. */
  track(end: () => void): () => void {
    this.connections.add(end);
    return () => this.connections.delete(end);
  }

  /**
   * Calls `listener` with every event of `stores` ('all': of every store) and every event of no
   * store. Indexed by store, so a process with thousands of phones connected does per event
   * only the work of that store's phones.
   */
  subscribe(listener: Listener, stores: readonly string[] | 'all' = 'all'): () => void {
    // A function may subscribe twice; each subscription is its own entry.
    const entry: Listener = (e) => listener(e);
    this.everyone.add(entry);
    if (stores === 'all') this.allStores.add(entry);
    for (const store of stores === 'all' ? [] : new Set(stores)) {
      let set = this.byStore.get(store);
      if (!set) this.byStore.set(store, (set = new Set()));
      set.add(entry);
    }
    return () => {
      this.everyone.delete(entry);
      this.allStores.delete(entry);
      for (const store of stores === 'all' ? [] : stores) {
        const set = this.byStore.get(store);
        set?.delete(entry);
        if (set?.size === 0) this.byStore.delete(store);
      }
    };
  }

  /** Told false when the LISTEN connection is lost and true once it is back and the missed events are delivered. */
  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Subscribers right now (the read cache and every open stream): what a leak would grow. */
  get subscriberCount(): number {
    return this.everyone.size;
  }

  /** SSE streams open right now. */
  get openStreams(): number {
    return this.connections.size;
  }

  get connected(): boolean {
    return this.held === null;
  }

  private enqueue(task: () => Promise<void> | void): Promise<void> {
    const next = this.queue.then(task).catch((err: unknown) => this.options.log?.error({ err }, 'event delivery failed'));
    this.queue = next;
    return next;
  }

  private async receive(payload: string): Promise<void> {
    const inline = parseInlineEvent(payload);
    if (inline) return this.deliver(inline.id, inline.event);
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    const [row] = await this.handle.db.select().from(events).where(eq(events.id, id)).limit(1);
    if (row) this.deliverRow(row);
  }

  private deliverRow(row: typeof events.$inferSelect): void {
    this.deliver(Number(row.id), isEventType(row.type) ? toStored(row) : null);
  }

  /** Every id counts for the replay cursor; only events of a known type reach subscribers. */
  private deliver(id: number, event: StoredEvent | null): void {
    if (this.recent.has(id)) return;
    this.recent.add(id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
    if (id > this.lastId) this.lastId = id;
    if (event) this.emit(event);
  }

  private emit(event: StoredEvent): void {
    const targets = event.storeCode === null ? this.everyone : [...this.allStores, ...(this.byStore.get(event.storeCode) ?? [])];
    for (const listener of targets) {
      try {
        listener(event);
      } catch (err) {
        // One broken subscriber must not keep the event from the others.
        this.options.log?.error({ err }, 'event subscriber failed');
      }
    }
  }

  private lose(): void {
    this.epoch++;
    if (this.held) return;
    this.held = [];
    this.announce(false);
  }

  /**
   * After reconnecting: every event after the last id heard, then what arrived meanwhile, then
   * live again. A backlog too long to push through every stream (a long outage) is skipped
   * instead: the streams are ended, and each phone replays its own stores' events with its
   * Last-Event-ID when it reconnects.
   */
  private recover(): Promise<void> {
    const epoch = this.epoch;
    let replayed = 0;
    return this.enqueue(async () => {
      let cursor = Math.max(this.startId, this.lastId - REPLAY_OVERLAP_IDS);
      for (let page = 0; ; page++) {
        if (page === REPLAY_MAX_PAGES) {
          this.lastId = Math.max(this.lastId, await latestEventId(this.handle.db));
          this.options.log?.warn({ replayed }, 'LISTEN connection back after a long outage; streams ended so phones replay what they missed');
          this.endStreams();
          break;
        }
        const rows = await this.handle.db.select().from(events).where(gt(events.id, cursor)).orderBy(asc(events.id)).limit(REPLAY_PAGE);
        for (const row of rows) {
          if (!this.recent.has(Number(row.id))) replayed++;
          this.deliverRow(row);
        }
        if (rows.length < REPLAY_PAGE) break;
        cursor = Number(rows[rows.length - 1]!.id);
      }
      if (epoch !== this.epoch) return;
      while (this.held && this.held.length > 0) {
        for (const payload of this.held.splice(0)) await this.receive(payload);
      }
      this.held = null;
      this.options.log?.info({ replayed }, 'LISTEN connection back; missed events delivered');
      this.announce(true);
    });
  }

  private announce(connected: boolean): void {
    for (const listener of this.connectionListeners) listener(connected);
  }
}

export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return Number(row?.id ?? 0);
}

/**
 * The event as recordChange sent it on NOTIFY, or null when only its id came.
 * A type this build does not know (a newer process during a rolling deploy) is
 * not delivered, but its id still counts.
 */
function parseInlineEvent(payload: string): { id: number; event: StoredEvent | null } | null {
  if (!payload.startsWith('{')) return null;
  try {
    const e = JSON.parse(payload) as { id: number; storeCode: string | null; type: string; payload: unknown; createdAt: string };
    if (!Number.isSafeInteger(e.id)) return null;
    const event = isEventType(e.type) ? { id: e.id, storeCode: e.storeCode, type: e.type, payload: e.payload, createdAt: new Date(e.createdAt) } : null;
    return { id: e.id, event };
  } catch {
    return null;
  }
}

export function toStored(row: typeof events.$inferSelect): StoredEvent {
  return { id: Number(row.id), storeCode: row.storeCode, type: row.type as EventType, payload: row.payload, createdAt: row.createdAt };
}
