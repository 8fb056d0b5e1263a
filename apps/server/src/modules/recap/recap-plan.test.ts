import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isoDateInWib, RECAP_MAX_DAYS } from '@gerai/contract';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { planOf, recordStatements } from '../../test/plans';
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

let handle: DbHandle;
let recording: ReturnType<typeof recordStatements> | null = null;

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? 'the recap on PostgreSQL: the plans' : 'the recap: the plans — skipped: set TEST_DATABASE_URL to a PostgreSQL server', () => {
  beforeAll(async () => {
    handle = await openTestDb({ data: 'demo' });
    await handle.db.execute(sql`vacuum analyze orders`);
    await handle.db.execute(sql`vacuum analyze order_lines`);
    // Every statement any connection is sent from here on, on its own or in a transaction.
    recording = recordStatements();
  }, 120_000);
  afterAll(async () => {
    recording?.stop();
    await handle?.close();
  });

  it('reads a month of the whole chain index-only: the orders by arrival, their lines by order, the cancelled ones alone', async () => {
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.SUPER_USER));
    const principal = (await loadPrincipal(handle.db, user!.id))!;
    const today = isoDateInWib(new Date());
    const from = new Date(Date.parse(today) - (RECAP_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const sent = recording!.sent;
    sent.length = 0;
    await getRecap(handle.db, principal, { from, to: today });
    const plans = new Map<string, string>();
    for (const s of sent.filter((s) => /"orders"/.test(s.text) && !/^(begin|commit|set )/i.test(s.text))) plans.set(s.text, await planOf(handle.db, s, ['enable_hashjoin = off']));
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
