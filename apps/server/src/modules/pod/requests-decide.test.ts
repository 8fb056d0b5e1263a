import { beforeAll, describe, expect, it } from 'vitest';
import { testFileWith } from '../../test/harness';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import {
  auditOf,
  CHIEF,
  createChief,
  eventsOf,
  freshDeliveryOrder,
  historyOf,
  orderNow,
  podApi,
  podRecordsOf,
  pointFrom,
  podRequestHelpers,
  REQUESTS,
  requestForm,
  requestsOf,
  STAFF,
  SUPERVISOR,
} from './pod-test-kit';

const { ctx, api } = testFileWith(podApi);
const { pendingOrder } = podRequestHelpers(ctx, api);
const CHIEF_T002 = '20000902';
beforeAll(async () => {
  await createChief(ctx, CHIEF_T002, 'T002');
});

const approveUrl = (o: { shipmentNo: string }) => `${REQUESTS}/${o.shipmentNo}/approve`;
const rejectUrl = (o: { shipmentNo: string }) => `${REQUESTS}/${o.shipmentNo}/reject`;

describe('POST /api/pod/requests/:shipmentNo/approve', () => {
  it('completes the order in one transaction: request approved, 1103 → 1104, POD record at the request position, history and events', async () => {
    const order = await pendingOrder(420);
    const [request] = await requestsOf(ctx, order.id);
    const res = await api.form(CHIEF, approveUrl(order), {});
    expect(res.statusCode, res.body).toBe(200);
    const { request: decided, order: detail } = res.json().data;
    expect(decided).toMatchObject({ status: 'approved', canDecide: false, decision: { status: 'approved', decidedBy: { nik: CHIEF, name: 'Agus Setiawan' }, rejectReason: null } });
    expect(detail).toMatchObject({ shipmentNo: order.shipmentNo, statusId: 1104 });
    expect((await orderNow(ctx, order.id)).statusId).toBe(1104);
    const [pod] = await podRecordsOf(ctx, order.id);
    expect(pod).toMatchObject({ lat: request!.lat, long: request!.lng, accuracy: request!.accuracy, distanceM: request!.distanceM, isValidate: false, userId: request!.requestedBy });
    expect((await historyOf(ctx, order.id)).at(-1)).toMatchObject({ fromStatus: 1103, toStatus: 1104, action: 'confirm', actorUserId: 3 });
    const types = (await eventsOf(ctx, order.shipmentNo)).map((e) => e.type);
    expect(types).toEqual(['pod.requested', 'pod.approved', 'order.completed']);
    const completed = (await eventsOf(ctx, order.shipmentNo)).at(-1)!;
    expect(completed.payload).toMatchObject({ pod: true, approved: true, requestId: request!.id, approverName: 'Agus Setiawan' });
    expect(await auditOf(ctx, order.shipmentNo, 'approve')).toHaveLength(1);
  });

  it('deciding again is "Approval POD Sudah Dilakukan." (409) and changes nothing', async () => {
    const order = await pendingOrder();
    expect((await api.form(CHIEF, approveUrl(order), {})).statusCode).toBe(200);
    const again = await api.form(SUPERVISOR, approveUrl(order), {});
    const reject = await api.form(CHIEF, rejectUrl(order), { rejectReasonId: 1 });
    for (const r of [again, reject]) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ code: 'POD_ALREADY_DECIDED', message: 'Approval POD Sudah Dilakukan.' });
    }
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(1);
    expect((await requestsOf(ctx, order.id))[0]!.status).toBe('approved');
  });

  it('lets exactly one of parallel decisions win', async () => {
    const order = await pendingOrder();
    const replies = await Promise.all([
      api.form(CHIEF, approveUrl(order), {}),
      api.form(SUPERVISOR, approveUrl(order), {}),
      api.form(CHIEF, rejectUrl(order), { rejectReasonId: 2 }),
      api.form(SUPERVISOR, rejectUrl(order), { rejectReasonId: 3 }),
    ]);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) expect(r.json().message).toBe('Approval POD Sudah Dilakukan.');
    const status = (await requestsOf(ctx, order.id))[0]!.status;
    expect((await orderNow(ctx, order.id)).statusId).toBe(status === 'approved' ? 1104 : 1103);
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(status === 'approved' ? 1 : 0);
  });

  it('returns the failure of the order update to the caller and leaves the request pending', async () => {
    const order = await pendingOrder();
    await ctx.handle.db.update(orders).set({ statusId: 1106 }).where(eq(orders.id, order.id));
    const res = await api.form(CHIEF, approveUrl(order), {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ORDER_STATUS_CHANGED', message: 'Status pesanan sudah berubah menjadi Batal. Muat ulang untuk melihat status terbaru.' });
    expect((await requestsOf(ctx, order.id))[0]!.status).toBe('pending');
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(0);
  });

  it('is for kepala toko and above of the order\'s store: staff 403, another store\'s chief 404, the area supervisor may', async () => {
    const order = await pendingOrder();
    const staff = await api.form(STAFF, approveUrl(order), {});
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('FORBIDDEN');
    const otherChief = await api.form(CHIEF_T002, approveUrl(order), {});
    expect(otherChief.statusCode).toBe(404);
    expect(otherChief.json()).toEqual({ code: 'POD_REQUEST_NOT_FOUND', message: 'Pengajuan POD tidak ditemukan.' });
    expect((await requestsOf(ctx, order.id))[0]!.status).toBe('pending');
    // No body at all is fine too.
    const { authorization } = await ctx.loginAs(SUPERVISOR);
    const supervisor = await ctx.app.inject({ method: 'POST', url: approveUrl(order), headers: { authorization } });
    expect(supervisor.statusCode, supervisor.body).toBe(200);
    expect(supervisor.json().data.request.decision.decidedBy).toEqual({ nik: SUPERVISOR, name: 'Dewi Lestari' });
  });

  it('answers 404 for an order without requests', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.form(CHIEF, approveUrl(order), {});
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('POD_REQUEST_NOT_FOUND');
  });
});

