import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config';
import { migrateDb, openDb, type DbHandle } from '../db/client';
import { buildApp } from '../app';
import { seedDemo } from '../seed/seed';
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
 * A fresh, migrated, seeded database per test file: in-memory PGlite by default,
 * or a new database on the PostgreSQL server named by TEST_DATABASE_URL (CI).
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const name = `gerai_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const handle = await openDb({ databaseUrl, poolSize: 5 });
  await migrateDb(handle);
  await seedDemo(handle.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }, overrides);
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
      await dropDatabase?.();
    },
  };
}
