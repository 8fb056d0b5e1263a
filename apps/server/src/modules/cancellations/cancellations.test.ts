import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_STATUS, ERROR_MESSAGES, FIELD_MESSAGES, ROLE } from '@gerai/contract';
import { auditLog, cancelReasons, events, orderLines, orders, stockBookings, users } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { eventsFor, historyOf, insertBooking, linesOf, orderRow } from '../orders/order-test-kit';
import { stockOf } from '../stock';
import { cancelApi, CHIEF, CHIEF_T002, ledgerBalances, movementsFor, noticesOf, requestsOf, STAFF, STAFF_T002, SUPERVISOR } from './cancel-test-kit';

const ctx = testContextPerFile();
const api = cancelApi(ctx);

describe('GET /api/cancellations/reasons', () => {
  it('lists the reasons of the table in their order with "Lainnya" (id 0, free text) last', async () => {
    const res = await api.get(STAFF, '/api/cancellations/reasons');
    expect(res.statusCode).toBe(200);
    const rows = await ctx.handle.db.select().from(cancelReasons).orderBy(cancelReasons.sort);
    expect(res.json().data.items).toEqual([...rows.map((r) => ({ id: r.id, label: r.label, requiresText: false })), { id: 0, label: 'Lainnya', requiresText: true }]);
  });
});

