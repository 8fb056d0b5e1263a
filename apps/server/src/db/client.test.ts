import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
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

describe('embedded database on disk, one process at a time', () => {
  it('refuses a second opening of a directory in use, naming its process, and opens it again once closed', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'gerai-lock-'));
    try {
      const first = await openDb({ dataDir: shared });
      await expect(openDb({ dataDir: shared })).rejects.toThrow(`in use by another Gerai process (pid ${process.pid})`);
      // The refused opening left the first one working.
      await first.db.execute(sql`select 1`);
      await first.close();
      const again = await openDb({ dataDir: shared });
      await again.close();
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  }, 60_000);

  it('takes over the lock of a process that is gone, and refuses one held by a live process', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'gerai-lock-'));
    try {
      // A pid no process has (beyond the kernel's range), as a crash leaves it.
      writeFileSync(path.join(shared, 'gerai.lock'), '4194305');
      const taken = await openDb({ dataDir: shared });
      await taken.close();
      // The parent of this test run is alive.
      writeFileSync(path.join(shared, 'gerai.lock'), String(process.ppid));
      await expect(openDb({ dataDir: shared })).rejects.toThrow(`pid ${process.ppid}`);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  }, 60_000);
});
