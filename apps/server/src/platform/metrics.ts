// Metrics in Prometheus' text format, for the operations team: served on a port of its own
// (METRICS_PORT, 127.0.0.1 by default), never on the phones' port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { CHANNEL_NOTICE_STATUS, PUSH_MESSAGE_STATUS } from '@gerai/contract';
import { rowsOf } from '../db/client';
import { collectWork, sharedRead } from './metrics-work';
import { RequestDurations, timeRequests } from './metrics-requests';

/** Waits for a pooled connection (seconds): none at all when the pool is big enough. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The outboxes a dispatcher empties: what stays pending in them is what has not reached its recipient. */
const OUTBOXES = [
  { name: 'channel_notices', pending: CHANNEL_NOTICE_STATUS.PENDING },
  { name: 'push_messages', pending: PUSH_MESSAGE_STATUS.PENDING },
] as const;

export interface Metrics {
  registry: Registry;
}

/**
 * The app's metrics: request duration per route pattern and status (a hook on every route's reply), and
 * figures read when Prometheus scrapes (the event stream, the pool, the outboxes, each store's work),
 * so nothing is computed between scrapes. Several apps in one process (tests) each have their own.
 */
export function registerMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  // Process figures, event loop lag (min, mean, p50, p90, p99, max) and the GC's pauses.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  // Per route pattern and status, never the URL: one series per route whatever ids the phones ask for.
  timeRequests(
    app,
    new RequestDurations('gerai_http_request_duration_seconds', 'Time from a request arriving to its reply being sent, per route pattern and status (event streams excluded).', registry),
  );

  const bus = app.events;
  new Gauge({
    name: 'gerai_event_streams_open',
    help: "Phones' event streams (SSE) open on this process.",
    registers: [registry],
    collect() {
      this.set(bus.openStreams);
    },
  });
  new Gauge({
    name: 'gerai_events_listen_connected',
    help: '1 while this process hears the other processes\' events (LISTEN up and caught up), 0 while it reconnects.',
    registers: [registry],
    collect() {
      this.set(bus.connected ? 1 : 0);
    },
  });
  new Gauge({
    name: 'gerai_events_listen_lag',
    help: 'Events in the events table this process has not delivered to its streams yet (the newest id minus the last heard).',
    registers: [registry],
    async collect() {
      try {
        const rows = await app.db.execute(sql`select max(id) as last from events`);
        const last = Number(rowsOf<{ last: number | string | null }>(rows)[0]?.last ?? 0);
        this.set(Math.max(0, last - bus.heardId));
      } catch {
        // The database is away: gerai_events_listen_connected says so; the scrape still answers.
      }
    },
  });

  const handle = app.dbHandle;
  new Gauge({
    name: 'gerai_db_pool_connections',
    help: 'Connections of the database pool by state (in_use, idle; PGlite has one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = handle.poolStats();
      this.set({ state: 'in_use' }, s.inUse);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  new Gauge({
    name: 'gerai_db_pool_max',
    help: 'Connections the pool may open (DATABASE_POOL_SIZE; 1 for PGlite).',
    registers: [registry],
    collect() {
      this.set(handle.poolStats().max);
    },
  });
  new Gauge({
    name: 'gerai_db_pool_waiting',
    help: 'Queries waiting for a connection right now.',
    registers: [registry],
    collect() {
      this.set(handle.poolStats().waiting);
    },
  });
  const wait = new Histogram({
    name: 'gerai_db_pool_wait_seconds',
    help: 'How long a query or transaction waited for a connection of the pool.',
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  handle.onPoolWait((seconds) => wait.observe(seconds));

  const readOutboxes = sharedRead(async () => {
    const figures = new Map<string, { n: number; due: number; age: number }>();
    for (const box of OUTBOXES) {
      try {
        // The partial index of pending rows (status = 'pending') holds only these.
        const rows = await app.db.execute(
          sql`select count(*) as n, count(*) filter (where next_attempt_at <= now()) as due, extract(epoch from now() - min(created_at)) as age
              from ${sql.identifier(box.name)} where status = ${box.pending}`,
        );
        const row = rowsOf<{ n: number | string; due: number | string; age: number | string | null }>(rows)[0];
        figures.set(box.name, { n: Number(row?.n ?? 0), due: Number(row?.due ?? 0), age: Math.max(0, Number(row?.age ?? 0)) });
      } catch {
        // The database is away: the last figures stay; the scrape still answers.
      }
    }
    return figures;
  });
  const outboxGauge = (name: string, help: string, pick: (f: { n: number; due: number; age: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'] as const,
      registers: [registry],
      async collect() {
        for (const [outbox, f] of await readOutboxes()) this.set({ outbox }, pick(f));
      },
    });
  outboxGauge('gerai_outbox_pending', 'Messages waiting in an outbox (sent or given up on ones excluded).', (f) => f.n);
  outboxGauge('gerai_outbox_due', 'Pending messages whose next attempt is due now (a dispatcher that keeps up holds this near 0).', (f) => f.due);
  outboxGauge('gerai_outbox_oldest_age_seconds', 'Age of the oldest pending message of an outbox, in seconds (0 when empty).', (f) => f.age);

  collectWork(registry, app.db, app.config);
  return { registry };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on `host:port` (port 0: a free one), apart from the app's port so the
 * phones' load balancer never exposes it. Rejects when the port is taken.
 */
export function serveMetrics(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
