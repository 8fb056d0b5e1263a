import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config';
import { migrateDb, openDb } from '../db/client';
import { resolveDataDir } from './data-dir';
import { DEMO_MAT_PIN, DEMO_PASSWORD } from './demo-data';
import { resetDatabase, seedDemo } from './seed';

/** `npm run seed`: migrate, wipe and reload the demo data. */
const config = loadConfig();
const dataDir = resolveDataDir(config);
const started = performance.now();
const handle = await openDb({ databaseUrl: config.DATABASE_URL, dataDir });
try {
  await migrateDb(handle);
  await resetDatabase(handle.db);
  const seededAt = performance.now();
  const summary = await seedDemo(handle.db);
  const seedMs = Math.round(performance.now() - seededAt);
  console.log(`Seeded ${handle.kind === 'pglite' ? `PGlite at ${dataDir}` : 'PostgreSQL (DATABASE_URL)'}:`);
  for (const [table, n] of Object.entries(summary)) console.log(`  ${table.padEnd(18)} ${n}`);
  console.log(`Seed ${seedMs} ms, total ${Math.round(performance.now() - started)} ms. Demo password for every account: ${DEMO_PASSWORD}; PIN of every seeded MAT: ${DEMO_MAT_PIN}`);
} finally {
  await handle.close();
}
