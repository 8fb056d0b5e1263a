import { describe, expect, it } from 'vitest';
import { distanceMeters, ERROR_MESSAGES } from '@gerai/contract';
import { testFileWith } from '../../test/harness';
import { returns } from '../../db/schema';
import {
  auditOf,
  eventsOf,
  expectFinishedRefused,
  freshDeliveryOrder,
  historyOf,
  orderNow,
  podApi,
  podRecordsOf,
  pointFrom,
  requestForm,
  requestsOf,
  scanGoBody,
  STAFF,
  STAFF_T002,
} from './pod-test-kit';

const { ctx, api } = testFileWith(podApi);

const URL = '/api/pod/scan-go';

describe('POST /api/pod/scan-go inside the radius', () => {
  it('completes the order (1103 → 1104) with a POD record, history and an order.completed event with pod: true', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 60, 200);
    const res = await api.json(STAFF, URL, scanGoBody(order, at, { receiverRelation: 'Lainnya', receiverOther: 'Tetangga sebelah', plasticQty: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe(true);
    expect(data.radiusM).toBe(150);
    expect(data.distanceM).toBeCloseTo(distanceMeters(order.customer, at), 1);
    expect(data.order).toMatchObject({ shipmentNo: order.shipmentNo, statusId: 1104 });
    expect(data.order.completedAt).not.toBeNull();
    expect(data.pod).toMatchObject({ receiverName: 'Sari Wulandari', receiverRelation: 'Lainnya', receiverOther: 'Tetangga sebelah', plasticQty: 3, isValidate: true, accuracy: 12, userName: 'Budi Santoso' });

    const row = await orderNow(ctx, order.id);
    expect(row.statusId).toBe(1104);
    expect(row.completedAt).not.toBeNull();
    const [pod, ...more] = await podRecordsOf(ctx, order.id);
    expect(more).toHaveLength(0);
    expect(pod).toMatchObject({ lat: at.lat, long: at.lng, accuracy: 12, receiverName: 'Sari Wulandari', plasticQty: 3, isValidate: true });
    expect(pod!.distanceM!).toBeCloseTo(data.distanceM, 1);
    expect((await historyOf(ctx, order.id)).at(-1)).toMatchObject({ fromStatus: 1103, toStatus: 1104, action: 'confirm' });
    const evs = await eventsOf(ctx, order.shipmentNo);
    expect(evs.map((e) => e.type)).toEqual(['order.completed']);
    expect(evs[0]!.payload).toMatchObject({ pod: true, approved: false, statusId: 1104, receiverName: 'Sari Wulandari', clientIsValidate: true });
    expect(evs[0]!.storeCode).toBe('T001');
  });

  it('reads a form-encoded payload too', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 20);
    const b = scanGoBody(order, at);
    const res = await api.form(STAFF, URL, { ...b, lat: String(b.lat), long: String(b.long), isValidate: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderNow(ctx, order.id)).statusId).toBe(1104);
  });

  it('replays one completion for a retried request with the same Idempotency-Key', async () => {
    const order = await freshDeliveryOrder(ctx);
    const body = scanGoBody(order, pointFrom(order, 30));
    const key = `scan-go-${order.id}-key`;
    const first = await api.json(STAFF, URL, body, { 'idempotency-key': key });
    const again = await api.json(STAFF, URL, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(1);
    expect((await historyOf(ctx, order.id)).filter((h) => h.toStatus === 1104)).toHaveLength(1);
    expect((await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'order.completed')).toHaveLength(1);
    // Without the key a second submission is refused, never applied twice.
    const retry = await api.json(STAFF, URL, body);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ code: 'POD_ORDER_FINISHED', message: 'Status pesanan ini sudah selesai' });
  });

  it('lets exactly one of several parallel submissions complete the order', async () => {
    const order = await freshDeliveryOrder(ctx);
    const body = scanGoBody(order, pointFrom(order, 40));
    const replies = await Promise.all([1, 2, 3, 4].map(() => api.json(STAFF, URL, body)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) expect(r.json().code).toBe('POD_ORDER_FINISHED');
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(1);
  });

  it('closes a pending approval request of the order it completes', async () => {
    const order = await freshDeliveryOrder(ctx);
    const req = await api.form(STAFF, '/api/pod/requests', requestForm(order, pointFrom(order, 400)));
    expect(req.statusCode, req.body).toBe(201);
    const res = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 50)));
    expect(res.statusCode).toBe(200);
    const [request] = await requestsOf(ctx, order.id);
    expect(request).toMatchObject({ status: 'rejected', decidedBy: null });
    expect(request!.rejectReasonText).toContain('scan and go');
    expect((await eventsOf(ctx, order.shipmentNo)).map((e) => e.type)).toEqual(['pod.requested', 'pod.closed', 'order.completed']);
  });
});

