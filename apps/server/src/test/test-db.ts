import { randomBytes } from 'node:crypto';
import { migrateDb, openDb, type DbHandle } from '../db/client';

/**
 * A fresh migrated database for one test file: in-memory PGlite, or a new
 * database on the server named by TEST_DATABASE_URL (CI runs both).
 */
export async function openTestDb(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDb({});
    await migrateDb(handle);
    return handle;
  }
  const pg = (await import('pg')).default;
  const name = `gerai_db_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 3 });
  await migrateDb(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
