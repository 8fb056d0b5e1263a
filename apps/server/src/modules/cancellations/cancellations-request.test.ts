import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES, ROLE } from '@gerai/contract';
import { cancelReasons } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { eventsFor, historyOf, orderRow } from '../orders/order-test-kit';
import { stockOf } from '../stock';
import { cancelApi, CHIEF, ledgerBalances, movementsFor, noticesOf, requestsOf, STAFF, SUPERVISOR } from './cancel-test-kit';

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
