import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { stockBookings, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { planOf, recordStatements } from '../../test/plans';
import { openTestDb } from '../../test/test-db';
import { loadBookingDetail } from './views';

/**
 * On PostgreSQL, a booking's order is looked up by the booking's order_id, never joined with the whole
 * orders index. At 20,000 stores (2 million orders) the planner merge-joined one booking with every
 * order — 2.7–4.7 s per booking step — because the statistics of the small bookings table never
 * reach the newest orders its new rows point at. Here nested loops are priced out: a plain join then
 * turns into a merge or hash join over orders, as those statistics made it; the lookup stays one.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
let handle: DbHandle;

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? 'bookings on PostgreSQL: the plans' : 'bookings: the plans — skipped: set TEST_DATABASE_URL to a PostgreSQL server', () => {
  beforeAll(async () => {
    handle = await openTestDb({ data: 'demo' });
    await handle.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => handle?.close());

  it("reads a booking's order by its id", async () => {
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
