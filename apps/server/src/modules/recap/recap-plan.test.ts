import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { isoDateInWib, RECAP_MAX_DAYS } from '@gerai/contract';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { openTestDb } from '../../test/test-db';
import { getRecap } from './service';

/**
 * On PostgreSQL, the recap of the whole chain over its longest range reads the orders and their lines from
 * indexes that cover what it reads (migration 0016): index-only scans, never the wide order rows (issue 27).
 * The plans are taken with sequential scans priced out, which shows whether an index answers at all (on the
 * seeded few hundred orders a scan is cheaper, and rightly chosen). The benchmark data's plans were measured
 * with EXPLAIN (ANALYZE, BUFFERS) (see the report of issue 27).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;

interface Sent {
  text: string;
  values: unknown[];
}
let handle: DbHandle;
let sent: Sent[] = [];
let restore = () => {};

/** A parameter as an SQL literal, for EXECUTE. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

async function planOf({ text, values }: Sent): Promise<string> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_hashjoin = off`);
    await tx.execute(sql.raw(`prepare explained as ${text}`));
    try {
      const { rows } = (await tx.execute(sql.raw(`explain execute explained(${values.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await tx.execute(sql`deallocate explained`);
    }
  });
}

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? 'the recap on PostgreSQL: the plans' : 'the recap: the plans — skipped: set TEST_DATABASE_URL to a PostgreSQL server', () => {
  beforeAll(async () => {
    handle = await openTestDb({ data: 'demo' });
    await handle.db.execute(sql`vacuum analyze orders`);
    await handle.db.execute(sql`vacuum analyze order_lines`);
    // Every statement any connection is sent from here on, on its own or in a transaction.
    const query = pg.Client.prototype.query;
    restore = () => (pg.Client.prototype.query = query);
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [config, values] = args;
      const c = config as string | { text: string; values?: unknown[] };
      sent.push(typeof c === 'string' ? { text: c, values: (values as unknown[]) ?? [] } : { text: c.text, values: c.values ?? (values as unknown[]) ?? [] });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }, 120_000);
  afterAll(async () => {
    restore();
    await handle?.close();
  });

  it('reads a month of the whole chain index-only: the orders by arrival, their lines by order, the cancelled ones alone', async () => {
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.SUPER_USER));
    const principal = (await loadPrincipal(handle.db, user!.id))!;
    const today = isoDateInWib(new Date());
    const from = new Date(Date.parse(today) - (RECAP_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    sent = [];
    await getRecap(handle.db, principal, { from, to: today });
    const plans = new Map<string, string>();
    for (const s of sent.filter((s) => /"orders"/.test(s.text) && !/^(begin|commit|set )/i.test(s.text))) plans.set(s.text, await planOf(s));
    const planFor = (part: RegExp) => [...plans].find(([text]) => part.test(text))?.[1] ?? '';
    for (const [text, plan] of plans) expect(plan, `${text}\n${plan}`).not.toMatch(/Seq Scan on orders|Seq Scan on order_lines/);
    // The counts per day, channel and status, the completion times and the crew: orders_created_idx alone.
    for (const part of [/to_char/, /percentile_cont\(0\.9\)/, /"users"\."nik"/]) expect(planFor(part), planFor(part)).toMatch(/Index Only Scan using orders_created_idx on orders/);
    // Out of stock: the lines from order_lines_order_idx alone.
    expect(planFor(/"oos_qty"/), planFor(/"oos_qty"/)).toMatch(/Index Only Scan using order_lines_order_idx on order_lines/);
    // Cancellations: the cancelled orders' own index.
    expect(planFor(/"cancel_reason", count/), planFor(/"cancel_reason", count/)).toMatch(/orders_cancelled_created_idx/);
  });
});
