import { afterAll, beforeAll, expect } from 'vitest';
import type { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { openTestDb } from '../test/test-db';
import { isDatabaseEmpty, seedDemo } from './seed';

/**
 * The seed's test files: each opens a fresh empty database before its tests, seeds the demo
 * data into it and closes it after them. `handle` reaches the database only inside tests;
 * `rows` runs raw SQL on it.
 */
export function seededDbPerFile() {
  let current: DbHandle | undefined;
  beforeAll(async () => {
    current = await openTestDb();
    expect(await isDatabaseEmpty(current.db)).toBe(true);
    await seedDemo(current.db);
  });
  afterAll(async () => current?.close());
  const handle = {
    get db(): DbHandle['db'] {
      if (!current) throw new Error('the seeded database exists only inside tests (after beforeAll)');
      return current.db;
    },
  };
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  return { handle, rows };
}
