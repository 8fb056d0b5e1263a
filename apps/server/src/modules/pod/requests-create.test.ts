import { describe, expect, it } from 'vitest';
import { distanceMeters, ERROR_MESSAGES } from '@gerai/contract';
import { testFileWith } from '../../test/harness';
import { podApprovalRequests, returns } from '../../db/schema';
import {
  auditOf,
  CHIEF,
  eventsOf,
  expectFinishedRefused,
  freshDeliveryOrder,
  orderNow,
  podApi,
  pointFrom,
  podRequestHelpers,
  REQUESTS,
  requestForm,
  requestsOf,
  STAFF,
  STAFF_T002,
} from './pod-test-kit';

const { ctx, api } = testFileWith(podApi);
const { pendingOrder } = podRequestHelpers(ctx, api);

describe('GET /api/pod/reasons/*', () => {
  it('lists the request reasons from the table with "Lainnya" (id 0, free text) appended', async () => {
    const res = await api.get(STAFF, '/api/pod/reasons/request');
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Array<{ id: number; label: string; requiresText: boolean }>;
    expect(items[0]).toEqual({ id: 1, label: 'Titik lokasi pelanggan tidak sesuai alamat', requiresText: false });
    expect(items.at(-1)).toEqual({ id: 0, label: 'Lainnya', requiresText: true });
    expect(items.filter((i) => i.label === 'Lainnya')).toHaveLength(1);
    expect(items).toHaveLength(6);
  });

  it('lists the reject reasons the same way', async () => {
    const res = await api.get(CHIEF, '/api/pod/reasons/reject');
    const items = res.json().data.items as Array<{ id: number; label: string }>;
    expect(items.map((i) => i.label)).toEqual(['Lokasi terlalu jauh dari alamat pelanggan', 'Nama penerima tidak sesuai', 'Bukti penerimaan tidak lengkap', 'Alasan pengajuan tidak dapat diterima', 'Lainnya']);
    expect(items.at(-1)!.id).toBe(0);
  });
});

describe('POST /api/pod/requests (form-encoded)', () => {
  it('stores the request with requester, position, distance and date, and tells the store live (pod.requested)', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 420, 300);
    const res = await api.form(STAFF, REQUESTS, requestForm(order, at, { reasonId: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      shipmentNo: order.shipmentNo,
      orderNo: order.orderNo,
      deliveryType: 1,
      type: 'order',
      status: 'pending',
      storeCode: 'T001',
      orderStatusId: 1103,
      requester: { nik: STAFF, name: 'Budi Santoso' },
      reason: { id: 2, label: 'Pelanggan meminta bertemu di lokasi lain', text: null },
      position: { lat: at.lat, long: at.lng, accuracy: 20 },
      decision: null,
      canDecide: true,
    });
    expect(data.distanceM).toBeCloseTo(distanceMeters(order.customer, at), 1);
    expect(data.direction.direction).toBe('barat laut');
    const [row] = await requestsOf(ctx, order.id);
    expect(row).toMatchObject({ status: 'pending', requestedBy: 1, reasonId: 2, lat: at.lat, lng: at.lng, accuracy: 20 });
    expect(row!.requestDate).toBeInstanceOf(Date);
    const [ev] = await eventsOf(ctx, order.shipmentNo);
    expect(ev).toMatchObject({ type: 'pod.requested', storeCode: 'T001' });
    expect(ev!.payload).toMatchObject({ requestId: row!.id, requesterName: 'Budi Santoso', reason: 'Pelanggan meminta bertemu di lokasi lain' });
    expect(await auditOf(ctx, order.shipmentNo, 'request')).toHaveLength(1);
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
  });

  it('takes "Lainnya" (reasonId 0) only with a free text', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 300);
    const without = await api.form(STAFF, REQUESTS, requestForm(order, at, { reasonId: 0 }));
    expect(without.statusCode).toBe(400);
    expect(without.json().details).toEqual([{ path: 'body.reasonText', message: 'Tuliskan alasan untuk pilihan Lainnya' }]);
    const withText = await api.form(STAFF, REQUESTS, requestForm(order, at, { reasonId: 0, reasonText: 'Pelanggan di lantai 12 gedung kantor' }));
    expect(withText.statusCode).toBe(201);
    expect(withText.json().data.reason).toEqual({ id: 0, label: 'Lainnya', text: 'Pelanggan di lantai 12 gedung kantor', display: 'Pelanggan di lantai 12 gedung kantor' });
    expect((await requestsOf(ctx, order.id))[0]).toMatchObject({ reasonId: null, reasonText: 'Pelanggan di lantai 12 gedung kantor' });
  });

  it('answers 400 with the fields for a malformed form, an unknown reason or a repeated field', async () => {
    const order = await freshDeliveryOrder(ctx);
    const bad = await api.form(STAFF, REQUESTS, { shipmentNo: order.shipmentNo, deliveryType: 0, reasonId: 'satu', lat: 'abc', long: '', accuracy: '-3', type: 'paket' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const byPath = Object.fromEntries((bad.json().details as Array<{ path: string; message: string }>).map((d) => [d.path, d.message]));
    expect(byPath).toMatchObject({
      'body.deliveryType': 'Pengajuan POD hanya untuk pesanan yang diantar (deliveryType 1)',
      'body.reasonId': 'Alasan harus berupa bilangan bulat',
      'body.lat': 'Latitude harus berupa angka',
      'body.long': 'Longitude wajib diisi',
      'body.accuracy': 'Akurasi tidak boleh negatif',
      'body.type': 'Jenis pengajuan tidak dikenal',
    });
    const unknownReason = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 300), { reasonId: 99 }));
    expect(unknownReason.statusCode).toBe(400);
    expect(unknownReason.json().details).toEqual([{ path: 'body.reasonId', message: 'Alasan tidak dikenal' }]);
    const repeated = await api.form(STAFF, REQUESTS, `${new URLSearchParams(requestForm(order, pointFrom(order, 300)) as unknown as Record<string, string>).toString()}&lat=1`);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details[0].path).toBe('body.lat');
    expect(await requestsOf(ctx, order.id)).toHaveLength(0);
  });

  it('also reads JSON with the same fields; broken JSON is 400, other content types 415', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 300);
    const json = await api.json(STAFF, REQUESTS, { ...requestForm(order, at), lat: at.lat, long: at.lng });
    expect(json.statusCode, json.body).toBe(201);
    const other = await freshDeliveryOrder(ctx);
    const { authorization } = await ctx.loginAs(STAFF);
    const xml = await ctx.app.inject({ method: 'POST', url: REQUESTS, headers: { authorization, 'content-type': 'application/xml' }, payload: `<shipmentNo>${other.shipmentNo}</shipmentNo>` });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const brokenJson = await ctx.app.inject({ method: 'POST', url: REQUESTS, headers: { authorization, 'content-type': 'application/json' }, payload: '{"shipmentNo":' });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json().code).toBe('MALFORMED_JSON');
    expect(await requestsOf(ctx, other.id)).toHaveLength(0);
  });
});

