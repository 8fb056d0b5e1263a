import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@gerai/contract';
import { orders } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { cancelApi, CHIEF, noticesOf, requestsOf, STAFF, STAFF_T002, SUPERVISOR } from './cancel-test-kit';

const ctx = testContextPerFile();
const api = cancelApi(ctx);

describe('lists and counts', () => {
  it("lists the active store's queue oldest first to staff and deciders alike; decided ones newest first", async () => {
    const a = await api.received(0);
    const b = await api.received(0);
    await api.cancel(STAFF, a.shipmentNo);
    await api.cancel(STAFF, b.shipmentNo);
    const staff = (await api.get(STAFF, '/api/cancellations?size=100')).json().data;
    const chief = (await api.get(CHIEF, '/api/cancellations?status=pending&size=100')).json().data;
    for (const list of [staff, chief]) {
      const ids = list.items.map((r: { shipmentNo: string }) => r.shipmentNo);
      expect(ids.indexOf(a.shipmentNo)).toBeLessThan(ids.indexOf(b.shipmentNo));
      expect(ids.indexOf(a.shipmentNo)).toBeGreaterThanOrEqual(0);
      expect(list.total).toBe(list.items.length);
      const times = list.items.map((r: { requestedAt: string }) => r.requestedAt);
      expect(times).toEqual([...times].sort());
      expect(list.items.every((r: { storeCode: string; status: string }) => r.storeCode === 'T001' && r.status === 'pending')).toBe(true);
    }
    expect(staff.items.every((r: { canDecide: boolean }) => !r.canDecide)).toBe(true);
    const count = (await api.get(CHIEF, '/api/cancellations/count')).json().data;
    expect(count).toEqual({ pending: chief.total, storeCode: 'T001' });
    expect((await api.get(CHIEF, '/api/cancellations/count?storeCode=T001')).json().data).toEqual(count);
    expect((await api.get(SUPERVISOR, '/api/cancellations/count?storeCode=T001')).json().data).toEqual(count);
    expect((await api.get(CHIEF, '/api/cancellations/count?storeCode=T002')).statusCode).toBe(404);
    expect((await api.get(STAFF_T002, '/api/cancellations?size=100')).json().data.items.some((r: { storeCode: string }) => r.storeCode === 'T001')).toBe(false);

    await api.reject(CHIEF, a.shipmentNo);
    await api.approve(CHIEF, b.shipmentNo);
    expect((await api.get(CHIEF, '/api/cancellations/count')).json().data).toEqual({ pending: count.pending - 2, storeCode: 'T001' });
    const rejected = (await api.get(CHIEF, '/api/cancellations?status=rejected')).json().data;
    expect(rejected.items[0]).toMatchObject({ shipmentNo: a.shipmentNo, status: 'rejected' });
    const approved = (await api.get(CHIEF, '/api/cancellations?status=approved&size=100')).json().data;
    expect(approved.items[0]).toMatchObject({ shipmentNo: b.shipmentNo });
    const decided = approved.items.map((r: { decidedAt: string }) => r.decidedAt);
    expect(decided).toEqual([...decided].sort().reverse());
  });

  it('refuses an unknown status filter with its field message', async () => {
    const res = await api.get(CHIEF, '/api/cancellations?status=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: 'querystring.status', message: FIELD_MESSAGES.cancelStatusUnknown });
  });
});

describe('Idempotency-Key', () => {
  it('replays a cancel sent twice with one key: the same reply, one request, one notice', async () => {
    const order = await api.received(0);
    const key = { 'idempotency-key': `cancel-${order.id}` };
    const first = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1 }, key);
    const again = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
    expect(await noticesOf(ctx, order.id)).toHaveLength(1);
    // Without the key the retry is a new call: refused, not applied twice.
    expect((await api.cancel(CHIEF, order.shipmentNo)).json().code).toBe('CANCEL_NOT_ALLOWED');
  });

  it('replays a request of the crew with one key: one pending request', async () => {
    const order = await api.received(1);
    const key = { 'idempotency-key': `cancel-ask-${order.id}` };
    const first = await api.cancel(STAFF, order.shipmentNo, { reasonId: 2 }, key);
    const again = await api.cancel(STAFF, order.shipmentNo, { reasonId: 2 }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
  });
});

describe('the order list', () => {
  it('shows who cancelled and why on a cancelled order', async () => {
    const order = await api.received(0);
    await api.cancel(CHIEF, order.shipmentNo, { reasonId: 0, reasonText: 'Salah input pesanan' });
    const list = (await api.get(STAFF, `/api/orders?status=1106&query=${order.shipmentNo}`)).json().data;
    expect(list.items).toEqual([expect.objectContaining({ shipmentNo: order.shipmentNo, cancelledBy: 'Agus Setiawan', cancelReason: 'Salah input pesanan' })]);
    const row = (await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(row.cancelledBy).not.toBeNull();
  });
});
