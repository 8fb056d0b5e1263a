import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { returns } from '../../db/schema';
import { testFileWith } from '../../test/harness';
import { CHIEF, completedOrder, returnApi, returnBody, STAFF, STAFF_T002, SUPERVISOR } from './return-test-kit';

const { ctx, api } = testFileWith(returnApi);

describe('GET /api/returns, /count and /:shipmentNo', () => {
  it("lists the active store's returns in one status, newest first, with search", async () => {
    const a = await completedOrder(ctx);
    const b = await completedOrder(ctx);
    await api.post(STAFF, '/api/returns', returnBody(a, [await api.photo()], { lines: [{ lineId: a.lines[0]!.id, qty: 2 }] }));
    await api.post(STAFF, '/api/returns', returnBody(b, [await api.photo()]));
    const res = await api.get(STAFF, '/api/returns?status=requested&size=100');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as Array<{ shipmentNo: string; itemCount: number; status: string; createdAt: string }>;
    expect(items.every((i) => i.status === 'requested')).toBe(true);
    const shown = items.map((i) => i.shipmentNo);
    expect(shown.indexOf(b.shipmentNo)).toBeLessThan(shown.indexOf(a.shipmentNo));
    expect(items.find((i) => i.shipmentNo === a.shipmentNo)).toMatchObject({ itemCount: 2, orderNo: a.orderNo, requestedBy: 'Budi Santoso', reason: 'Produk rusak atau kemasan bocor' });
    const searched = (await api.get(STAFF, `/api/returns?status=requested&query=${a.orderNo}`)).json().data;
    expect(searched.items.map((i: { shipmentNo: string }) => i.shipmentNo)).toEqual([a.shipmentNo]);
    expect(searched.total).toBe(1);
    // T002 sees its own store only.
    const t002 = (await api.get(STAFF_T002, '/api/returns?status=requested&size=100')).json().data.items as Array<{ shipmentNo: string }>;
    expect(t002.some((i) => i.shipmentNo === a.shipmentNo)).toBe(false);
    expect((await api.get(STAFF, '/api/returns?status=1101')).statusCode).toBe(400);
  });

  it('counts the store per status with open the sum of the open ones', async () => {
    const res = await api.get(STAFF, '/api/returns/count');
    expect(res.statusCode).toBe(200);
    const { counts, open } = res.json().data;
    expect(Object.keys(counts).sort()).toEqual(['approved', 'collected', 'received', 'refunded', 'rejected', 'requested']);
    expect(open).toBe(counts.requested + counts.approved + counts.collected + counts.received);
    expect(res.json().data.storeCode).toBe('T001');
    expect(counts.refunded).toBeGreaterThanOrEqual(1);
    expect((await api.get(SUPERVISOR, '/api/returns/count?storeCode=T001')).json().data).toEqual(res.json().data);
    expect((await api.get(STAFF_T002, '/api/returns/count?storeCode=T001')).statusCode).toBe(404);
  });

  it("shows the order's latest return with its actions for the caller; 404 elsewhere", async () => {
    const order = await completedOrder(ctx);
    await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()]));
    const chief = (await api.get(CHIEF, `/api/returns/${order.shipmentNo}`)).json().data;
    expect(chief.actions).toEqual(['approve', 'reject']);
    expect((await api.get(STAFF, `/api/returns/${order.shipmentNo}`)).json().data.actions).toEqual([]);
    expect((await api.get(STAFF_T002, `/api/returns/${order.shipmentNo}`)).statusCode).toBe(404);
    const none = await api.get(STAFF, `/api/returns/${(await completedOrder(ctx)).shipmentNo}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('RETURN_NOT_FOUND');
  });

  it('shows a seeded return without audit rows with its request in the history', async () => {
    const [seeded] = await ctx.handle.db.select().from(returns).where(eq(returns.status, 'refunded'));
    const res = await api.get(CHIEF, `/api/returns/${seeded!.shipmentNo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'refunded', actions: [], history: [expect.objectContaining({ action: 'request', status: 'requested' })] });
  });
});
