import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness';
import { orders } from '../../db/schema';
import { oneLineOrder, sendChannelOrder } from '../../test/intake';
import { orderApi, orderPicker } from './order-test-kit';

let ctx: TestContext;
let api: ReturnType<typeof orderApi>;
beforeAll(async () => {
  ctx = await createTestContext({ READ_CACHE_TTL_MS: 60_000 });
  api = orderApi(ctx);
});
afterAll(async () => ctx?.close());

const count = async (nik = '10000001') => (await api.get(nik, '/api/orders/count')).json().data.counts as Record<string, number>;
const newOrders = async () => (await api.get('10000001', '/api/orders?status=1101&size=100')).json().data.items as Array<{ shipmentNo: string }>;

describe('order counts and lists served from memory', () => {
  it('are served from memory while the store does not change', async () => {
    const before = await count();
    const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).limit(1);
    // A write outside the app sends no event: the cached reply stands (until the TTL).
    await ctx.handle.db.insert(orders).values({ ...row!, id: undefined, shipmentNo: 'SHCACHE1', orderNo: 'OCACHE1', statusId: 1101 });
    expect(await count()).toEqual(before);
    await ctx.handle.db.delete(orders).where(eq(orders.shipmentNo, 'SHCACHE1'));
  });

  it("show the caller's own change at once", async () => {
    const listed = await newOrders();
    const before = await count();
    const order = await orderPicker(ctx)('T001', 1101);
    expect((await api.post('10000001', `/api/orders/${order.shipmentNo}/claim`)).statusCode).toBe(200);
    expect((await newOrders()).map((o) => o.shipmentNo)).not.toContain(order.shipmentNo);
    expect((await newOrders()).length).toBe(listed.length - 1);
    expect((await count())['1102']).toBe(before['1102']! + 1);
  });

  it("show another store's phone a change it did not make, once the change's event arrives", async () => {
    const before = await count('20000001');
    const res = await sendChannelOrder(ctx, await oneLineOrder(ctx, { orderNo: 'AG-CACHE-1' }));
    expect(res.statusCode).toBe(201);
    await expect.poll(async () => (await count('20000001'))['1101']).toBe(before['1101']! + 1);
  });
});
