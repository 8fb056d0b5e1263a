import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDb, openDb, type DbHandle } from '../db/client';
import { seedDemo } from '../seed/seed';

/**
 * What a test database starts with: `none` is migrated and empty, `demo` is migrated
 * and holds the demo data (seed/seed.ts).
 */
export type TestData = 'none' | 'demo';
export const TEST_DATA: readonly TestData[] = ['none', 'demo'];

/**
 * The templates of one test run, made once by the server project's globalSetup and
 * handed to every test file (vitest `provide`/`inject`): PGlite data-dir tarballs on
 * disk, or template databases on the PostgreSQL server of TEST_DATABASE_URL.
 */
export type TestTemplates =
  | { kind: 'pglite'; files: Record<TestData, string> }
  | { kind: 'postgres'; names: Record<TestData, string> };

declare module 'vitest' {
  interface ProvidedContext {
    /** Made once per run by test/global-setup.ts; absent when a file runs outside it. */
    testDbTemplates?: TestTemplates;
  }
}

/** Prefix of a run's template databases; the name then carries its creation time (see dropStaleTemplates). */
export const TEMPLATE_PREFIX = 'gerai_tpl_';
const STALE_AFTER_MS = 24 * 3_600_000;

/**
 * Builds the templates once: migrate, then seed a copy. Made afresh on every run (never
 * reused from an earlier one), so a changed migration or seed is always in them and the
 * demo data's timestamps are those of this run. `dispose` removes them.
 */
export async function createTemplates(adminUrl: string | undefined): Promise<{ templates: TestTemplates; dispose(): Promise<void> }> {
  return adminUrl ? createPostgresTemplates(adminUrl) : createPgliteTemplates();
}

async function createPgliteTemplates(): Promise<{ templates: TestTemplates; dispose(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gerai-test-templates-'));
  const files = { none: path.join(dir, 'none.tar'), demo: path.join(dir, 'demo.tar') };
  const handle = await openDb({});
  try {
    await migrateDb(handle);
    writeFileSync(files.none, await dumpPglite(handle));
    await seedDemo(handle.db);
    writeFileSync(files.demo, await dumpPglite(handle));
  } finally {
    await handle.close();
  }
  return {
    templates: { kind: 'pglite', files },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function dumpPglite(handle: DbHandle): Promise<Buffer> {
  if (!handle.dumpDataDir) throw new Error('not a PGlite handle');
  return Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
}

async function createPostgresTemplates(adminUrl: string): Promise<{ templates: TestTemplates; dispose(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const base = `${TEMPLATE_PREFIX}${Date.now()}_${randomBytes(3).toString('hex')}`;
  const names = { none: `${base}_none`, demo: `${base}_demo` };
  const created: string[] = [];
  const dropAll = async () => {
    for (const name of created.splice(0)) await admin.query(`drop database if exists ${name} with (force)`);
  };
  try {
    await dropStaleTemplates(admin);
    await admin.query(`create database ${names.none}`);
    created.push(names.none);
    await fill(adminUrl, names.none, false);
    await admin.query(`create database ${names.demo} template ${names.none}`);
    created.push(names.demo);
    await fill(adminUrl, names.demo, true);
    // No session may be open on a template while it is cloned; refusing connections keeps
    // a stray one (a test opening it by name) from failing every other file's clone.
    for (const name of created) await admin.query(`alter database ${name} with allow_connections false`);
  } catch (err) {
    await dropAll().catch(() => undefined);
    await admin.end();
    throw err;
  }
  return {
    templates: { kind: 'postgres', names },
    async dispose() {
      try {
        await dropAll();
      } finally {
        await admin.end();
      }
    },
  };
}

async function fill(adminUrl: string, name: string, seeded: boolean): Promise<void> {
  const handle = await openDb({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 2 });
  try {
    if (seeded) await seedDemo(handle.db);
    else await migrateDb(handle);
  } finally {
    await handle.close();
  }
}

/**
 * A run killed before its teardown leaves its templates behind; the next run drops those
 * older than a day (no run lasts that long, so a parallel run's templates are never touched).
 */
async function dropStaleTemplates(admin: import('pg').Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
  for (const { datname } of rows) {
    const made = Number(/^gerai_tpl_(\d+)_/.exec(datname)?.[1]);
    if (Number.isFinite(made) && Date.now() - made > STALE_AFTER_MS) await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
