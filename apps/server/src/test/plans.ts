import { afterAll, beforeAll, describe } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import type { Db, DbHandle } from '../db/client';
import { users } from '../db/schema';
import { loadPrincipal, type Principal } from '../platform/principal';
import { openTestDb } from './test-db';

/**
 * A describe block of plan tests, run only on PostgreSQL (TEST_DATABASE_URL; skipped on PGlite, saying why): its
 * own copy of the demo database, ANALYZEd so the planner prices what the tables hold (`prepare`: other statements
 * instead, e.g. a VACUUM for index-only scans). `db()` hands the handle to the block's tests once it is open.
 */
export function describeOnPostgres(name: string, body: (db: () => DbHandle) => void, { prepare = ['analyze'] }: { prepare?: readonly string[] } = {}): void {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  describe.skipIf(!onPostgres)(onPostgres ? `${name} (PostgreSQL)` : `${name} — skipped: set TEST_DATABASE_URL to a PostgreSQL server`, () => {
    let handle: DbHandle | undefined;
    beforeAll(async () => {
      handle = await openTestDb({ data: 'demo' });
      for (const statement of prepare) await handle.db.execute(sql.raw(statement));
    }, 120_000);
    afterAll(async () => handle?.close());
    body(() => handle!);
  });
}

/** A statement as the app sent it to PostgreSQL, with the name it was prepared under (none: planned for this call). */
export interface SentStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** A parameter as an SQL literal, for EXECUTE. */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `array[${v.map(literal).join(', ')}]::text[]`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

/**
 * The plan PostgreSQL picks for a statement the app sent, prepared as the app prepares it, with sequential
 * scans priced out (and any `also` setting, e.g. `enable_hashjoin = off`): it shows whether an index answers at all.
 */
export async function planOf(db: Db, { text, values }: SentStatement, also: readonly string[] = []): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    for (const setting of also) await tx.execute(sql.raw(`set local ${setting}`));
    await tx.execute(sql.raw(`prepare explained as ${text}`));
    try {
      const { rows } = (await tx.execute(sql.raw(`explain execute explained(${values.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await tx.execute(sql`deallocate explained`);
    }
  });
}

/** Records every statement any node-postgres connection sends from now on, alone or in a transaction; `stop` ends it. */
export function recordStatements(): { sent: SentStatement[]; stop: () => void } {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    const c = config as string | { name?: string; text: string; values?: unknown[] };
    sent.push(typeof c === 'string' ? { text: c, values: (values as unknown[]) ?? [] } : { name: c.name || undefined, text: c.text, values: c.values ?? (values as unknown[]) ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return { sent, stop: () => (pg.Client.prototype.query = query) };
}

/** What `read` sends, statement by statement (a transaction's own begin, commit and settings left out). */
export async function sentBy(read: () => Promise<unknown>): Promise<SentStatement[]> {
  const rec = recordStatements();
  try {
    await read();
  } finally {
    rec.stop();
  }
  return rec.sent.filter((s) => !/^(begin|commit|rollback|set )/i.test(s.text));
}

/** The statements `read` prepares, as name and text in name order: what two callers' reads compare by (their values differ). */
export async function preparedBy(read: () => Promise<unknown>): Promise<Array<{ name: string | undefined; text: string }>> {
  return (await sentBy(read)).map(({ name, text }) => ({ name, text })).sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/** A demo member as the app loads them, by NIK; with `activeStoreCode`, working in that store. */
export async function memberOf(handle: DbHandle, nik: string, activeStoreCode?: string): Promise<Principal> {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
  const p = (await loadPrincipal(handle.db, user!.id))!;
  return activeStoreCode ? { ...p, activeStoreCode } : p;
}
