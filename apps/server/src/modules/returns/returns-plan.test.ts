import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { returns, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, planOf, recordStatements } from '../../test/plans';
import { loadReturnDetail } from './views';

/**
 * On PostgreSQL, a return's order and its lines' order lines are looked up by id, never joined with the
 * whole orders (order_lines) index. At 20,000 stores (2 million orders, 4 million lines) the planner
 * merge-joined one return with every order and every line — 0.8–2.3 s per return request — because
 * the statistics of the small returns tables never reach the newest orders their new rows point at.
 * Here nested loops are priced out: a plain join then turns into a merge or hash join, as those
 * statistics made it; the lookups stay lookups.
 */
describeOnPostgres('returns: the plans', (db) => {
  it("reads a return's order and its lines' order lines by id", async () => {
    const handle = db();
    const [ret] = await handle.db.select({ id: returns.id }).from(returns).limit(1);
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.SUPER_USER));
    const principal = (await loadPrincipal(handle.db, user!.id))!;
    const rec = recordStatements();
    try {
      await loadReturnDetail(handle.db, principal, ret!.id);
    } finally {
      rec.stop();
    }
    const head = rec.sent.find((s) => /from "returns"/.test(s.text))!;
    const lines = rec.sent.find((s) => /from "return_lines"/.test(s.text))!;
    const headPlan = await planOf(handle.db, head, ['enable_nestloop = off']);
    expect(headPlan, headPlan).toMatch(/Index Scan using orders_pkey on orders[^\n]*\n\s*Index Cond: \(id = returns\.order_id\)/);
    const linesPlan = await planOf(handle.db, lines, ['enable_nestloop = off']);
    expect(linesPlan, linesPlan).toMatch(/Index Scan using order_lines_pkey on order_lines[^\n]*\n\s*Index Cond: \(id = return_lines\.order_line_id\)/);
  });
});
