import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { ERROR_MESSAGES, isoDateInWib, ORDER_STATUS, RECAP_MAX_DAYS, type Recap } from '@gerai/contract';
import { orderLines, orders, recapChainCancels, recapChainCompletion, recapChainCounts, recapChainProducts, stores, users } from '../../db/schema';
import { loadPrincipal, type Principal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { testContextPerFile } from '../../test/harness';
import { D1, D3, insertRecapFixture, wib } from './recap-test-kit';
import { getRecap } from './service';

/*
 * The whole chain's recap from its kept daily figures (migration 0033) against the same recap computed from the
 * orders: a principal whose scope lists every store by code reads the orders, as an area supervisor's does. Both
 * must agree on every figure after each kind of change the triggers follow, made by single and multi-row
 * statements alike.
 */
const ctx = testContextPerFile();
let chain: Principal;
let everyStoreListed: Principal;
const today = isoDateInWib(new Date());
const monthFrom = new Date(Date.parse(today) - (RECAP_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const RANGES = [
  { from: D1, to: D3 },
  { from: D1, to: D1 },
  { from: monthFrom, to: today },
  { from: today, to: today },
];

beforeAll(async () => {
  await insertRecapFixture(ctx);
  const db = ctx.handle.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.SUPER_USER));
  chain = (await loadPrincipal(db, user!.id))!;
  expect(chain.storeCodes).toBe('all');
  const codes = (await db.select({ code: stores.code }).from(stores)).map((s) => s.code);
  everyStoreListed = { ...chain, storeCodes: codes };
});

/** Every figure but the crew's (the whole chain has no crew table) and the scope's own fields. */
const figures = ({ byCrew: _crew, crewNeedsStore: _needs, ...rest }: Recap) => rest;

async function expectKeptEqualsOrders(): Promise<void> {
  for (const range of RANGES) {
    const kept = await getRecap(ctx.handle.db, chain, range);
    const read = await getRecap(ctx.handle.db, everyStoreListed, range);
    expect(figures(kept), `${range.from}..${range.to}`).toEqual(figures(read));
    expect(kept).toMatchObject({ byCrew: null, crewNeedsStore: true });
  }
}

describe("the whole chain's kept figures", () => {
  it('equal the recap read from the orders: the fixture and the demo month', async () => {
    await expectKeptEqualsOrders();
    const month = await getRecap(ctx.handle.db, chain, { from: monthFrom, to: today });
    // The demo's month has every kind of figure, so the comparison compares something.
    expect(month.totals.orders).toBeGreaterThan(100);
    expect(month.completion.completed).toBeGreaterThan(10);
    expect(month.outOfStock.length).toBeGreaterThan(0);
    expect(month.cancellations.length).toBeGreaterThan(1);
  });

  it('follow status moves, cancellations, completions and line changes, one order or many per statement', async () => {
    const db = ctx.handle.db;
    const newOnes = await db.select({ id: orders.id }).from(orders).where(eq(orders.statusId, ORDER_STATUS.NEW)).limit(6);
    expect(newOnes.length).toBe(6);
    const [a, b, c, d, e, f] = newOnes.map((o) => o.id) as [number, number, number, number, number, number];
    // One order claimed; two cancelled in one statement, one with a reason and one without.
    await db.update(orders).set({ statusId: ORDER_STATUS.PACKING }).where(eq(orders.id, a));
    await db.execute(sql`update orders set status_id = ${ORDER_STATUS.CANCELLED}, cancel_reason = case when id = ${b} then 'Stok habis' end where id in (${b}, ${c})`);
    // A reason changed after the cancellation.
    await db.update(orders).set({ cancelReason: 'Pelanggan membatalkan' }).where(eq(orders.id, c));
    // Completed in 12 min 30.4 s and 47 min 0.6 s (in tenths of a minute: 125 and 470), then one taken back.
    await db.execute(sql`update orders set status_id = ${ORDER_STATUS.COMPLETED}, completed_at = created_at + interval '750.4 seconds' where id = ${d}`);
    await db.execute(sql`update orders set status_id = ${ORDER_STATUS.COMPLETED}, completed_at = created_at + interval '2820.6 seconds' where id = ${e}`);
    await db.execute(sql`update orders set status_id = ${ORDER_STATUS.IN_PROGRESS}, completed_at = null where id = ${e}`);
    // Lines: units found short, a quantity fixed, a line added and one removed; scanning changes nothing kept.
    const lines = await db.select({ id: orderLines.id, orderId: orderLines.orderId, qty: orderLines.qty }).from(orderLines).where(inArray(orderLines.orderId, [a, d, f]));
    expect(lines.length).toBeGreaterThan(2);
    await db.execute(sql`update order_lines set qty_oos = 1 where order_id in (${a}, ${d})`);
    await db.execute(sql`update order_lines set qty = qty + 2 where id = ${lines[0]!.id}`);
    await db.execute(sql`update order_lines set qty_picked = 1, qty_oos = 0 where id = ${lines[1]!.id}`);
    await db.execute(sql`delete from order_lines where id = ${lines[lines.length - 1]!.id}`);
    await db.execute(sql`insert into order_lines (order_id, product_id, barcode, name, price, qty, qty_oos)
      select ${f}, p.product_id, p.ean13, p.name, p.price, 3, 2 from products p
      where not exists (select 1 from order_lines l where l.order_id = ${f} and l.product_id = p.product_id) order by p.product_id limit 1`);
    // Many orders moved on in one statement, as a day's close moves the completed ones to history.
    await db.execute(sql`update orders set status_id = ${ORDER_STATUS.HISTORY} where status_id = ${ORDER_STATUS.COMPLETED}`);
    await expectKeptEqualsOrders();
  });

  it('follow an arrival moved to another day and an order deleted with its lines', async () => {
    const db = ctx.handle.db;
    const [moved] = await db.select({ id: orders.id }).from(orders).where(eq(orders.shipmentNo, 'SHRECAP-o8'));
    // From the last day of the fixture's range to its first: its lines and completion go along.
    await db.update(orders).set({ createdAt: wib('2024-03-10T12:00') }).where(eq(orders.id, moved!.id));
    const [gone] = await db.select({ id: orders.id }).from(orders).where(eq(orders.shipmentNo, 'SHRECAP-o2'));
    await db.delete(orders).where(eq(orders.id, gone!.id));
    await expectKeptEqualsOrders();
    const r = await getRecap(db, chain, { from: D1, to: D1 });
    // o3 and o8 (moved in); o2 is gone.
    expect(r.byDay[0]).toMatchObject({ date: D1, orders: 2, completed: 2 });
  });

  it('are emptied with the orders and their lines', async () => {
    const db = ctx.handle.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`truncate table orders cascade`);
      for (const table of [recapChainCounts, recapChainCancels, recapChainCompletion, recapChainProducts]) {
        expect(await tx.$count(table)).toBe(0);
      }
      tx.rollback();
    }).catch((err: unknown) => {
      if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
    });
  });
});

describe("the whole chain's crew", () => {
  it('is not listed: a store is picked to see its crew, and its CSV asks for one in Indonesian', async () => {
    for (const nik of [DEMO_NIK.SUPER_USER, DEMO_NIK.HELPDESK]) {
      const { authorization } = await ctx.loginAs(nik);
      const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization } });
      const whole = (await get(`/api/recap?from=${D1}&to=${D3}`)).json().data as Recap;
      expect(whole).toMatchObject({ byCrew: null, crewNeedsStore: true });
      const one = (await get(`/api/recap?from=${D1}&to=${D3}&storeCode=T001`)).json().data as Recap;
      expect(one.crewNeedsStore).toBe(false);
      expect(one.byCrew?.length).toBeGreaterThan(0);
      const csv = await get(`/api/recap/csv/crew?from=${D1}&to=${D3}`);
      expect(csv.statusCode).toBe(400);
      expect(csv.json()).toMatchObject({ code: 'STORE_REQUIRED', message: ERROR_MESSAGES.STORE_REQUIRED });
      expect((await get(`/api/recap/csv/crew?from=${D1}&to=${D3}&storeCode=T001`)).statusCode).toBe(200);
    }
  });
});
