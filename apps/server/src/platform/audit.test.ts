import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { EVENT_TYPES, parseEventPayload, type IntakeOrder } from '@gerai/contract';
import type { Tx } from '../db/client';
import { events, orders, products, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { signBody } from '../modules/channels/signature';
import { changeOrderStatus } from '../modules/orders';
import { linesOf, orderApi, orderPicker } from '../modules/orders/order-test-kit';
import { CHIEF, freshDeliveryOrder, pointFrom, requestForm, scanGoBody, STAFF } from '../modules/pod/pod-test-kit';
import { recordChange, type AuditEntry } from './audit';
import { loadPrincipal } from './principal';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

// Never called: `npx tsc -p apps/server` fails when one of these lines compiles.
async function _refusedByTheCompiler(tx: Tx, audit: AuditEntry) {
  // @ts-expect-error: an event type the catalogue does not list.
  await recordChange(tx, audit, { storeCode: null, type: 'order.teleported', payload: {} });
  // @ts-expect-error: order.claimed needs pickerName (and the other fields of a status change).
  await recordChange(tx, audit, { storeCode: null, type: 'order.claimed', payload: { shipmentNo: 'SHP1' } });
  const claimed = { shipmentNo: 'SHP1', orderNo: 'A-1', fromStatus: 1101, statusId: 1102, action: 'claim', actorName: 'Budi', pickerName: 'Budi' } as const;
  await recordChange(tx, audit, { storeCode: null, type: 'order.claimed', payload: claimed });
  // @ts-expect-error: a field the catalogue does not declare.
  await recordChange(tx, audit, { storeCode: null, type: 'order.claimed', payload: { ...claimed, pickupCode: '123456' } });
  const { pickerName: _pickerName, ...change } = claimed;
  await recordChange(tx, audit, { storeCode: null, type: 'order.packed', payload: { ...change, action: 'pack' } });
  // @ts-expect-error: the action of another event type.
  await recordChange(tx, audit, { storeCode: null, type: 'order.packed', payload: change });
}

describe('the event catalogue', () => {
  it('declares every event the app writes: the real flows, SQL functions included, write nothing else', async () => {
    const api = orderApi(ctx);
    const pick = orderPicker(ctx);
    const ok = async (reply: Promise<{ statusCode: number; body: string }>, status = 200) => {
      const r = await reply;
      expect(r.statusCode, r.body).toBe(status);
    };

    // Intake by a channel: order.created.
    const barcodes = (await ctx.handle.db.select({ ean: products.ean13 }).from(products).orderBy(asc(products.productId)).limit(2)).map((p) => p.ean);
    const intake: IntakeOrder = {
      orderNo: `CAT-${Date.now()}`,
      storeCode: 'T001',
      deliveryType: 0,
      paymentId: 2,
      customer: { name: 'Siti Rahayu', phone: '081234567890' },
      lines: [{ barcode: barcodes[0]!, qty: 2 }, { barcode: barcodes[1]!, qty: 1 }],
      paperBags: 1,
    };
    const raw = JSON.stringify(intake);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/channels/379/orders',
      headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(raw, 'gerai-channel-379') },
      payload: raw,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { shipmentNo, pickupCode } = created.json().data as { shipmentNo: string; pickupCode: string };
    const url = `/api/orders/${shipmentNo}`;

    // Claim, picking edits, scans through order_scan_batch, pack, handover, finish.
    await ok(api.post(STAFF, `${url}/claim`));
    const [order] = await ctx.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.shipmentNo, shipmentNo));
    const lines = await linesOf(ctx, order!.id);
    const first = lines[0]!;
    await ok(api.post(STAFF, `${url}/lines/${first.id}/quantity`, { qty: 1 }));
    await ok(api.post(STAFF, `${url}/lines/${first.id}/out-of-stock`, { qtyOos: 1 }));
    await ok(api.post(STAFF, `${url}/paper-bags`, { qty: 2 }));
    await ok(api.post(STAFF, `${url}/reset`));
    for (const l of lines) for (let i = 0; i < l.qty; i++) await ok(api.post(STAFF, `${url}/scan`, { barcode: l.barcode }));
    await ok(api.post(STAFF, `${url}/pack`));
    await ok(api.post(STAFF, `${url}/handover`, { pickupCode, receiverName: 'Siti' }));
    await ok(api.post(STAFF, `${url}/finish`));

    // Cancellation has no route yet; the lifecycle step it will take writes order.cancelled, then archive-cancelled.
    const [chief] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, CHIEF));
    const chiefPrincipal = (await loadPrincipal(ctx.handle.db, chief!.id))!;
    const toCancel = await pick('T001', 1103);
    await ctx.handle.db.transaction((tx) => changeOrderStatus(tx, chiefPrincipal, toCancel.shipmentNo, 'cancel', { from: 1103, reason: 'Pelanggan membatalkan', payload: { reason: 'Pelanggan membatalkan' } }));
    await ok(api.post(STAFF, `/api/orders/${toCancel.shipmentNo}/archive-cancelled`));

    // POD: scan and go inside the radius; a request approved; one rejected; one closed by scan and go.
    const inside = await freshDeliveryOrder(ctx);
    await ok(api.post(STAFF, '/api/pod/scan-go', scanGoBody(inside, pointFrom(inside, 10))));
    for (const decision of ['approve', 'reject'] as const) {
      const o = await freshDeliveryOrder(ctx);
      await ok(api.post(STAFF, '/api/pod/requests', requestForm(o, pointFrom(o, 400))), 201);
      await ok(api.post(CHIEF, `/api/pod/requests/${o.shipmentNo}/${decision}`, decision === 'reject' ? { rejectReasonId: 1 } : {}));
    }
    const closed = await freshDeliveryOrder(ctx);
    await ok(api.post(STAFF, '/api/pod/requests', requestForm(closed, pointFrom(closed, 400))), 201);
    await ok(api.post(STAFF, '/api/pod/scan-go', scanGoBody(closed, pointFrom(closed, 20))));

    const rows = await ctx.handle.db.select().from(events).orderBy(asc(events.id));
    for (const row of rows) {
      expect(() => parseEventPayload(row.type, row.payload), `${row.type} ${JSON.stringify(row.payload)}`).not.toThrow();
    }
    // Every type of the catalogue was produced, so every producer was checked.
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(EVENT_TYPES));
  });
});