describe('POD request error catalogue', () => {
  it('duplicate: a second request while one is pending is "Pengajuan POD sudah dilakukan" (409), backed by the one-pending index', async () => {
    const order = await pendingOrder();
    const again = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 380)));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'POD_REQUEST_DUPLICATE', message: 'Pengajuan POD sudah dilakukan' });
    const parallel = await Promise.all([1, 2, 3].map(() => api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 380)))));
    expect(parallel.every((r) => r.statusCode === 409)).toBe(true);
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
    // The index itself refuses a second pending row, whatever the code path.
    const [first] = await requestsOf(ctx, order.id);
    const { id: _id, ...copy } = first!;
    await expect(ctx.handle.db.insert(podApprovalRequests).values(copy)).rejects.toThrow();
  });

  it('parallel first requests: exactly one is stored, the others are "Pengajuan POD sudah dilakukan"', async () => {
    const order = await freshDeliveryOrder(ctx);
    const replies = await Promise.all([1, 2, 3, 4].map(() => api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 400)))));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 201)) expect(r.json()).toEqual({ code: 'POD_REQUEST_DUPLICATE', message: 'Pengajuan POD sudah dilakukan' });
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
  });

  it('location: a request from beyond POD_REQUEST_MAX_METERS is "Lokasi pengajuan POD tidak sesuai" (422)', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 1200)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'POD_REQUEST_LOCATION_INVALID', message: 'Lokasi pengajuan POD tidak sesuai' });
    expect(res.json().details[0].message).toContain('1,2 km');
    expect(await requestsOf(ctx, order.id)).toHaveLength(0);
    expect((await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 990)))).statusCode).toBe(201);
  });

  it('return: an order with an open return is "Order sedang dalam pengajuan retur" (422); a closed return does not block', async () => {
    const order = await freshDeliveryOrder(ctx);
    await ctx.handle.db.insert(returns).values({ orderId: order.id, shipmentNo: order.shipmentNo, storeCode: 'T001', deliveryType: 1, reason: 'Refund', status: 'approved' });
    const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 300)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'POD_ORDER_IN_RETURN', message: 'Order sedang dalam pengajuan retur' });
    const closed = await freshDeliveryOrder(ctx);
    await ctx.handle.db.insert(returns).values({ orderId: closed.id, shipmentNo: closed.shipmentNo, storeCode: 'T001', deliveryType: 1, reason: 'Refund', status: 'rejected' });
    expect((await api.form(STAFF, REQUESTS, requestForm(closed, pointFrom(closed, 300)))).statusCode).toBe(201);
  });

  it('not found: an unknown shipment or another store\'s order is "Order tidak ditemukan" (404)', async () => {
    const order = await freshDeliveryOrder(ctx);
    const unknown = await api.form(STAFF, REQUESTS, requestForm({ ...order, shipmentNo: 'SHP0000000000000' }, pointFrom(order, 300)));
    const otherStore = await api.form(STAFF_T002, REQUESTS, requestForm(order, pointFrom(order, 300)));
    for (const r of [unknown, otherStore]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ code: 'POD_ORDER_NOT_FOUND', message: 'Order tidak ditemukan' });
    }
  });

  it('finished: an order in 1104 or 1105 is "Status pesanan ini sudah selesai" (409)', async () => {
    await expectFinishedRefused(ctx, (order) => api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 300))));
  });

  it('a pickup order cannot take a POD request', async () => {
    const order = await freshDeliveryOrder(ctx, 'T001', { deliveryType: 0 });
    const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 300)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'POD_NOT_DELIVERY', message: ERROR_MESSAGES.POD_NOT_DELIVERY });
  });
});
