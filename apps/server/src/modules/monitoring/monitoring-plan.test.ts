import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadConfig } from '../../config';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, literal, planOf, sentBy, type SentStatement, memberOf } from '../../test/plans';
import { escalateDue } from './escalation';
import { loadLateOrders } from './late-orders';
import { loadMonitoring, loadStoreRows } from './queries';
import { monitoringSettings, OPEN_STATUSES } from './settings';
import { chainStoreRows, storesStoreRows } from './statements';
import { loadTileStores } from './tile-stores';

/**
 * On PostgreSQL, the one statement monitoring sends, a tile's stores' and the escalation job's, read orders through an
 * index (for the whole chain the partial orders_live_status_created_idx of the orders in work; for a few stores
 * the planner may start from the stores' indexes), never a scan of every order:
 * the plans are taken with sequential scans priced out, which shows whether an index answers at all
 * (on the seeded few hundred orders a scan is cheaper, and rightly chosen). The benchmark data's plans were checked by
 * hand with EXPLAIN (ANALYZE, BUFFERS) (see the reports of issues 15 and 27).
 */

/**
 * The plans PostgreSQL used for a statement run as the app runs it, prepared and executed 12 times: generic ones (planned
 * once per connection) or custom ones (planned on every call, which may cost more than running it).
 */
async function plansUsed(db: Db, { text, values }: SentStatement): Promise<{ generic: number; custom: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare counted as ${text}`));
    try {
      for (let i = 0; i < 12; i++) await tx.execute(sql.raw(`execute counted(${values.map(literal).join(', ')})`));
      const { rows } = (await tx.execute(sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'counted'`)) as unknown as {
        rows: Array<{ generic: number; custom: number }>;
      };
      return rows[0]!;
    } finally {
      await tx.execute(sql`deallocate counted`);
    }
  });
}

