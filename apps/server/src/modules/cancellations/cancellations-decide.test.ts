import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '@gerai/contract';
import { auditLog } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { eventsFor, orderRow } from '../orders/order-test-kit';
import { stockOf } from '../stock';
import { cancelApi, CHIEF, CHIEF_T002, noticesOf, requestsOf, STAFF, STAFF_T002 } from './cancel-test-kit';

const ctx = testContextPerFile();
const api = cancelApi(ctx);

describe('refusals', () => {
  it('refuses a completed or cancelled order (409) and changes nothing', async () => {
    for (const status of [1104, 1105, 1106, 1107] as const) {
      const order = await api.take(status, undefined, { withRequests: true });
      const requests = await requestsOf(ctx, order.id);
      const res = await api.cancel(CHIEF, order.shipmentNo);
      expect(res.statusCode, String(status)).toBe(409);
      expect(res.json()).toEqual({ code: 'CANCEL_NOT_ALLOWED', message: ERROR_MESSAGES.CANCEL_NOT_ALLOWED });
      expect(await orderRow(ctx, order.id)).toEqual(order);
      expect(await requestsOf(ctx, order.id)).toEqual(requests);
    }
  });

  it("answers 404 for another store's order exactly as for an unknown one, for every call", async () => {
    const order = await api.received(0);
    expect((await api.cancel(STAFF, order.shipmentNo)).statusCode).toBe(201);
    const other = await api.cancel(STAFF_T002, order.shipmentNo);
    const unknown = await api.cancel(STAFF_T002, 'SHP000000000000');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    for (const call of [api.approve(CHIEF_T002, order.shipmentNo), api.reject(CHIEF_T002, order.shipmentNo), api.get(STAFF_T002, `/api/cancellations/${order.shipmentNo}`)]) {
      const res = await call;
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CANCEL_REQUEST_NOT_FOUND');
    }
    expect((await requestsOf(ctx, order.id)).map((r) => r.status)).toEqual(['pending']);
    expect((await orderRow(ctx, order.id)).statusId).toBe(1101);
  });

  it('keeps deciding for the kepala toko and above: staff 403 before anything is read', async () => {
    const order = await api.received(0);
    await api.cancel(STAFF, order.shipmentNo);
    const approve = await api.approve(STAFF, order.shipmentNo);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().code).toBe('FORBIDDEN');
    expect((await api.reject(STAFF, order.shipmentNo)).statusCode).toBe(403);
    expect((await requestsOf(ctx, order.id)).map((r) => r.status)).toEqual(['pending']);
  });

  it('reads an order without requests as null (the form is shown, nothing is missing); deciding one is 404 CANCEL_REQUEST_NOT_FOUND', async () => {
    const order = await api.received(0);
    const read = await api.get(STAFF, `/api/cancellations/${order.shipmentNo}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ message: 'Success', data: null });
    // Another store's order without requests stays hidden, exactly as an unknown one.
    const hidden = await api.get(STAFF_T002, `/api/cancellations/${order.shipmentNo}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual((await api.get(STAFF_T002, '/api/cancellations/SHP000000000000')).json());
    for (const res of [await api.approve(CHIEF, order.shipmentNo), await api.reject(CHIEF, order.shipmentNo)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'CANCEL_REQUEST_NOT_FOUND', message: ERROR_MESSAGES.CANCEL_REQUEST_NOT_FOUND });
    }
  });
});

