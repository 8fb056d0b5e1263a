import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { isoDateInWib, RECAP_MAX_DAYS } from '@gerai/contract';
import { users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, planOf, recordStatements } from '../../test/plans';
import { getRecap } from './service';

/**
 * On PostgreSQL, the recap of the whole chain over its longest range reads the figures kept per day (migration
 * 0033), and a store's or an area's range reads the orders from the index that covers what it reads (migration
 * 0026): index-only scans, never the wide order rows (issue 27).
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

    it("reads the whole chain's month from its kept daily figures, never the orders or their lines", async () => {
      // A month of the chain was every order of the month and its lines (2,000,000 orders at 20,000 stores): migration
      // 0033 keeps the chain's figures per day at commit (decision 169).
      const handle = db();
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.SUPER_USER));
      const principal = (await loadPrincipal(handle.db, user!.id))!;
      const today = isoDateInWib(new Date());
      const from = new Date(Date.parse(today) - (RECAP_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      const sent = recording!.sent;
      sent.length = 0;
      const recap = await getRecap(handle.db, principal, { from, to: today });
      expect(recap.totals.orders).toBeGreaterThan(0);
      const reads = sent.filter((s) => !/^(begin|commit|set )/i.test(s.text));
      for (const s of reads) expect(s.text).not.toMatch(/"orders"|"order_lines"/);
      const kept = reads.filter((s) => /"recap_chain_/.test(s.text));
      expect(kept).toHaveLength(4);
      // Each reads its range of days from its primary key, whose first column is the day.
      for (const s of kept) expect(await planOf(handle.db, s), s.text).toMatch(/Index (Only )?Scan (using|on) recap_chain_\w+_pk/);
    });

    it("reads one store's range from its own covering index, never the chain's: its crew's week", async () => {
      // At 20,000 stores a busy store's week read the chain's 480,000 orders of that week from orders_created_idx and
      // kept its own (500 ms a statement); migration 0026 makes the store's index cover what the recap reads.
      const handle = db();
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.STAFF));
      const principal = (await loadPrincipal(handle.db, user!.id))!;
      const today = isoDateInWib(new Date());
      const from = new Date(Date.parse(today) - 6 * 86_400_000).toISOString().slice(0, 10);
      const sent = recording!.sent;
      sent.length = 0;
      await getRecap(handle.db, principal, { from, to: today });
      const reads = sent.filter((s) => /from "orders"/.test(s.text) && !/^(begin|commit|set )/i.test(s.text) && !/"cancel_reason", count/.test(s.text));
      expect(reads.length).toBeGreaterThanOrEqual(3);
      for (const s of reads) {
        const plan = await planOf(handle.db, s, ['enable_hashjoin = off']);
        expect(plan, `${s.text}\n${plan}`).toMatch(/Index Only Scan using orders_store_created_idx on orders/);
        expect(plan, `${s.text}\n${plan}`).not.toMatch(/orders_created_idx|Seq Scan on orders/);
      }
    });

    it('reads them so in the app itself: every statement over the orders is sent in a transaction that prices sequential scans out', async () => {
      // The bench's 200,000 orders: with random_page_cost 4 PostgreSQL scanned the whole heap for a month of the chain
      // (which reads its kept figures now); an area's month is read from the orders.
      const handle = db();
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.AREA_SUPERVISOR));
      const principal = (await loadPrincipal(handle.db, user!.id))!;
      const today = isoDateInWib(new Date());
      const from = new Date(Date.parse(today) - (RECAP_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      // Per connection, in order: what each statement was sent after.
      const byClient = new Map<pg.Client, string[]>();
      const orderReads: Array<{ client: pg.Client; at: number; text: string }> = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const c = args[0] as string | { text: string };
        const text = typeof c === 'string' ? c : c.text;
        const sent = byClient.get(this) ?? [];
        byClient.set(this, sent);
        if (/from "orders"|"orders"\."id"/.test(text) && !/^(begin|commit|set )/i.test(text)) orderReads.push({ client: this, at: sent.length, text });
        sent.push(text);
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        await getRecap(handle.db, principal, { from, to: today });
      } finally {
        pg.Client.prototype.query = query;
      }
      expect(orderReads.length).toBeGreaterThanOrEqual(5);
      for (const read of orderReads) {
        const before = byClient.get(read.client)!.slice(0, read.at);
        const begun = before.map((t) => t.toLowerCase()).lastIndexOf('begin');
        expect(begun, read.text).toBeGreaterThanOrEqual(0);
        expect(before.slice(begun), read.text).toContain('set local enable_seqscan = off');
      }
    });
  },
  { prepare: ['vacuum analyze orders', 'vacuum analyze order_lines'] },
);