describe('POST /api/pod/requests/:shipmentNo/reject', () => {
  it('rejects with a listed reason: the order stays 1103 and the crew hears why (pod.rejected)', async () => {
    const order = await pendingOrder();
    const res = await api.form(CHIEF, rejectUrl(order), { rejectReasonId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { request, order: detail } = res.json().data;
    expect(request.decision).toMatchObject({ status: 'rejected', rejectReason: { id: 1, label: 'Lokasi terlalu jauh dari alamat pelanggan', display: 'Lokasi terlalu jauh dari alamat pelanggan' } });
    expect(detail.statusId).toBe(1103);
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(0);
    const ev = (await eventsOf(ctx, order.shipmentNo)).at(-1)!;
    expect(ev.type).toBe('pod.rejected');
    expect(ev.payload).toMatchObject({ deciderName: 'Agus Setiawan', rejectReason: { id: 1, display: 'Lokasi terlalu jauh dari alamat pelanggan' } });
    // After a rejection the crew may ask again.
    expect((await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 200)))).statusCode).toBe(201);
  });

  it('needs a text with "Lainnya" (0) and a known reason id', async () => {
    const order = await pendingOrder();
    const none = await api.form(CHIEF, rejectUrl(order), {});
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'body.rejectReasonId', message: 'Alasan penolakan wajib diisi' }]);
    const other = await api.form(CHIEF, rejectUrl(order), { rejectReasonId: 0 });
    expect(other.json().details).toEqual([{ path: 'body.rejectReasonText', message: 'Tuliskan alasan penolakan untuk pilihan Lainnya' }]);
    const unknown = await api.form(CHIEF, rejectUrl(order), { rejectReasonId: 42 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'body.rejectReasonId', message: 'Alasan tidak dikenal' }]);
    expect((await requestsOf(ctx, order.id))[0]!.status).toBe('pending');
    const ok = await api.form(CHIEF, rejectUrl(order), { rejectReasonId: 0, rejectReasonText: 'Foto penerima tidak ada' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.request.decision.rejectReason).toEqual({ id: 0, label: 'Lainnya', text: 'Foto penerima tidak ada', display: 'Foto penerima tidak ada' });
  });

  it('is refused to staff (403) and to another store\'s chief (404)', async () => {
    const order = await pendingOrder();
    expect((await api.form(STAFF, rejectUrl(order), { rejectReasonId: 1 })).statusCode).toBe(403);
    expect((await api.form(CHIEF_T002, rejectUrl(order), { rejectReasonId: 1 })).statusCode).toBe(404);
    expect((await requestsOf(ctx, order.id))[0]!.status).toBe('pending');
  });
});

describe('approval of a seeded T002 request', () => {
  it("is decided by T002's own chief", async () => {
    const list = await api.get(CHIEF_T002, '/api/pod/requests?status=pending');
    const item = (list.json().data.items as Array<{ shipmentNo: string; storeCode: string }>).find((i) => i.storeCode === 'T002');
    expect(item).toBeDefined();
    const res = await api.form(CHIEF_T002, approveUrl(item!), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order.statusId).toBe(1104);
  });
});