describe('deciding a request', () => {
  it('approves once: the order is cancelled, cancel.approved and order.cancelled are written; a second decision is 409', async () => {
    const order = await api.claimed(0);
    const asked = (await api.cancel(STAFF, order.shipmentNo, { reasonId: 5 })).json().data.request;
    const queue = (await api.get(CHIEF, '/api/cancellations?status=pending')).json().data;
    expect(queue.items.find((r: { id: number }) => r.id === asked.id)).toMatchObject({ canDecide: true, status: 'pending' });

    const res = await api.approve(CHIEF, order.shipmentNo);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request).toMatchObject({ id: asked.id, status: 'approved', decidedBy: 'Agus Setiawan', note: null, requestedBy: 'Budi Santoso' });
    expect(res.json().data.order).toMatchObject({ statusId: 1106, cancelledBy: 'Agus Setiawan', cancelReason: 'Pesanan ganda' });
    const events = (await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type.startsWith('cancel.') || e.type === 'order.cancelled');
    expect(events.map((e) => e.type)).toEqual(['cancel.requested', 'order.cancelled', 'cancel.approved']);
    expect(events[2]!.payload).toEqual({ shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: asked.id, deciderName: 'Agus Setiawan', reason: 'Pesanan ganda' });
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.shipmentNo));
    expect(audit.filter((a) => a.entity === 'cancel_request').map((a) => a.action)).toEqual(['request', 'approve']);
    expect(await noticesOf(ctx, order.id)).toHaveLength(1);

    const again = await api.approve(CHIEF, order.shipmentNo);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CANCEL_ALREADY_DECIDED');
    expect((await api.reject(CHIEF, order.shipmentNo)).json().code).toBe('CANCEL_ALREADY_DECIDED');
  });

  it('rejects with a note the crew reads; the order stays; a new request may follow', async () => {
    const order = await api.received(1);
    await api.cancel(STAFF, order.shipmentNo);
    const noNote = await api.reject(CHIEF, order.shipmentNo, {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().details).toContainEqual({ path: 'body.note', message: FIELD_MESSAGES.cancelNoteRequired });

    const res = await api.reject(CHIEF, order.shipmentNo, { note: 'Pelanggan sudah konfirmasi ulang' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request).toMatchObject({ status: 'rejected', decidedBy: 'Agus Setiawan', note: 'Pelanggan sudah konfirmasi ulang', canDecide: false });
    expect(res.json().data.order).toMatchObject({ statusId: 1101, cancelRequest: { status: 'rejected', note: 'Pelanggan sudah konfirmasi ulang' } });
    expect(res.json().data.order.actions).toEqual(['claim', 'cancel']);
    const [event] = (await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type === 'cancel.rejected');
    expect(event?.payload).toMatchObject({ deciderName: 'Agus Setiawan', note: 'Pelanggan sudah konfirmasi ulang' });
    expect(await noticesOf(ctx, order.id)).toEqual([]);

    expect((await api.cancel(STAFF, order.shipmentNo, { reasonId: 2 })).statusCode).toBe(201);
    expect((await requestsOf(ctx, order.id)).map((r) => r.status)).toEqual(['rejected', 'pending']);
  });

  it('decides by the status the order is in now: a request made while picking is approved after the pack by the 1103 rule, stock restored', async () => {
    const order = await api.claimed(0);
    await api.cancel(STAFF, order.shipmentNo);
    const lines = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data.products as Array<{ productID: string }>;
    const productIds = [...new Set(lines.map((l) => l.productID))];
    const before = await stockOf(ctx.handle.db, 'T001', productIds);
    expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`)).statusCode).toBe(200);
    const res = await api.approve(CHIEF, order.shipmentNo);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request).toMatchObject({ requestedInStatus: 1102, orderStatusId: 1106 });
    expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
  });

  it('refuses to approve once the order was completed (409) and leaves the request pending; rejecting closes it', async () => {
    const { order } = await api.packed(0);
    await api.cancel(STAFF, order.shipmentNo);
    const handover = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: order.pickupCode, receiverName: 'Rina' });
    expect(handover.statusCode).toBe(200);
    const res = await api.approve(CHIEF, order.shipmentNo);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANCEL_NOT_ALLOWED');
    expect((await requestsOf(ctx, order.id)).map((r) => r.status)).toEqual(['pending']);
    expect((await orderRow(ctx, order.id)).statusId).toBe(1104);
    expect((await api.get(CHIEF, `/api/cancellations/${order.shipmentNo}`)).json().data).toMatchObject({ status: 'pending', canDecide: false, orderStatusId: 1104 });
    expect((await api.reject(CHIEF, order.shipmentNo, { note: 'Pesanan sudah diambil pelanggan' })).statusCode).toBe(200);
  });
});
