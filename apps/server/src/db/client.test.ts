import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { migrateDb, openDb } from './client';
import { orders } from './schema';
import { isDatabaseEmpty, seedDemo } from '../seed/seed';

const dir = mkdtempSync(path.join(tmpdir(), 'gerai-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded database on disk', () => {
  it('keeps the data across a restart and does not seed again', async () => {
    const first = await openDb({ dataDir: dir });
    await migrateDb(first);
    expect(await isDatabaseEmpty(first.db)).toBe(true);
    await seedDemo(first.db);
    const [before] = await first.db.select({ n: count() }).from(orders);
    await first.close();

    const second = await openDb({ dataDir: dir });
    await migrateDb(second);
    expect(await isDatabaseEmpty(second.db)).toBe(false);
    const [after] = await second.db.select({ n: count() }).from(orders);
    expect(after?.n).toBe(before?.n);
    await second.close();
    // A whole demo seed on disk, twice opened: about 19 s on a loaded 2-core host, where 30 s was too close.
  }, 90_000);
});
