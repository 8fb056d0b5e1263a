import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pickupQrPayload } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { orders } from '../../db/schema';
import { CHIEF, eventsFor, historyOf, linesOf, orderApi, orderPeeker, orderPicker, orderRow, STAFF } from './order-test-kit';

const ctx = testContextPerFile();
const api = orderApi(ctx);
const pick = orderPicker(ctx);
const peek = orderPeeker(ctx);

/** A T001 order in 1103 of the wanted delivery type, taken for one test. */
async function readyOrder(deliveryType: 0 | 1) {
  const order = await pick('T001', 1103);
  await ctx.handle.db.update(orders).set({ deliveryType }).where(eq(orders.id, order.id));
  return { ...order, deliveryType };
}

describe('handover (Konfirmasi, 1103 → 1104)', () => {
  it('changes nothing on a wrong pickup code', async () => {
    const order = await peek(1103, eq(orders.deliveryType, 0));
    const before = await historyOf(ctx, order.id);
    const eventsBefore = await eventsFor(ctx, order.shipmentNo);
    const wrong = order.pickupCode === '000000' ? '111111' : '000000';
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: wrong, receiverName: 'Rina' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'PICKUP_CODE_INVALID', message: 'Kode pengambilan salah.' });
    const after = await orderRow(ctx, order.id);
    expect(after.statusId).toBe(1103);
    expect(after.version).toBe(order.version);
    expect(await historyOf(ctx, order.id)).toEqual(before);
    expect(await eventsFor(ctx, order.shipmentNo)).toEqual(eventsBefore);
    // A QR for another shipment with the right code does not open this one either.
    const foreign = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: pickupQrPayload('SHP000000000000', order.pickupCode), receiverName: 'Rina' });
    expect(foreign.statusCode).toBe(422);
  });

  it('completes with the right code and records the receiver', async () => {
    const order = await readyOrder(0);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: ` ${order.pickupCode} `, receiverName: 'Rina Marlina' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Just completed: within the return window.
    expect(data).toMatchObject({ statusId: 1104, actions: ['finish', 'requestReturn'] });
    expect(data.completedAt).not.toBeNull();
    expect(data.history.at(-1)).toMatchObject({ action: 'confirm', fromStatus: 1103, toStatus: 1104, reason: 'Diterima oleh Rina Marlina' });
    expect(JSON.stringify(res.json())).not.toContain('pickupCode');
    expect((await eventsFor(ctx, order.shipmentNo)).map((e) => e.type)).toEqual(['order.completed']);
  });

  it("accepts the customer's QR payload", async () => {
    const order = await readyOrder(0);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: pickupQrPayload(order.shipmentNo, order.pickupCode), receiverName: 'Pak Joko' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.statusId).toBe(1104);
  });

  it('sends delivery orders to POD', async () => {
    const order = await peek(1103, eq(orders.deliveryType, 1));
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: order.pickupCode, receiverName: 'Rina' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('DELIVERY_NEEDS_POD');
    expect((await orderRow(ctx, order.id)).statusId).toBe(1103);
  });

  it('refuses a body without receiver (400 with fields)', async () => {
    const order = await peek(1103);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/handover`, { pickupCode: order.pickupCode });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain('body.receiverName');
  });
});

describe('finish and archive', () => {
  it('archives a completed order (1104 → 1105)', async () => {
    const order = await pick('T001', 1104);
    const res = await api.post(CHIEF, `/api/orders/${order.shipmentNo}/finish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.statusId).toBe(1105);
    expect(res.json().data.actions).not.toContain('finish');
    expect(res.json().data.archivedAt).not.toBeNull();
    expect((await eventsFor(ctx, order.shipmentNo)).map((e) => e.type)).toEqual(['order.archived']);
    expect((await historyOf(ctx, order.id)).at(-1)).toMatchObject({ action: 'archive', fromStatus: 1104, toStatus: 1105 });
  });

  it('archives a cancelled order (1106 → 1107)', async () => {
    const order = await pick('T001', 1106);
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/archive-cancelled`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.statusId).toBe(1107);
    expect((await eventsFor(ctx, order.shipmentNo)).map((e) => e.type)).toEqual(['order.archived']);
  });

  it('refuses to finish an order still in progress (409) and an unknown shipment (404)', async () => {
    const order = await peek(1103);
    expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/finish`)).statusCode).toBe(409);
    const unknown = await api.post(STAFF, '/api/orders/SHP999999999999/finish');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });
});

describe('the whole flow', () => {
  it('takes a new pickup order through claim, scans, pack, handover and finish, with one event per step', async () => {
    const order = await pick('T001', 1101, eq(orders.deliveryType, 0));
    const url = `/api/orders/${order.shipmentNo}`;
    expect((await api.post(STAFF, `${url}/claim`)).statusCode).toBe(200);
    const lines = await linesOf(ctx, order.id);
    for (const l of lines) {
      for (let i = 0; i < l.qty; i++) expect((await api.post(STAFF, `${url}/scan`, { barcode: l.barcode })).statusCode).toBe(200);
    }
    expect((await api.post(STAFF, `${url}/pack`)).statusCode).toBe(200);
    expect((await api.post(STAFF, `${url}/handover`, { pickupCode: order.pickupCode, receiverName: 'Siti' })).statusCode).toBe(200);
    const done = await api.post(STAFF, `${url}/finish`);
    expect(done.json().data.statusId).toBe(1105);
    const actions = done.json().data.history.map((h: { action: string }) => h.action) as string[];
    expect(actions.filter((a) => a !== 'escalate')).toEqual(['received', 'claim', 'pack', 'confirm', 'archive']);
    const units = lines.reduce((s, l) => s + l.qty, 0);
    const types = (await eventsFor(ctx, order.shipmentNo)).map((e) => e.type);
    expect(types).toEqual(['order.claimed', ...Array(units).fill('order.scanned'), 'order.packed', 'order.completed', 'order.archived']);
  });
});
