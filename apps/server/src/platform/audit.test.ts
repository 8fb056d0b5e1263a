import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { EVENT_TYPES, parseEventPayload, type IntakeOrder } from '@gerai/contract';
import type { Tx } from '../db/client';
import { events, orders, products } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { dispatchDueNotices } from '../modules/channels';
import { signBody } from '../modules/channels/signature';
import { linesOf, orderApi, orderPicker } from '../modules/orders/order-test-kit';
import { CHIEF, freshDeliveryOrder, pointFrom, requestForm, scanGoBody, STAFF } from '../modules/pod/pod-test-kit';
import { completedOrder, podBody, pointFrom as returnPointFrom, returnApi, returnBody } from '../modules/returns/return-test-kit';
import { recordChange, type AuditEntry } from './audit';
import { bookingApi, productPicker, setStock, STAFF_T002, STAFF_T003, SUPERVISOR } from '../modules/bookings/booking-test-kit';
import { productPicker as transferProducts, transferApi, wrongPin } from '../modules/transfers/transfer-test-kit';
import { CHAT_NOTICE_OUTCOMES } from '../modules/chat';
import { chatApi } from '../modules/chat/chat-test-kit';
import { file as ticketFile, freeShipments, HELPDESK, helpdeskApi, PNG, ticketBody } from '../modules/helpdesk/helpdesk-test-kit';
import { escalateDue } from '../modules/monitoring';

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

    // Cancellation: the kepala toko cancels a packed pickup order, then archive-cancelled; a crew request approved, one rejected.
    const toCancel = await pick('T001', 1103, eq(orders.deliveryType, 0));
    await ok(api.post(CHIEF, '/api/cancellations', { shipmentNo: toCancel.shipmentNo, reasonId: 1 }), 201);
    await ok(api.post(STAFF, `/api/orders/${toCancel.shipmentNo}/archive-cancelled`));
    for (const decision of ['approve', 'reject'] as const) {
      const o = await pick('T001', 1102);
      await ok(api.post(STAFF, '/api/cancellations', { shipmentNo: o.shipmentNo, reasonId: 2 }), 201);
      await ok(api.post(CHIEF, `/api/cancellations/${o.shipmentNo}/${decision}`, decision === 'reject' ? { note: 'Pesanan tetap dikirim' } : {}));
    }
    // The channel notices of those cancels: refused once (retry), then sent (order.notice).
    const notices = { maxAttempts: 5, backoffSeconds: 1, backoffMaxSeconds: 1, leaseSeconds: 60 };
    await dispatchDueNotices(ctx.handle.db, async () => Promise.reject(new Error('HTTP 503')), notices);
    await ctx.handle.db.execute(sql`update channel_notices set next_attempt_at = now() where status = 'pending'`);
    await dispatchDueNotices(ctx.handle.db, async () => undefined, notices);

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

    // Returns: one through every step of a delivered order (request, approve, collect, receive, refund), one rejected.
    const returnsApi = returnApi(ctx);
    const delivered = await completedOrder(ctx);
    const returnUrl = `/api/returns/${delivered.shipmentNo}`;
    await ok(returnsApi.post(STAFF, '/api/returns', returnBody(delivered, [await returnsApi.photo()])), 201);
    await ok(returnsApi.post(CHIEF, `${returnUrl}/approve`, {}));
    await ok(returnsApi.post(STAFF, `${returnUrl}/pod`, podBody(returnPointFrom(delivered, 20))));
    await ok(returnsApi.post(STAFF, `${returnUrl}/receive`, { lines: [{ lineId: delivered.lines[0]!.id, qtyReceived: 1, condition: 'damaged' }] }));
    await ok(returnsApi.post(CHIEF, `${returnUrl}/refund`, {}));
    const refused = await completedOrder(ctx);
    await ok(returnsApi.post(STAFF, '/api/returns', returnBody(refused, [await returnsApi.photo()])), 201);
    await ok(returnsApi.post(CHIEF, `/api/returns/${refused.shipmentNo}/reject`, { note: 'Produk tidak rusak' }));

    // Stock bookings: requested, refused, re-offered, taken, received; another requested and cancelled.
    const bookings = bookingApi(ctx);
    const booked = await productPicker(ctx)();
    for (const s of ['T002', 'T003']) await setStock(ctx, s, booked.productId, 5);
    const short = await bookings.pickingOrder([{ productId: booked.productId, qty: 3 }]);
    const offered = await bookings.booked(STAFF, short, 'T002', 2);
    await ok(bookings.step(STAFF_T002, offered.bookID, 'refuse', { reason: 'Stok dipakai' }));
    await ok(bookings.step(STAFF, offered.bookID, 'reoffer', { storeCode: 'T003' }));
    await ok(bookings.step(STAFF_T003, offered.bookID, 'take'));
    await ok(bookings.step(STAFF, offered.bookID, 'receive', { barcode: booked.ean13, qty: 2 }));
    const dropped = await bookings.booked(STAFF, short, 'T002', 1);
    await ok(bookings.step(STAFF, dropped.bookID, 'cancel'));

    // Material transfers: sent, a new PIN, five wrong PINs (locked), unlocked, confirmed, finished; another sent and cancelled.
    const transfers = transferApi(ctx);
    const moved = await transferProducts(ctx)();
    await setStock(ctx, 'T001', moved.productId, 5);
    const mat = await transfers.sent(STAFF, 'T002', [{ productId: moved.productId, qty: 2 }]);
    const reissued = await transfers.step(STAFF, mat.transfer.matNo, 'reissue');
    expect(reissued.statusCode, reissued.body).toBe(200);
    const pin = reissued.json().data.secret.pin as string;
    for (let i = 0; i < 4; i++) await ok(transfers.confirm(STAFF_T002, mat.transfer.idTbsms, { pin: wrongPin(pin) }), 422);
    await ok(transfers.confirm(STAFF_T002, mat.transfer.idTbsms, { pin: wrongPin(pin) }), 423);
    await ok(transfers.step(SUPERVISOR, mat.transfer.matNo, 'unlock'));
    await ok(transfers.confirm(STAFF_T002, mat.transfer.idTbsms, { pin }));
    await ok(transfers.step(STAFF_T002, mat.transfer.matNo, 'finish', { lines: [{ productId: moved.productId, qtyReceived: 1, reason: 'damaged' }] }));
    const unsent = await transfers.sent(STAFF, 'T002', [{ productId: moved.productId, qty: 1 }]);
    await ok(transfers.step(STAFF, unsent.transfer.matNo, 'cancel'));

    // Helpdesk: a ticket with a file, a comment, files added and one deleted, taken up and resolved.
    const helpdesk = helpdeskApi(ctx);
    const [reported] = await freeShipments(ctx, 'T001', 1);
    const ticket = await helpdesk.createWithFiles(STAFF, ticketBody(reported!.shipmentNo), [ticketFile(PNG)]);
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketId = ticket.json().data.id as number;
    await ok(helpdesk.comment(HELPDESK, ticketId, { body: 'Kami cek dulu.' }), 201);
    await ok(helpdesk.attach(STAFF, ticketId, [ticketFile(PNG)]), 201);
    await ok(helpdesk.removeFile(STAFF, ticketId, (await helpdesk.detail(STAFF, ticketId)).json().data.attachments[1].id));
    await ok(helpdesk.setStatus(HELPDESK, ticketId, 'resolved'));

    // Chat: a room opened, a store message delivered (its notice accepted) and read, a customer's message read by the crew.
    const chat = chatApi(ctx);
    const talk = await chat.freshOrder();
    await ok(chat.open(STAFF, talk), 201);
    const said = (await chat.send(STAFF, talk.shipmentNo, { body: 'Pesanan sedang disiapkan' })).json().data as { id: number };
    await dispatchDueNotices(ctx.handle.db, async () => undefined, notices, 100, CHAT_NOTICE_OUTCOMES);
    await ok(chat.channel(talk.appId, 'read', { shipmentNo: talk.shipmentNo, upToId: said.id }));
    const answer = (await chat.channel(talk.appId, 'messages', { shipmentNo: talk.shipmentNo, messageId: 'audit-1', body: 'Terima kasih' })).json().data as { messageId: number };
    await ok(chat.read(STAFF, talk.shipmentNo, answer.messageId));

    // Monitoring: a new order nobody claims escalates (half an hour from now: every level).
    const unclaimed = JSON.stringify({ ...intake, orderNo: `${intake.orderNo}-ESC` });
    await ok(
      ctx.app.inject({
        method: 'POST',
        url: '/api/channels/379/orders',
        headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(unclaimed, 'gerai-channel-379') },
        payload: unclaimed,
      }),
      201,
    );
    expect(await escalateDue(ctx.handle.db, ctx.config, new Date(Date.now() + 30 * 60_000))).toBeGreaterThan(0);

    const rows = await ctx.handle.db.select().from(events).orderBy(asc(events.id));
    for (const row of rows) {
      expect(() => parseEventPayload(row.type, row.payload), `${row.type} ${JSON.stringify(row.payload)}`).not.toThrow();
    }
    // Every type of the catalogue was produced, so every producer was checked.
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(EVENT_TYPES));
  });
});
