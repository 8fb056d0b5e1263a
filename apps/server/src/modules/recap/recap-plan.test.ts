import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isoDateInWib, RECAP_MAX_DAYS } from '@gerai/contract';
import { users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, planOf, recordStatements } from '../../test/plans';
import { getRecap } from './service';

/**
 * On PostgreSQL, the recap of the whole chain over its longest range reads the orders and their lines from
 * indexes that cover what it reads (migration 0016): index-only scans, never the wide order rows (issue 27).
 * The plans are taken with sequential scans priced out, which shows whether an index answers at all (on the
 * seeded few hundred orders a scan is cheaper, and rightly chosen). The benchmark data's plans were measured
 * with EXPLAIN (ANALYZE, BUFFERS) (see the report of issue 27).
 */
let recording: ReturnType<typeof recordStatements> | null = null;

// VACUUM as well: index-only scans need the visibility map.
describeOnPostgres(
  'the recap: the plans',
  (db) => {
    // Every statement any connection is sent from here on, on its own or in a transaction.
    beforeAll(() => void (recording = recordStatements()));
    afterAll(() => recording?.stop());

    it('reads a month of the whole chain index-only: the orders by arrival, their lines by order, the cancelled ones alone', async () => {
      const handle = db();
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
  },
  { prepare: ['vacuum analyze orders', 'vacuum analyze order_lines'] },
);
