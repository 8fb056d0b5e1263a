import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cancelRequests, orders } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { cancelApi, CHIEF, CHIEF_T002, requestsOf, STAFF } from './cancel-test-kit';

const ctx = testContextPerFile();
const api = cancelApi(ctx);
const shipments = (res: { json: () => { data: { items: Array<{ shipmentNo: string }> } } }) => res.json().data.items.map((r) => r.shipmentNo);

describe("a request's store (migration 0029: the tabs read it, not the orders)", () => {
  it("is its order's store, whatever a write says, and follows the order if it moves", async () => {
    const order = await api.received(0);
    expect((await api.cancel(STAFF, order.shipmentNo)).statusCode).toBe(201);
    const [request] = await requestsOf(ctx, order.id);
    expect(request!.storeCode).toBe('T001');
    await expect(ctx.handle.db.update(cancelRequests).set({ storeCode: 'T002' }).where(eq(cancelRequests.id, request!.id)).returning({ s: cancelRequests.storeCode })).resolves.toEqual([{ s: 'T001' }]);
    expect((await api.get(CHIEF, '/api/cancellations/count')).json().data.pending).toBeGreaterThanOrEqual(1);
    expect(shipments(await api.get(CHIEF, '/api/cancellations?size=100'))).toContain(order.shipmentNo);

    await ctx.handle.db.update(orders).set({ storeCode: 'T002' }).where(eq(orders.id, order.id));
    expect((await requestsOf(ctx, order.id))[0]!.storeCode).toBe('T002');
    expect(shipments(await api.get(CHIEF, '/api/cancellations?size=100'))).not.toContain(order.shipmentNo);
    expect(shipments(await api.get(CHIEF_T002, '/api/cancellations?size=100'))).toContain(order.shipmentNo);
  });
});
