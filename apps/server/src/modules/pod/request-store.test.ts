import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, podApprovalRequests } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { CHIEF, createChief, freshDeliveryOrder, podApi, pointFrom, REQUESTS, requestForm, requestsOf, STAFF, SUPERVISOR } from './pod-test-kit';

const ctx = testContextPerFile();
const api = podApi(ctx);
const CHIEF_T002 = '20000904';
const shipments = async (nik: string, query = '') => {
  const res = await api.get(nik, `${REQUESTS}?size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as Array<{ shipmentNo: string; storeCode: string }>).map((r) => `${r.shipmentNo}@${r.storeCode}`);
};
const pending = async (nik: string) => (await api.get(nik, `${REQUESTS}/count`)).json().data.pending as number;

describe("a POD request's store (migration 0031: the queue reads it, not the orders)", () => {
  it("is its order's store, whatever a write says, and follows the order if it moves", async () => {
    await createChief(ctx, CHIEF_T002, 'T002');
    const order = await freshDeliveryOrder(ctx);
    expect((await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 400)))).statusCode).toBe(201);
    const [request] = await requestsOf(ctx, order.id);
    expect(request!.storeCode).toBe('T001');
    await expect(ctx.handle.db.update(podApprovalRequests).set({ storeCode: 'T002' }).where(eq(podApprovalRequests.id, request!.id)).returning({ s: podApprovalRequests.storeCode })).resolves.toEqual([{ s: 'T001' }]);
    const t002Before = await pending(CHIEF_T002);
    expect(await shipments(SUPERVISOR)).toContain(`${order.shipmentNo}@T001`);
    expect(await shipments(SUPERVISOR, '&storeCode=T001')).toContain(`${order.shipmentNo}@T001`);

    await ctx.handle.db.update(orders).set({ storeCode: 'T002' }).where(eq(orders.id, order.id));
    expect((await requestsOf(ctx, order.id))[0]!.storeCode).toBe('T002');
    expect(await shipments(SUPERVISOR, '&storeCode=T001')).not.toContain(`${order.shipmentNo}@T001`);
    expect(await shipments(CHIEF_T002)).toContain(`${order.shipmentNo}@T002`);
    expect(await pending(CHIEF_T002)).toBe(t002Before + 1);
    // T001's kepala toko naming T002 reads nothing of it (the queue's one store must be one of the caller's).
    const other = await api.get(CHIEF, `${REQUESTS}?storeCode=T002`);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ items: [], total: 0 });
  });
});
