import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config';
import type { DbHandle } from '../db/client';
import { openTestDb, type TestDbOptions } from './test-db';
import { buildApp } from '../app';
import { DEMO_PASSWORD } from '../seed/demo-data';

export interface TestContext {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  /** Signs in through the API and returns headers for bearer calls. */
  loginAs(nik: string): Promise<{ authorization: string; token: string; cookies: Record<string, string> }>;
  close(): Promise<void>;
}

/**
 * The app on a fresh database with the demo data (a copy of the run's template), one per test file.
 * `env` is read like the process environment; `overrides` replace parsed values; `db` asks
 * for another start (`{ data: 'none' }`: migrated and empty).
 */
export async function createTestContext(overrides: Partial<Config> = {}, env: Record<string, string> = {}, db: TestDbOptions = { data: 'demo' }): Promise<TestContext> {
  const handle = await openTestDb(db);
  // A secret of its own, as on PostgreSQL, where the development default is refused.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', READ_CACHE_TTL_MS: '0', STOCK_CACHE_TTL_MS: '0', JWT_SECRET: randomBytes(32).toString('hex'), ...env }, overrides);
  const app = await buildApp({ config, handle, logger: false });
  await app.ready();

  return {
    app,
    handle,
    config,
    async loginAs(nik) {
      // A fresh address per sign-in keeps helper logins clear of the login rate limit.
      const remoteAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password: DEMO_PASSWORD }, remoteAddress });
      if (res.statusCode !== 200) throw new Error(`login ${nik} failed: ${res.statusCode} ${res.body}`);
      const token = res.json().data.token as string;
      const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
      return { authorization: `Bearer ${token}`, token, cookies };
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * The usual test file: one app on a fresh seeded database, created before its tests and
 * closed after them. The context is handed out at once and filled in by `beforeAll`, so an
 * area's helpers can be built at the top of the file (`orderApi(ctx)`, `podApi(ctx)`): they
 * reach the context only when a test calls them.
 */
export function testContextPerFile(overrides: Partial<Config> = {}, env: Record<string, string> = {}): TestContext {
  let current: TestContext | null = null;
  beforeAll(async () => {
    current = await createTestContext(overrides, env);
  });
  afterAll(async () => current?.close());
  return new Proxy({} as TestContext, {
    get(_target, key) {
      if (!current) throw new Error('the test context exists only inside tests (after beforeAll)');
      return current[key as keyof TestContext];
    },
  });
}

/**
 * The preamble of most test files: the file's context and its area's calls as the demo users,
 * built on it (`const { ctx, api } = testFileWith(podApi)`).
 */
export function testFileWith<Api>(makeApi: (ctx: TestContext) => Api): { ctx: TestContext; api: Api } {
  const ctx = testContextPerFile();
  return { ctx, api: makeApi(ctx) };
}

/** Opens the app on a free local port and gives its base URL: for tests that talk HTTP to it (the event stream, a customer). */
export async function listenLocally(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** One GET as a demo user, signed in afresh: for tests that make a few calls and keep no session. */
export async function getAs(ctx: TestContext, nik: string, url: string) {
  const { authorization } = await ctx.loginAs(nik);
  return ctx.app.inject({ method: 'GET', url, headers: { authorization } });
}
