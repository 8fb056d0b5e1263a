/**
 * PostgreSQL away for a moment (a restart, a failover, a network cut): requests fail fast with the
 * app's own "try again" answer (503 SERVICE_UNAVAILABLE, Retry-After), not a hang or a 500; a
 * phone's action whose key was taken just before the database went away can be retried as soon
 * as it is back; the LISTEN connection comes back by itself. The cut is a TCP proxy between the
 * app and PostgreSQL that drops every connection and refuses new ones. The last part needs
 * TEST_DATABASE_URL (CI's `.ci/run` sets it).
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@gerai/contract';
import { loadConfig } from '../config';
import { migrateDb, openDb, POOL_CONNECT_TIMEOUT_MS, type DbHandle } from '../db/client';
import { buildApp } from '../app';
import { seedDemo } from '../seed/seed';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { isDatabaseUnavailable, registerErrorHandling } from './errors';
import { createScratchDatabase } from './process-test-kit';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** A TCP proxy to `target` that can be cut (every open connection dropped, new ones refused) and restored. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cutAll = () => {
    cut = true;
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: cutAll,
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => (cutAll(), server.close(() => resolve()))),
  };
}

/** Rows of a raw execute (node-postgres and PGlite both answer with `rows`). */
const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;

/** A route that reads the database, behind the app's error handler. */
async function probeApp(handle: DbHandle) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/probe', async () => rowsOf(await handle.db.execute(sql`select 1 as one`)));
  await app.ready();
  return app;
}

describe('a database that cannot be reached', () => {
  it('is told apart from other errors', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('answers 503 "try again" at once when PostgreSQL refuses connections', async () => {
    // A port nothing listens on: what a stopped PostgreSQL looks like.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const handle = await openDb({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, poolSize: 2 });
    const app = await probeApp(handle);
    try {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/probe' });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('gives up on a connection that gets no answer within the pool timeout, instead of hanging', async () => {
    // Accepts and never answers: a network cut or a host that is down.
    const silent = new Set<net.Socket>();
    const server = net.createServer((s) => void silent.add(s.on('error', () => undefined)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const handle = await openDb({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, poolSize: 2 });
    const app = await probeApp(handle);
    try {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/probe' });
      const waited = performance.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
      expect(waited).toBeGreaterThanOrEqual(POOL_CONNECT_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(POOL_CONNECT_TIMEOUT_MS + 2_000);
    } finally {
      await app.close();
      await handle.close();
      for (const s of silent) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 15_000);
});

describe.skipIf(!ADMIN_URL)('PostgreSQL cut off under the app and back (real PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let handle: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(ADMIN_URL!, 'gerai_dbdown');
    const direct = await openDb({ databaseUrl: scratch.url, poolSize: 2 });
    await migrateDb(direct);
    await seedDemo(direct.db);
    await direct.close();
    const url = new URL(scratch.url);
    proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url.toString() }, { channelSecrets: { '379': randomBytes(32).toString('hex') } });
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 3 });
    app = await buildApp({ config, handle, logger: false });
    // The database goes away after the action's Idempotency-Key was taken, before its change runs.
    app.addHook('preHandler', async (req) => {
      if (req.headers['x-test-cut-database'] === 'now') proxy.cut();
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it('refuses fast while it is away, then takes the same action again, and LISTEN comes back by itself', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik: DEMO_NIK.STAFF, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().data.token as string}` };
    const [order] = rowsOf<{ shipment_no: string }>(await handle.db.execute(sql`select shipment_no from orders where store_code = 'T001' and status_id = 1101 order by id limit 1`));
    expect(order).toBeDefined();
    const claim = { method: 'POST' as const, url: `/api/orders/${order!.shipment_no}/claim`, payload: {}, headers: { ...auth, 'idempotency-key': 'dbdown-claim-0001' } };

    const started = performance.now();
    const refused = await app.inject({ ...claim, headers: { ...claim.headers, 'x-test-cut-database': 'now' } });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });

    // Still away: a read answers the same, at once.
    const list = await app.inject({ method: 'GET', url: '/api/orders?status=1101', headers: auth });
    expect(list.statusCode).toBe(503);

    proxy.restore();
    // The phone's outbox sends the same action with the same key again: it runs (once the key's
    // release reached the database) instead of being refused as "still in progress" for minutes.
    let again = await app.inject(claim);
    for (let i = 0; i < 10 && again.statusCode === 409; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      again = await app.inject(claim);
    }
    expect(again.statusCode, again.body).toBe(200);
    const [row] = rowsOf<{ status_id: number }>(await handle.db.execute(sql`select status_id from orders where shipment_no = ${order!.shipment_no}`));
    expect(row!.status_id).toBe(1102);

    // The LISTEN connection was dropped with the rest; it reconnects by itself within seconds.
    let listening = false;
    for (let i = 0; i < 40 && !listening; i++) {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      listening = health.json().data.listening === true;
      if (!listening) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(listening).toBe(true);

    // Every pool slot comes back, including one whose connection died in its holder's hands
    // (drizzle's transaction sends `begin` before its try/finally and never releases it).
    let inUse = handle.poolStats().inUse;
    for (let i = 0; i < 40 && inUse > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      inUse = handle.poolStats().inUse;
    }
    expect(inUse).toBe(0);
  }, 60_000);
});
