import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { migrateDb, openDb, type DbHandle } from '../db/client';
import { seedDemo } from '../seed/seed';
import { databaseUrl, type TestData } from './template-db';

export interface TestDbOptions {
  /** `none` (default): migrated and empty; `demo`: with the demo data. */
  data?: TestData;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the server
 * named by TEST_DATABASE_URL (CI runs both). It is a copy of the run's template (PGlite
 * data-dir tarball, or `CREATE DATABASE … TEMPLATE`), so no file migrates or seeds again;
 * outside the server project's globalSetup it is migrated (and seeded) here instead.
 */
export async function openTestDb(options: TestDbOptions = {}): Promise<DbHandle> {
  const data = options.data ?? 'none';
  const adminUrl = process.env.TEST_DATABASE_URL;
  const templates = inject('testDbTemplates');
  if (!adminUrl) {
    if (templates?.kind === 'pglite') return openDb({ load: new Blob([readFileSync(templates.files[data])]) });
    return built(await openDb({}), data);
  }
  const pg = (await import('pg')).default;
  const name = `gerai_db_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = templates?.kind === 'postgres' ? templates.names[data] : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDb({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 3 });
  const ready = template ? handle : await built(handle, data);
  return {
    ...ready,
    async close() {
      await ready.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function built(handle: DbHandle, data: TestData): Promise<DbHandle> {
  await migrateDb(handle);
  if (data === 'demo') await seedDemo(handle.db);
  return handle;
}
