import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { registerRawRunner } from './statement';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a read runs on: the database or the caller's transaction. */
export type Reader = Db | Tx;

/** The rows of an `execute` result: node-postgres answers `{ rows }`, PGlite the rows' holder too. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Runs a statement written in SQL and answers its rows. */
export async function queryRows<T>(db: Reader, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** The pool's use right now (PGlite: one connection, the calls queued behind it waiting), for the metrics. */
  poolStats(): PoolStats;
  /** Calls `observe` with every wait for a pooled connection, in seconds (PostgreSQL's pool; PGlite's queue is counted, not timed). */
  onPoolWait(observe: (seconds: number) => void): void;
  /** PGlite only: the whole data directory as a tarball, for `DbOptions.load` (test templates). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

/** Longest wait for a new PostgreSQL connection (a pooled one is handed out at once when idle). */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

/** A checked-out connection that died is given back to the pool after this long if its holder did not. */
const DEAD_CLIENT_GRACE_MS = 5_000;

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
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Before PGlite opens it: a second process on the directory would corrupt it.
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  // pg_trgm, as on PostgreSQL: the chain's text searches (stores, products) read trigram indexes (migration 0025).
  const extensions = { pg_trgm };
  const client = dataDir ? new PGlite(path.resolve(dataDir), { extensions }) : new PGlite({ extensions, ...(load ? { loadDataDir: load } : {}) });
  try {
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  // PGlite runs one call at a time: the calls in flight beyond the first are waiting for it.
  let calls = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      calls++;
      try {
        return await original(...args);
      } finally {
        calls--;
      }
    };
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  registerRawRunner(db, (_name, text, values) => client.query(text, values));
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ max: 1, inUse: Math.min(calls, 1), idle: calls > 0 ? 0 : 1, waiting: Math.max(0, calls - 1) }),
    onPoolWait: () => undefined,
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
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint counts come back as numbers; our counts stay far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  // Fail fast while PostgreSQL is away: a connect that gets no answer gives up (the request is told to
  // try again, platform/errors.ts) instead of holding the phone; keepAlive finds a dead peer on a quiet socket.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS, keepAlive: true });
  // An idle client killed by the server (restart, failover, a forced drop) must not crash
  // the process: the pool replaces it on the next query.
  pool.on('error', () => undefined);
  // The pool listens for errors on idle clients only: a connection that dies while checked out between
  // two statements (a transaction's, when PostgreSQL restarts) would throw from an 'error' event with no
  // listener and end the process. The next statement on it fails and is answered as any other.
  // And a holder that never releases a dead connection (drizzle's transaction runs `begin` before its
  // try/finally) would keep a pool slot forever: released here, with its error, after a grace period.
  const guarded = new WeakSet<object>();
  const onDeath = new WeakMap<object, () => void>();
  const guard = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const client = value as import('pg').PoolClient;
    if (!guarded.has(client)) {
      guarded.add(client);
      const died = () => onDeath.get(client)?.();
      client.on('error', died);
      client.on('end', died);
    }
    const release = client.release;
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      onDeath.delete(client);
      release(err);
    };
    onDeath.set(client, () => {
      onDeath.delete(client);
      setTimeout(() => client.release(new Error('connection lost while checked out')), DEAD_CLIENT_GRACE_MS).unref();
    });
  };
  // Every query and transaction takes its connection through connect(): timed for the pool-wait metric.
  const waitObservers: Array<(seconds: number) => void> = [];
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    const started = performance.now();
    const observe = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const o of waitObservers) o(seconds);
    };
    if (cb) return connect((...args: unknown[]) => (observe(), guard(args[1]), cb(...args)));
    return (connect() as Promise<unknown>).then((client) => (observe(), guard(client), client));
  };
  const db = drizzle(pool, { schema }) as unknown as Db;
  registerRawRunner(db, (name, text, values) => pool.query(name ? { name, text, values } : { text, values }));
  const listeners: Array<{ client: import('pg').PoolClient; channel: string }> = [];
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ max: poolSize, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onPoolWait: (observe) => void waitObservers.push(observe),
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
