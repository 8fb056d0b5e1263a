import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS_IDS } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { orders } from '../../db/schema';
import { orderApi, orderPicker } from './order-test-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** What the badges must say: a plain count of the store's orders per status. */
async function countedInDb(storeCode: string) {
  const rows = await ctx.handle.db.select({ statusId: orders.statusId, n: count() }).from(orders).where(eq(orders.storeCode, storeCode)).groupBy(orders.statusId);
  const out = Object.fromEntries(ORDER_STATUS_IDS.map((id) => [String(id), 0]));
  for (const r of rows) out[String(r.statusId)] = Number(r.n);
  return out;
}

async function badges(nik: string) {
  const { authorization } = await ctx.loginAs(nik);
  return (await ctx.app.inject({ method: 'GET', url: '/api/orders/count', headers: { authorization } })).json().data.counts as Record<string, number>;
}

describe('order counts kept by the database', () => {
  it('follow a claim made through the API', async () => {
    const before = await badges('10000001');
    const order = await orderPicker(ctx)('T001', 1101);
    expect((await orderApi(ctx).post('10000001', `/api/orders/${order.shipmentNo}/claim`)).statusCode).toBe(200);
    const after = await badges('10000001');
    expect(after['1101']).toBe(before['1101']! - 1);
    expect(after['1102']).toBe(before['1102']! + 1);
    expect(after).toEqual(await countedInDb('T001'));
  });

  it('follow inserts, status and store moves and deletes made by any statement', async () => {
    const [source] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).limit(1);
    const copies = Array.from({ length: 3 }, (_, i) => ({ ...source!, id: undefined, shipmentNo: `SHCOUNT${i}`, orderNo: `OCOUNT${i}`, statusId: 1101 as const }));
    const inserted = await ctx.handle.db.insert(orders).values(copies).returning({ id: orders.id });
    expect(await badges('10000001')).toEqual(await countedInDb('T001'));

    await ctx.handle.db.update(orders).set({ statusId: 1106 }).where(eq(orders.id, inserted[0]!.id));
    await ctx.handle.db.update(orders).set({ storeCode: 'T002' }).where(eq(orders.id, inserted[1]!.id));
    // A change that keeps status and store (a scan's version bump) leaves the counts alone.
    await ctx.handle.db.update(orders).set({ version: sql`${orders.version} + 1` }).where(eq(orders.id, inserted[2]!.id));
    expect(await badges('10000001')).toEqual(await countedInDb('T001'));
    expect(await badges('10000002')).toEqual(await countedInDb('T002'));

    await ctx.handle.db.delete(orders).where(inArray(orders.id, inserted.map((r) => r.id)));
    expect(await badges('10000001')).toEqual(await countedInDb('T001'));
    expect(await badges('10000002')).toEqual(await countedInDb('T002'));
  });
});
