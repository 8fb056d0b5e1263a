import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { registerRawRunner } from './statement';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a read runs on: the database or the caller's transaction. */
export type Reader = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for `DbOptions.load` (test templates). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export interface DbOptions {
  /** postgres://… uses node-postgres; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string;
  /** PGlite in memory only: start from a tarball made by `dumpDataDir` instead of an empty cluster. */
  load?: Blob;
  poolSize?: number;
}

export async function openDb(options: DbOptions): Promise<DbHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir, options.load);
}

async function openPglite(dataDir?: string, load?: Blob): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(path.resolve(dataDir)) : new PGlite(load ? { loadDataDir: load } : {});
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  registerRawRunner(db, (_name, text, values) => client.query(text, values));
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // Uncompressed: loading it again is then a plain copy.
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint counts come back as numbers; our counts stay far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client killed by the server (restart, failover, a forced drop) must not crash
  // the process: the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  registerRawRunner(db, (name, text, values) => pool.query(name ? { name, text, values } : { text, values }));
  const listeners: Array<{ client: import('pg').PoolClient; channel: string }> = [];
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const client = await pool.connect();
      client.on('error', () => undefined);
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      const entry = { client, channel };
      listeners.push(entry);
      return async () => {
        const i = listeners.indexOf(entry);
        if (i >= 0) listeners.splice(i, 1);
        await client.query(`UNLISTEN "${channel.replace(/"/g, '')}"`).catch(() => undefined);
        client.release();
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      for (const l of listeners.splice(0)) l.client.release();
      await pool.end();
    },
  };
}

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}
