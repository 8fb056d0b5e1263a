// db:backup and db:restore on a real PostgreSQL (TEST_DATABASE_URL, as CI's .ci/run sets it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, defaultBackupPath, restore } from './db-backup.mjs';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const urlOf = (name) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};
async function sql(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

it('names a backup by its UTC time', () => {
  expect(path.basename(defaultBackupPath(new Date('2026-11-28T02:15:09.123Z')))).toBe('gerai-20261128T021509Z.dump');
});

describe.skipIf(!ADMIN_URL)('backup and restore (real PostgreSQL)', () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const source = `gerai_bk_src_${suffix}`;
  const target = `gerai_bk_new_${suffix}`;
  const busy = `gerai_bk_busy_${suffix}`;
  let dir;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gerai-backup-test-'));
    await sql(ADMIN_URL, `create database ${source}`);
    await sql(ADMIN_URL, `create database ${busy}`);
    await sql(urlOf(source), `create table orders (id serial primary key, shipment_no text not null); insert into orders (shipment_no) select 'SHP' || g from generate_series(1, 500) g`);
    await sql(urlOf(busy), `create table orders (id int)`);
  });

  afterAll(async () => {
    for (const db of [source, target, busy]) await sql(ADMIN_URL, `drop database if exists ${db} with (force)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a dump into a new database it creates, row for row', async () => {
    const file = await backup(urlOf(source), path.join(dir, 'a.dump'));
    expect(statSync(file).size).toBeGreaterThan(0);
    await restore(file, urlOf(target));
    const sum = `select count(*)::int as n, md5(string_agg(id || ':' || shipment_no, ',' order by id)) as s from orders`;
    expect(await sql(urlOf(target), sum)).toEqual(await sql(urlOf(source), sum));
  });

  it('refuses a database that holds tables, and leaves it as it was', async () => {
    const file = await backup(urlOf(source), path.join(dir, 'b.dump'));
    await expect(restore(file, urlOf(busy))).rejects.toThrow(/not empty/);
    expect(await sql(urlOf(busy), `select count(*)::int as n from orders`)).toEqual([{ n: 0 }]);
  });
});