describe('a crew member asks', () => {
  it('leaves a pending request: the order stays, the deciders hear cancel.requested, no second request', async () => {
    const order = await api.received(0);
    const res = await api.cancel(STAFF, order.shipmentNo, { reasonId: 2 });
    expect(res.statusCode).toBe(201);
    const { request, order: detail } = res.json().data;
    expect(request).toMatchObject({
      shipmentNo: order.shipmentNo,
      status: 'pending',
      orderStatusId: 1101,
      requestedInStatus: 1101,
      requestedBy: 'Budi Santoso',
      decidedBy: null,
      canDecide: false,
      deciderRole: ROLE.STORE_CHIEF,
      reason: { id: 2, label: 'Pelanggan membatalkan pesanan', text: null, display: 'Pelanggan membatalkan pesanan' },
      itemCount: 3,
    });
    expect(detail).toMatchObject({ statusId: 1101, cancelRequest: { status: 'pending', reason: 'Pelanggan membatalkan pesanan', requestedBy: 'Budi Santoso' }, actions: ['claim'] });
    expect((await orderRow(ctx, order.id)).statusId).toBe(1101);
    const [event] = await eventsFor(ctx, order.shipmentNo).then((es) => es.filter((e) => e.type.startsWith('cancel.')));
    expect(event).toMatchObject({ type: 'cancel.requested', storeCode: 'T001', payload: { requestId: request.id, statusId: 1101, requesterName: 'Budi Santoso', reason: 'Pelanggan membatalkan pesanan' } });

    const again = await api.cancel(STAFF, order.shipmentNo, { reasonId: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CANCEL_REQUEST_PENDING', message: ERROR_MESSAGES.CANCEL_REQUEST_PENDING });
    // Nor may a decider cancel beside it: the request waits for their decision.
    expect((await api.cancel(CHIEF, order.shipmentNo)).json().code).toBe('CANCEL_REQUEST_PENDING');
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
  });

  it('keeps "Lainnya" with its free text and refuses it without one', async () => {
    const order = await api.received(1);
    const missing = await api.cancel(STAFF, order.shipmentNo, { reasonId: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ path: 'body.reasonText', message: FIELD_MESSAGES.reasonTextRequired });
    const res = await api.cancel(STAFF, order.shipmentNo, { reasonId: 0, reasonText: 'Pelanggan pindah alamat' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.request.reason).toEqual({ id: 0, label: 'Lainnya', text: 'Pelanggan pindah alamat', display: 'Pelanggan pindah alamat' });
  });

  it('refuses an unknown reason on body.reasonId and changes nothing', async () => {
    const order = await api.received(0);
    const res = await api.cancel(STAFF, order.shipmentNo, { reasonId: 9999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.reasonId', message: FIELD_MESSAGES.reasonUnknown }] });
    expect(await requestsOf(ctx, order.id)).toEqual([]);
  });
});

describe('a decider cancels at once', () => {
  it('cancels a picking order: approved request, who and why on the order, history, event, channel notice, no stock moved', async () => {
    const order = await api.claimed(1);
    const res = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1, reasonText: 'Rak kosong' });
    expect(res.statusCode).toBe(201);
    const { request, order: detail } = res.json().data;
    expect(request).toMatchObject({ status: 'approved', requestedBy: 'Agus Setiawan', decidedBy: 'Agus Setiawan', requestedInStatus: 1102, orderStatusId: 1106, canDecide: false });
    expect(request.decidedAt).not.toBeNull();
    expect(detail).toMatchObject({
      statusId: 1106,
      cancelledBy: 'Agus Setiawan',
      cancelReason: 'Stok produk habis: Rak kosong',
      cancelRequest: { status: 'approved', decidedBy: 'Agus Setiawan' },
      channelNotices: [{ kind: 'order.cancelled', status: 'pending', attempts: 0, sentAt: null, lastError: null }],
      actions: ['archiveCancelled'],
    });
    const row = await orderRow(ctx, order.id);
    expect(row).toMatchObject({ statusId: 1106, cancelReason: 'Stok produk habis: Rak kosong' });
    expect(row.cancelledAt).not.toBeNull();
    expect((await historyOf(ctx, order.id)).at(-1)).toMatchObject({ action: 'cancel', fromStatus: 1102, toStatus: 1106, reason: 'Stok produk habis: Rak kosong' });
    const types = (await eventsFor(ctx, order.shipmentNo)).map((e) => e.type);
    expect(types.at(-1)).toBe('order.cancelled');
    expect(types).not.toContain('cancel.requested');
    const [notice] = await noticesOf(ctx, order.id);
    expect(notice).toMatchObject({ kind: 'order.cancelled', ref: order.shipmentNo, appId: 379, storeCode: 'T001', status: 'pending', payload: { orderNo: order.orderNo, fromStatus: 1102, reason: 'Stok produk habis: Rak kosong' } });
    // Goods picked but not packed never left the books (the crew puts them back on the shelf).
    expect(await movementsFor(ctx, order.shipmentNo)).toEqual([]);
  });

  it('puts a packed order back on the books: stock after the cancel equals stock before the pack', async () => {
    const { order, productIds, before } = await api.packed(0);
    const packedStock = await stockOf(ctx.handle.db, 'T001', productIds);
    expect(packedStock).not.toEqual(before);
    const res = await api.cancel(CHIEF, order.shipmentNo);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order.statusId).toBe(1106);
    expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
    const moves = await movementsFor(ctx, order.shipmentNo);
    expect(moves.filter((m) => m.cause === 'cancel').map((m) => m.delta)).toEqual(moves.filter((m) => m.cause === 'pack').map((m) => -m.delta));
    expect(await ledgerBalances(ctx, 'T001', productIds)).toBe(true);
  });

  it('keeps a delivery out for delivery for the area supervisor: the kepala toko only asks, and cannot approve it', async () => {
    const { order, productIds, before } = await api.packed(1);
    const asked = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 3 });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().data.request).toMatchObject({ status: 'pending', canDecide: false, deciderRole: ROLE.AREA_SUPERVISOR });
    expect(asked.json().data.order.actions).toEqual([]);

    const refused = await api.approve(CHIEF, order.shipmentNo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'CANCEL_NEEDS_SUPERVISOR', message: ERROR_MESSAGES.CANCEL_NEEDS_SUPERVISOR });
    expect((await api.reject(CHIEF, order.shipmentNo)).json().code).toBe('CANCEL_NEEDS_SUPERVISOR');
    expect((await orderRow(ctx, order.id)).statusId).toBe(1103);
    expect((await requestsOf(ctx, order.id)).map((r) => r.status)).toEqual(['pending']);

    const seen = await api.get(SUPERVISOR, `/api/cancellations/${order.shipmentNo}`);
    expect(seen.json().data.canDecide).toBe(true);
    const approved = await api.approve(SUPERVISOR, order.shipmentNo, { note: 'Kurir dipanggil kembali' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.request).toMatchObject({ status: 'approved', decidedBy: 'Dewi Lestari', note: 'Kurir dipanggil kembali', requestedBy: 'Agus Setiawan' });
    expect(approved.json().data.order).toMatchObject({ statusId: 1106, cancelledBy: 'Dewi Lestari', cancelReason: 'Pelanggan tidak dapat dihubungi' });
    expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
  });

  it('lets the area supervisor cancel a delivery out for delivery directly', async () => {
    const { order, productIds, before } = await api.packed(1);
    const res = await api.cancel(SUPERVISOR, order.shipmentNo);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.request.status).toBe('approved');
    expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
  });
});