describe('POST /api/pod/scan-go outside the radius', () => {
  it('answers the spec\'s "koordinat lokasi POD tidak sesuai" (422, status false) with the distance and the way to request approval; nothing changes', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 320, 315);
    const res = await api.json(STAFF, URL, scanGoBody(order, at));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('koordinat lokasi POD tidak sesuai');
    expect(body.code).toBe('POD_OUTSIDE_AREA');
    expect(body.details).toEqual([{ path: 'body.lat', message: 'Lokasi Anda 320 m ke arah barat laut dari titik pelanggan, di luar radius 150 m.' }]);
    expect(body.data).toMatchObject({
      status: false,
      radiusM: 150,
      accuracy: 12,
      direction: { direction: 'barat laut', text: '320 m ke arah barat laut' },
      approval: { canRequest: true, requestMaxM: 1000, pending: false, blockedBy: null },
    });
    expect(body.data.distanceM).toBeCloseTo(320, 0);
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(0);
    expect(await eventsOf(ctx, order.shipmentNo)).toHaveLength(0);
    expect(await auditOf(ctx, order.shipmentNo, 'pod_outside_area')).toHaveLength(1);
  });

  it('tells when a request is already pending or the position is too far for one', async () => {
    const order = await freshDeliveryOrder(ctx);
    const far = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 1500)));
    expect(far.statusCode).toBe(422);
    expect(far.json().data.approval).toEqual({ canRequest: false, requestMaxM: 1000, pending: false, blockedBy: 'POD_REQUEST_LOCATION_INVALID' });
    expect((await api.form(STAFF, '/api/pod/requests', requestForm(order, pointFrom(order, 500)))).statusCode).toBe(201);
    const again = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 300)));
    expect(again.json().data.approval).toEqual({ canRequest: false, requestMaxM: 1000, pending: true, blockedBy: 'POD_REQUEST_DUPLICATE' });
  });

  it('never widens the radius by the accuracy: 165 m with ±40 m stays outside', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 165), { accuracy: 40 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('POD_OUTSIDE_AREA');
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
  });
});

describe('POST /api/pod/scan-go: the boundary and the accuracy limit', () => {
  it('counts a position exactly at the radius as inside, and a hair beyond it as outside', async () => {
    const original = ctx.config.POD_RADIUS_METERS;
    try {
      const outside = await freshDeliveryOrder(ctx);
      const atOut = pointFrom(outside, 150, 90);
      ctx.config.POD_RADIUS_METERS = distanceMeters(outside.customer, atOut) - 1e-6;
      expect((await api.json(STAFF, URL, scanGoBody(outside, atOut))).statusCode).toBe(422);

      const order = await freshDeliveryOrder(ctx);
      const at = pointFrom(order, 150, 90);
      ctx.config.POD_RADIUS_METERS = distanceMeters(order.customer, at);
      const res = await api.json(STAFF, URL, scanGoBody(order, at));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      ctx.config.POD_RADIUS_METERS = original;
    }
  });

  it('refuses a fix that is too poor (422) even right at the customer, and accepts the limit itself', async () => {
    const order = await freshDeliveryOrder(ctx);
    const poor = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 5), { accuracy: 180 }));
    expect(poor.statusCode).toBe(422);
    expect(poor.json()).toEqual({
      code: 'POD_ACCURACY_TOO_LOW',
      message: ERROR_MESSAGES.POD_ACCURACY_TOO_LOW,
      details: [{ path: 'body.accuracy', message: 'Akurasi lokasi ±180 m, paling besar 100 m.' }],
    });
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
    const limit = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 5), { accuracy: 100 }));
    expect(limit.statusCode).toBe(200);
  });

  it('property via the API: random positions complete exactly when inside with a good fix', async () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 12; i++) {
      const order = await freshDeliveryOrder(ctx);
      const at = pointFrom(order, rand() * 400, rand() * 360);
      const accuracy = Math.round(rand() * 140);
      const d = distanceMeters(order.customer, at);
      const res = await api.json(STAFF, URL, scanGoBody(order, at, { accuracy }));
      const completed = (await orderNow(ctx, order.id)).statusId === 1104;
      expect(completed, `${d} m ±${accuracy}: ${res.body.slice(0, 80)}`).toBe(d <= 150 && accuracy <= 100);
      expect(res.statusCode).toBe(completed ? 200 : 422);
    }
  });
});

