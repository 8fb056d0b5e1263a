import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { scanBarcode } from '../modules/orders/scan';
import { DEMO_NIK } from '../seed/demo-data';
import { describeOnPostgres, planOf, recordStatements } from '../test/plans';
import { loadPrincipal } from './principal';

/**
 * On PostgreSQL, the scan batch marks its counted scans' Idempotency-Keys applied by primary key lookups
 * (markKeysAppliedSql), never by joining idempotency_keys. The planner takes the batch function's result for 1000 rows
 * and the keys' recordset for 100, so the join it replaced was a hash join over a sequential scan of every key, a plan a
 * prepared statement keeps as the table grows. Here sequential scans, nested loops and hash joins are priced out: a join
 * then still reads every key (a merge join or a full index walk); the lookup stays an index condition on the keys.
 */
describeOnPostgres('idempotency keys: the plans', (db) => {
  it("marks the scan batch's counted keys applied by primary key", async () => {
    const handle = db();
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.STAFF));
    const principal = (await loadPrincipal(handle.db, user!.id))!;
    const rec = recordStatements();
    try {
      // No order of that number: the batch statement is sent all the same, and the scan is refused after it.
      await scanBarcode(handle.db, principal, 'NO-SUCH-SHIPMENT', '8990000000001').catch(() => undefined);
    } finally {
      rec.stop();
    }
    const batch = rec.sent.find((s) => /order_scan_batch/.test(s.text))!;
    const plan = await planOf(handle.db, batch, ['enable_nestloop = off', 'enable_hashjoin = off']);
    const update = plan.slice(plan.indexOf('Update on idempotency_keys'));
    // The keys by the primary key's index (its first column at least, the rest as the index or a filter checks them).
    expect(update, plan).toMatch(/Index Scan using idempotency_keys_scope_key_pk on idempotency_keys k[^\n]*\n\s*Index Cond: \(+scope = ANY \(\$\d+\)/);
    expect(update, plan).not.toMatch(/Join|Seq Scan/);
  });
});
