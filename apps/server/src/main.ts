import { performance } from 'node:perf_hooks';
import { loadConfig, type Config } from './config';
import { migrateDb, openDb } from './db/client';
import { buildApp } from './app';
import { purgeExpiredIdempotencyKeys } from './platform/idempotency';
import { resolveDataDir } from './seed/data-dir';
import { isDatabaseEmpty, seedDemo } from './seed/seed';

const started = performance.now();
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  console.error(`Gerai cannot start. ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const dataDir = resolveDataDir(config);
const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir });
await migrateDb(handle);

let seeded = false;
if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(handle.db))) {
  await seedDemo(handle.db);
  seeded = true;
}

const app = await buildApp({
  config,
  handle,
  logger: {
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY && config.NODE_ENV !== 'production' ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  },
});

if (handle.kind === 'pglite') {
  app.log.warn(
    { dataDir },
    'Embedded PGlite database: single connection and no fsync — for trying Gerai on one device. Set DATABASE_URL to run on PostgreSQL in production.',
  );
} else {
  app.log.info('Using PostgreSQL from DATABASE_URL');
}
if (seeded) app.log.info('Empty database: demo data seeded (password for every demo account: gerai123)');

const purge = setInterval(() => void purgeExpiredIdempotencyKeys(handle.db).catch((err) => app.log.error({ err }, 'purge failed')), 3600_000);
purge.unref();

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

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(`Gerai ready on http://localhost:${config.PORT} in ${Math.round(performance.now() - started)} ms`);