describe('POST /api/pod/scan-go: error catalogue and input', () => {
  it('"Order tidak ditemukan" (404) for an unknown shipment, another store\'s order, or a mismatched orderNo', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 10);
    const expected = { code: 'POD_ORDER_NOT_FOUND', message: 'Order tidak ditemukan' };
    const unknown = await api.json(STAFF, URL, scanGoBody({ ...order, shipmentNo: 'SHP0000000000000' }, at));
    const otherStore = await api.json(STAFF_T002, URL, scanGoBody(order, at));
    const mismatch = await api.json(STAFF, URL, scanGoBody(order, at, { orderNo: 'SOMETHING-ELSE' }));
    for (const r of [unknown, otherStore, mismatch]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(expected);
    }
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
  });

  it('"Status pesanan ini sudah selesai" (409) for an order in 1104 or 1105', async () => {
    await expectFinishedRefused(ctx, (order) => api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 10))));
  });

  it('"Order sedang dalam pengajuan retur" (422) while the order has an open return', async () => {
    const order = await freshDeliveryOrder(ctx);
    await ctx.handle.db.insert(returns).values({ orderId: order.id, shipmentNo: order.shipmentNo, storeCode: 'T001', deliveryType: 1, reason: 'Refund dari channel', status: 'requested' });
    const res = await api.json(STAFF, URL, scanGoBody(order, pointFrom(order, 10)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'POD_ORDER_IN_RETURN', message: 'Order sedang dalam pengajuan retur' });
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
  });

  it('refuses a pickup order and an order not yet packed with their own messages', async () => {
    const pickup = await freshDeliveryOrder(ctx, 'T001', { deliveryType: 0 });
    const res = await api.json(STAFF, URL, scanGoBody(pickup, pointFrom(pickup, 10)));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('POD_NOT_DELIVERY');
    const packing = await freshDeliveryOrder(ctx, 'T001', { statusId: 1102 });
    const early = await api.json(STAFF, URL, scanGoBody(packing, pointFrom(packing, 10)));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'ORDER_STATUS_CHANGED', message: 'Status pesanan sudah berubah menjadi Picking. Muat ulang untuk melihat status terbaru.' });
  });

  it('answers 400 with the fields for bad input: ranges, plastic bags, relation "Lainnya" without text, unknown fields', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 10);
    const res = await api.json(STAFF, URL, { ...scanGoBody(order, at), lat: 91, long: -181, accuracy: -1, plasticQty: 21, receiverRelation: 'Lainnya', extra: 1 });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.lat', 'body.long', 'body.accuracy', 'body.plasticQty']));
    const other = await api.json(STAFF, URL, scanGoBody(order, at, { receiverRelation: 'Lainnya' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([{ path: 'body.receiverOther', message: 'Tuliskan hubungan penerima untuk pilihan Lainnya' }]);
    const unknownRelation = await api.json(STAFF, URL, scanGoBody(order, at, { receiverRelation: 'Kurir' }));
    expect(unknownRelation.json().details[0].path).toBe('body.receiverRelation');
    const blankLat = await api.form(STAFF, URL, { ...scanGoBody(order, at), lat: '' });
    expect(blankLat.statusCode).toBe(400);
    expect(blankLat.json().details).toEqual([{ path: 'body.lat', message: 'Latitude wajib diisi' }]);
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
  });

  it('cannot decide without the customer\'s coordinates: 422, and the order waits for an approval request', async () => {
    const order = await freshDeliveryOrder(ctx, 'T001', { customerLat: null, customerLng: null });
    const at = { lat: -6.2, lng: 106.8 };
    const res = await api.json(STAFF, URL, scanGoBody(order, at));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'POD_CUSTOMER_LOCATION_MISSING', message: ERROR_MESSAGES.POD_CUSTOMER_LOCATION_MISSING });
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
    const req = await api.form(STAFF, '/api/pod/requests', requestForm(order, at));
    expect(req.statusCode, req.body).toBe(201);
    expect(req.json().data).toMatchObject({ distanceM: null, direction: null, customer: { lat: null, long: null } });
  });

  it('refuses an anonymous caller', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