describeOnPostgres('monitoring: the plans', (db) => {
  it.each([DEMO_NIK.SUPER_USER, DEMO_NIK.AREA_SUPERVISOR, DEMO_NIK.STAFF])('reads orders by index for %s', async (nik) => {
    const principal = await memberOf(db(), nik);
    const sent = await sentBy(() => loadMonitoring(db().db, principal, {}, monitoringSettings(loadConfig({}))));
    // One statement, one round trip, whatever the scope.
    expect(sent).toHaveLength(1);
    const plan = await planOf(db().db, sent[0]!);
    expect(plan, plan).not.toMatch(/Seq Scan on orders/);
    // The whole chain has no store to start from: only the partial index spares a walk of every order.
    if (nik === DEMO_NIK.SUPER_USER) expect(plan, plan).toMatch(/orders_live_status_created_idx/);
  });

  it('reads "Per toko" by index: the chain off the kept open work and counters, a few stores by their own index', async () => {
    for (const nik of [DEMO_NIK.SUPER_USER, DEMO_NIK.AREA_SUPERVISOR]) {
      const principal = await memberOf(db(), nik);
      const sent = await sentBy(() => loadStoreRows(db().db, principal, {}, monitoringSettings(loadConfig({}))));
      // One statement, one round trip; the snapshot's statement is another.
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toMatch(/as "storeStatuses"/);
      const plan = await planOf(db().db, sent[0]!);
      expect(plan, plan).not.toMatch(/Seq Scan on (orders|order_status_counts|monitoring_store_open)/);
      // The whole chain: the on-time orders off the partial index, the most open work off monitoring_store_open's ranking index.
      if (nik === DEMO_NIK.SUPER_USER) expect(plan, plan).toMatch(/orders_live_status_created_idx[\s\S]*monitoring_store_open_rank_idx/);
      // The chain: a listed store is its one open row (name and counts per status); no counter is read, and stores only to fill up.
      if (nik === DEMO_NIK.SUPER_USER) expect(plan, plan).not.toMatch(/order_status_counts/);
      if (nik === DEMO_NIK.SUPER_USER) expect(plan.match(/ on stores\b/g), plan).toHaveLength(1);
      // The stores read off the index skip those with on-time orders by one hashed set, not a walk of them per store.
      if (nik === DEMO_NIK.SUPER_USER) expect(plan, plan).toMatch(/Filter: \(NOT \(hashed SubPlan \d+\)\)/);
      // What waits per store is one count over every kind's open rows, not a count per kind and store added up.
      expect(plan, plan).toMatch(/CTE w\n\s+->\s+(Hash|Group)?Aggregate/);
      // One entry per listed store with open work, its counts and late orders per open status as two arrays.
      const [row] =
        nik === DEMO_NIK.SUPER_USER
          ? await chainStoreRows(db().db, ...(sent[0]!.values as [string, string, string]))
          : await storesStoreRows(db().db, ...(sent[0]!.values as [string, string, string, string[]]));
      expect(row!.storeStatuses.length).toBeGreaterThan(0);
      expect(new Set(row!.storeStatuses.map((r) => r.store)).size).toBe(row!.storeStatuses.length);
      for (const r of row!.storeStatuses) expect([r.n.length, r.late.length]).toEqual([OPEN_STATUSES.length, OPEN_STATUSES.length]);
      // A few stores: their counters by primary key, never a walk of the chain's (the tile index with a store filter).
      if (nik === DEMO_NIK.AREA_SUPERVISOR) expect(plan, plan).toMatch(/order_status_counts_store_code_status_id_pk/);
      if (nik === DEMO_NIK.AREA_SUPERVISOR) expect(plan, plan).not.toMatch(/order_status_counts_tile_idx/);
    }
  });

  it("reads a tile's stores from the kept counts: the chain's busiest off the tile index, a few stores' by an index", async () => {
    for (const [nik, index] of [
      [DEMO_NIK.SUPER_USER, /Index (Only )?Scan using order_status_counts_tile_idx on order_status_counts|Bitmap Index Scan on order_status_counts_tile_idx/],
      [DEMO_NIK.AREA_SUPERVISOR, /Index (Only )?Scan using order_status_counts_\w+ on order_status_counts|Bitmap Index Scan on order_status_counts_\w+/],
    ] as const) {
      const principal = await memberOf(db(), nik);
      const sent = await sentBy(() => loadTileStores(db().db, principal, 'status-1101'));
      expect(sent).toHaveLength(1);
      const plan = await planOf(db().db, sent[0]!);
      expect(plan, plan).toMatch(index);
      expect(plan, plan).not.toMatch(/Seq Scan on (orders|order_status_counts)/);
      // A waiting kind's tile: a statement of its own, off the few open rows.
      const waiting = await sentBy(() => loadTileStores(db().db, principal, 'bookings'));
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.text).not.toBe(sent[0]!.text);
      expect(await planOf(db().db, waiting[0]!)).not.toMatch(/Seq Scan on (orders|order_status_counts)/);
    }
  });

  it('reads the late list by index: each status up to its cutoff, oldest first, the chain off the partial index, a few stores by their own', async () => {
    for (const [nik, index] of [
      [DEMO_NIK.SUPER_USER, /orders_live_status_created_idx/],
      [DEMO_NIK.AREA_SUPERVISOR, /orders_live_store_status_created_idx/],
    ] as const) {
      const principal = await memberOf(db(), nik);
      const sent = await sentBy(() => loadLateOrders(db().db, principal, {}, monitoringSettings(loadConfig({}))));
      expect(sent).toHaveLength(1);
      const plan = await planOf(db().db, sent[0]!);
      expect(plan, plan).toMatch(index);
      expect(plan, plan).not.toMatch(/Seq Scan on (orders|stores|users|order_escalations)/);
      // A few stores' next order going late, per store: the chain's index would walk every on-time order of the chain.
      if (nik === DEMO_NIK.AREA_SUPERVISOR) expect(plan, plan).not.toMatch(/orders_live_status_created_idx/);
    }
  });

  it('keeps a generic plan for every read of every scope: none is planned again on each call', async () => {
    const settings = monitoringSettings(loadConfig({}));
    const replanned: string[] = [];
    for (const nik of [DEMO_NIK.SUPER_USER, DEMO_NIK.AREA_SUPERVISOR, DEMO_NIK.STAFF]) {
      const principal = await memberOf(db(), nik);
      const reads: Array<[string, () => Promise<unknown>]> = [
        ['figures', () => loadMonitoring(db().db, principal, {}, settings)],
        ['store rows', () => loadStoreRows(db().db, principal, {}, settings)],
        ['late list', () => loadLateOrders(db().db, principal, {}, settings)],
        ['status tile', () => loadTileStores(db().db, principal, 'status-1102')],
        ['waiting tile', () => loadTileStores(db().db, principal, 'transfers')],
      ];
      for (const [name, read] of reads) {
        const [sent] = await sentBy(read);
        const used = await plansUsed(db().db, sent!);
        if (used.generic === 0) replanned.push(`${nik} ${name}: ${JSON.stringify(used)}`);
      }
    }
    expect(replanned).toEqual([]);
  });

  it('finds the orders due for escalation by index', async () => {
    const sent = await sentBy(() => escalateDue(db().db, loadConfig({}), new Date(Date.now() - 24 * 3600_000)));
    const plan = await planOf(db().db, sent[0]!);
    expect(plan, plan).toMatch(/orders_live_status_created_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on orders/);
  });
});
