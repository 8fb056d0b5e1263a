import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEV_JWT_SECRET, loadConfig, type Config } from './config';
import { migrateDb, openDb } from './db/client';
import { buildApp } from './app';
import { startChannelNotices } from './modules/channels';
import { CHAT_NOTICE_OUTCOMES, kicksNoticeDispatch } from './modules/chat';
import { startEscalations } from './modules/monitoring';
import { mayPush, purgeOldPushes, startPushes } from './modules/push';
import { purgeOldEvents } from './platform/events';
import { purgeExpiredIdempotencyKeys } from './platform/idempotency';
import { serveMetrics, type MetricsServer } from './platform/metrics';
import { purgeUnattachedUploads } from './platform/uploads';
import { loggerOptions, outsideRequest } from './platform/logging';
import { resolveDataDir } from './seed/data-dir';
import { isDatabaseEmpty } from './seed/empty';

const started = performance.now();
/** Any fixed bigint; only Gerai's start-up takes it ("gerai" in ASCII). */
const STARTUP_LOCK_KEY = 0x6765726169;
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  console.error(`Gerai cannot start. ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const dataDir = resolveDataDir(config);
const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: config.DATABASE_POOL_SIZE });

let seeded = false;
// Several processes starting together on one PostgreSQL migrate and seed one after another.
await withStartupLock(config, async () => {
  await migrateDb(handle);
  if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(handle.db))) {
    // Loaded only for an empty database: the seed and faker are a tenth of a start's work.
    const { seedDemo } = await import('./seed/seed');
    await seedDemo(handle.db);
    seeded = true;
  }
});

const app = await buildApp({
  config,
  handle,
  logger: loggerOptions(config, { pretty: process.stdout.isTTY && config.NODE_ENV !== 'production' }),
});

let metricsServer: MetricsServer | null = null;

if (handle.kind === 'pglite') {
  app.log.warn(
    { dataDir },
    'Embedded PGlite database: single connection and no fsync — for trying Gerai on one device. Set DATABASE_URL to run on PostgreSQL in production.',
  );
} else {
  app.log.info('Using PostgreSQL from DATABASE_URL');
}
if (seeded) app.log.info('Empty database: demo data seeded (password for every demo account: gerai123)');
if (config.JWT_SECRET === DEV_JWT_SECRET) {
  app.log.warn('Development secrets in use (JWT_SECRET and the demo CHANNEL_SECRETS are public): for trying Gerai on this machine only.');
}

const purgeOld = async () => {
  await purgeExpiredIdempotencyKeys(handle.db);
  await purgeOldEvents(handle.db, config.EVENTS_KEEP_DAYS);
  await purgeOldPushes(handle.db, config.EVENTS_KEEP_DAYS);
  await purgeUnattachedUploads(handle.db);
};
const purge = setInterval(() => void purgeOld().catch((err) => app.log.error({ err }, 'purge failed')), 3600_000);
purge.unref();
// Notices to the sales channels (cancelled, return decided, refunded), sent with retry and backoff.
const notices = startChannelNotices(handle.db, config, app.log, CHAT_NOTICE_OUTCOMES);
// A chat message is sent as soon as it is committed, not at the next poll.
// Kicked outside the request whose commit was heard (in-process PGlite delivers it there): its sends are background work.
app.events.subscribe(
  outsideRequest((e) => {
    if (kicksNoticeDispatch(e)) void notices.kick();
  }),
);
// Push notifications: queued in each change's transaction, sent as soon as it commits (every process hears every event).
const pushes = startPushes(handle.db, config, app.log);
app.events.subscribe(
  outsideRequest((e) => {
    if (mayPush(e.type)) void pushes.kick();
  }),
);
if (!config.vapid) app.log.warn('Web Push is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (npx web-push generate-vapid-keys) to send push notifications to browsers.');
// New orders nobody claimed in time ring again, then reach the kepala toko, then the area supervisor.
const escalations = startEscalations(handle.db, config, app.log);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  clearInterval(purge);
  try {
    await notices.stop();
    await pushes.stop();
    await escalations.stop();
    await metricsServer?.close();
    await app.close();
    await handle.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (app.metrics && config.metricsPort !== null) {
  try {
    metricsServer = await serveMetrics(app.metrics, config.METRICS_HOST, config.metricsPort);
    app.log.info({ port: metricsServer.port }, `Metrics on http://${config.METRICS_HOST}:${metricsServer.port}/metrics`);
  } catch (err) {
    // Two processes on one machine need a port each: say which variable to set rather than run unwatched.
    console.error(`Gerai cannot start. METRICS_PORT ${config.metricsPort} on ${config.METRICS_HOST}: ${err instanceof Error ? err.message : String(err)}. Give each process its own METRICS_PORT (0 picks a free one, off serves none).`);
    process.exit(1);
  }
}
await app.listen({ host: config.HOST, port: config.PORT });
// The port actually bound (PORT=0 picks a free one, as the multi-process tests do).
const { port } = app.server.address() as AddressInfo;
const shownHost = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
app.log.info({ port, pid: process.pid }, `Gerai ready on http://${shownHost}:${port} in ${Math.round(performance.now() - started)} ms`);

/**
 * Runs `work` holding a PostgreSQL advisory lock on a session connection of its
 * own (DATABASE_SESSION_URL, else DATABASE_URL), so processes started together
 * never run the migrations or the demo seed twice at once. PGlite has one process.
 */
async function withStartupLock(cfg: Config, work: () => Promise<void>): Promise<void> {
  const url = cfg.DATABASE_SESSION_URL ?? cfg.DATABASE_URL;
  if (!url) return work();
  const pg = (await import('pg')).default;
  const lock = new pg.Client({ connectionString: url, application_name: `gerai-startup:${process.pid}` });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    await work();
  } finally {
    // Closing the session releases the lock whatever happened.
    await lock.end();
  }
}
