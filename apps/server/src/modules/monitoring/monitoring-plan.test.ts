import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { loadConfig } from '../../config';
import { users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { planOf, type SentStatement } from '../../test/plans';
import { openTestDb } from '../../test/test-db';
import { escalateDue } from './escalation';
import { loadMonitoring } from './queries';
import { monitoringSettings } from './settings';

/**
 * On PostgreSQL, the one statement monitoring sends, and the escalation job's, read orders through an index
 * (for the whole chain the partial orders_live_status_created_idx of the orders in work; for a few stores
 * the planner may start from the stores' indexes), never a scan of every order:
 * the plans are taken with sequential scans priced out, which shows whether an index answers at all
 * (on the seeded few hundred orders a scan is cheaper, and rightly chosen). The benchmark data's plans
 * were checked by hand with EXPLAIN ANALYZE (see the report of issue 15).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;

let handle: DbHandle;
let sent: SentStatement[] = [];

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? 'monitoring on PostgreSQL: the plans' : 'monitoring: the plans — skipped: set TEST_DATABASE_URL to a PostgreSQL server', () => {
  beforeAll(async () => {
    handle = await openTestDb({ data: 'demo' });
    await handle.db.execute(sql`analyze`);
    // Every statement the app's pool is sent from here on.
    const pool = (handle.db as unknown as { session: { client: { query: (config: unknown, values?: unknown[]) => Promise<unknown> } } }).session.client;
    const query = pool.query.bind(pool);
    pool.query = (config: unknown, values?: unknown[]) => {
      const c = config as string | { text: string; values?: unknown[] };
      sent.push(typeof c === 'string' ? { text: c, values: values ?? [] } : { text: c.text, values: c.values ?? values ?? [] });
      return query(config, values);
    };
  }, 120_000);
  afterAll(async () => handle?.close());

  it.each([DEMO_NIK.SUPER_USER, DEMO_NIK.AREA_SUPERVISOR, DEMO_NIK.STAFF])('reads orders by index for %s', async (nik) => {
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
    const principal = (await loadPrincipal(handle.db, user!.id))!;
    sent = [];
    await loadMonitoring(handle.db, principal, {}, monitoringSettings(loadConfig({})));
    // One statement, one round trip, whatever the scope.
    expect(sent).toHaveLength(1);
    const plan = await planOf(handle.db, sent[0]!);
    expect(plan, plan).not.toMatch(/Seq Scan on orders/);
    // The whole chain has no store to start from: only the partial index spares a walk of every order.
    if (nik === DEMO_NIK.SUPER_USER) expect(plan, plan).toMatch(/orders_live_status_created_idx/);
    // A few stores' oldest late orders: each status's cutoff bounds the per-store index (its heap read only for late orders).
    if (nik === DEMO_NIK.AREA_SUPERVISOR) expect(plan, plan).toMatch(/orders_live_store_status_created_idx/);
  });

  it('finds the orders due for escalation by index', async () => {
    sent = [];
    await escalateDue(handle.db, loadConfig({}), new Date(Date.now() - 24 * 3600_000));
    const plan = await planOf(handle.db, sent[0]!);
    expect(plan, plan).toMatch(/orders_live_status_created_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on orders/);
  });
});