describe('stock bookings of a cancelled order (decision 88)', () => {
  it("cancels the order's open bookings and gives a taken booking's reserved units back to the serving store, once", async () => {
    const order = await api.claimed(0);
    const [first, second] = await linesOf(ctx, order.id);
    // The first line lacks 2 units that T003 took (sellable → reserved); the second waits for T002.
    await ctx.handle.db.update(orderLines).set({ qtyPicked: 0 }).where(eq(orderLines.id, first!.id));
    const before = (await stockOf(ctx.handle.db, 'T003', [first!.productId])).get(first!.productId)!;
    const taken = await insertBooking(ctx, order, first!, { status: BOOKING_STATUS.TAKEN, qty: 2, servingStore: 'T003' });
    const waiting = await insertBooking(ctx, order, second!, { status: BOOKING_STATUS.WAITING, qty: 1, servingStore: 'T002' });
    const held = (await stockOf(ctx.handle.db, 'T003', [first!.productId])).get(first!.productId)!;
    expect(held).toEqual({ ...before, qty: before.qty - 2, qtyReserved: before.qtyReserved + 2 });

    const key = { 'idempotency-key': `cancel-booked-${order.id}` };
    const res = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1 }, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ statusId: 1106, bookings: [], bookingBlocked: false });
    // Retried: the replay answers the same, a retry without the key is refused; the units come back once.
    const replay = await api.cancel(CHIEF, order.shipmentNo, { reasonId: 1 }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect((await api.cancel(CHIEF, order.shipmentNo)).json().code).toBe('CANCEL_NOT_ALLOWED');

    const [chief] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, CHIEF));
    const bookings = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id)).orderBy(stockBookings.id);
    expect(bookings.map((b) => [b.id, b.cancelledBy])).toEqual([
      [taken.bookID, chief!.id],
      [waiting.bookID, chief!.id],
    ]);
    expect(bookings.every((b) => b.cancelledAt !== null)).toBe(true);
    expect((await stockOf(ctx.handle.db, 'T003', [first!.productId])).get(first!.productId)).toEqual(before);
    const moves = await movementsFor(ctx, `booking:${taken.bookID}`);
    expect(moves.filter((m) => m.cause === 'booking_release').map((m) => [m.storeCode, m.condition, m.delta]).sort()).toEqual([
      ['T003', 'reserved', -2],
      ['T003', 'sellable', 2],
    ]);
    expect(await movementsFor(ctx, `booking:${waiting.bookID}`)).toEqual([]);
    expect(await ledgerBalances(ctx, 'T003', [first!.productId])).toBe(true);
    // Both stores hear each booking's end.
    const cancelled = (await ctx.handle.db.select().from(events).where(eq(events.type, 'booking.cancelled'))).filter((e) => (e.payload as { shipmentNo?: string }).shipmentNo === order.shipmentNo);
    expect(cancelled.map((e) => [(e.payload as { bookID: number }).bookID, e.storeCode]).sort()).toEqual(
      [
        [taken.bookID, 'T001'],
        [taken.bookID, 'T003'],
        [waiting.bookID, 'T001'],
        [waiting.bookID, 'T002'],
      ].sort(),
    );
  });

  it('leaves bookings that already ended as they were: an arrived one stays, a cancelled one moves nothing again', async () => {
    const order = await api.claimed(0);
    const [first, second] = await linesOf(ctx, order.id);
    const done = await insertBooking(ctx, order, first!, { status: BOOKING_STATUS.DONE, qty: 1, servingStore: 'T003' });
    const ended = await insertBooking(ctx, order, second!, { status: BOOKING_STATUS.TAKEN, qty: 1, servingStore: 'T003', cancelled: true });
    const [doneBefore, endedBefore] = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id)).orderBy(stockBookings.id);
    const res = await api.cancel(CHIEF, order.shipmentNo);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order.bookings).toMatchObject([{ bookID: done.bookID, status: BOOKING_STATUS.DONE }]);
    const [doneAfter, endedAfter] = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id)).orderBy(stockBookings.id);
    expect(doneAfter).toEqual(doneBefore);
    expect(endedAfter).toEqual(endedBefore);
    expect((await movementsFor(ctx, `booking:${done.bookID}`)).map((m) => m.cause).sort()).toEqual(['booking_receive', 'booking_receive', 'booking_take', 'booking_take']);
    expect(await movementsFor(ctx, `booking:${ended.bookID}`)).toEqual([]);
  });

  it('cancels the bookings on an approved request too', async () => {
    const order = await api.claimed(1);
    const [first] = await linesOf(ctx, order.id);
    const { bookID } = await insertBooking(ctx, order, first!, { status: BOOKING_STATUS.REFUSED, qty: 1 });
    expect((await api.cancel(STAFF, order.shipmentNo)).statusCode).toBe(201);
    expect((await api.approve(CHIEF, order.shipmentNo)).statusCode).toBe(200);
    const [row] = await ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.id, bookID));
    expect(row!.cancelledAt).not.toBeNull();
  });
});

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
