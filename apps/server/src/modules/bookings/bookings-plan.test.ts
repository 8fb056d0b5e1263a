import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stockBookings, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, planOf, recordStatements } from '../../test/plans';
import { loadBookingDetail } from './views';

/**
 * On PostgreSQL, a booking's order is looked up by the booking's order_id, never joined with the whole
 * orders index. At 20,000 stores (2 million orders) the planner merge-joined one booking with every
 * order — 2.7–4.7 s per booking step — because the statistics of the small bookings table never
 * reach the newest orders its new rows point at. Here nested loops are priced out: a plain join then
 * turns into a merge or hash join over orders, as those statistics made it; the lookup stays one.
 */
describeOnPostgres('bookings: the plans', (db) => {
  it("reads a booking's order by its id", async () => {
    const handle = db();
    const [booking] = await handle.db.select({ id: stockBookings.id }).from(stockBookings).limit(1);
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.SUPER_USER));
    const principal = (await loadPrincipal(handle.db, user!.id))!;
    const rec = recordStatements();
    try {
      await loadBookingDetail(handle.db, principal, booking!.id);
    } finally {
      rec.stop();
    }
    const read = rec.sent.find((s) => /from "stock_bookings"/.test(s.text))!;
    const plan = await planOf(handle.db, read, ['enable_nestloop = off']);
    expect(plan, plan).toMatch(/Index Scan using orders_pkey on orders[^\n]*\n\s*Index Cond: \(id = stock_bookings\.order_id\)/);
  });
});
