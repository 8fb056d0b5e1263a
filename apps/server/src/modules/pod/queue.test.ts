import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness';
import { readEventFrames } from '../../test/sse';
import { events, orders, podApprovalRequests } from '../../db/schema';
import { distanceMeters } from '@gerai/contract';
import { CHIEF, createChief, freshDeliveryOrder, podApi, pointFrom, requestForm, STAFF, STAFF_T002, SUPERVISOR, type TestOrder } from './pod-test-kit';

let ctx: TestContext;
let api: ReturnType<typeof podApi>;
const CHIEF_T002 = '20000903';
beforeAll(async () => {
  ctx = await createTestContext();
  api = podApi(ctx);
  await createChief(ctx, CHIEF_T002, 'T002');
});
afterAll(async () => ctx?.close());

type Item = { id: number; shipmentNo: string; storeCode: string; status: string; requestDate: string; requesterName: string | null; reason: { display: string }; distanceM: number | null; customerName: string; orderStatusId: number; rejectReason: { display: string } | null };

async function list(nik: string, query: string) {
  const res = await api.get(nik, `/api/pod/requests?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Item[]; total: number; page: number; size: number; sort: 'asc' | 'desc' };
}

async function requestAt(order: TestOrder, requestDate: string, distanceM = 400, nik = STAFF) {
  const res = await api.form(nik, '/api/pod/requests', requestForm(order, pointFrom(order, distanceM, 315)));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  await ctx.handle.db.update(podApprovalRequests).set({ requestDate: new Date(requestDate) }).where(eq(podApprovalRequests.id, id));
  return id;
}

async function pendingIn(storeCodes: string[]) {
  const rows = await ctx.handle.db
    .select({ id: podApprovalRequests.id })
    .from(podApprovalRequests)
    .innerJoin(orders, eq(orders.id, podApprovalRequests.orderId))
    .where(and(eq(podApprovalRequests.status, 'pending'), inArray(orders.storeCode, storeCodes)));
  return rows.length;
}

describe('GET /api/pod/requests (supervisor queue)', () => {
  it('sorts by requestDate ascending when both dates are given (spec §5), newest first otherwise; dates are WIB days', async () => {
    const a = await freshDeliveryOrder(ctx);
    const b = await freshDeliveryOrder(ctx);
    const c = await freshDeliveryOrder(ctx);
    const d = await freshDeliveryOrder(ctx);
    // Created in the order a, b, c, d, but requested b, c, a, d. b is the 11th in WIB (the 10th in UTC);
    // d is the 13th in WIB (the 12th in UTC).
    await requestAt(a, '2030-01-12T03:00:00Z');
    await requestAt(b, '2030-01-10T17:30:00Z');
    await requestAt(c, '2030-01-11T09:00:00Z');
    await requestAt(d, '2030-01-12T17:30:00Z');

    const ranged = await list(CHIEF, 'startDate=2030-01-10&endDate=2030-01-12');
    expect(ranged.sort).toBe('asc');
    expect(ranged.items.map((i) => i.shipmentNo)).toEqual([b.shipmentNo, c.shipmentNo, a.shipmentNo]);
    expect(ranged.total).toBe(3);

    const sameDay = await list(CHIEF, 'startDate=2030-01-11&endDate=2030-01-11');
    expect(sameDay.items.map((i) => i.shipmentNo)).toEqual([b.shipmentNo, c.shipmentNo]);

    const onlyStart = await list(CHIEF, 'startDate=2030-01-10');
    expect(onlyStart.sort).toBe('desc');
    expect(onlyStart.items.map((i) => i.shipmentNo)).toEqual([d.shipmentNo, a.shipmentNo, c.shipmentNo, b.shipmentNo]);

    const all = await list(CHIEF, 'size=100');
    expect(all.sort).toBe('desc');
    const times = all.items.map((i) => i.requestDate);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses startDate after endDate with 400 naming the field', async () => {
    const res = await api.get(CHIEF, '/api/pod/requests?startDate=2030-02-02&endDate=2030-02-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'querystring.endDate', message: 'Tanggal akhir tidak boleh sebelum tanggal awal' }]);
    const bad = await api.get(CHIEF, '/api/pod/requests?startDate=kemarin&status=done');
    expect(bad.statusCode).toBe(400);
    expect((bad.json().details as Array<{ path: string }>).map((x) => x.path).sort()).toEqual(['querystring.startDate', 'querystring.status']);
  });

  it('shows the card fields and filters by status and shipmentNo', async () => {
    const order = await freshDeliveryOrder(ctx);
    await requestAt(order, '2030-03-05T02:00:00Z', 450);
    const data = await list(CHIEF, `shipmentNo=${order.shipmentNo.slice(-6).toLowerCase()}&status=pending`);
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      shipmentNo: order.shipmentNo,
      orderNo: order.orderNo,
      deliveryType: 1,
      type: 'order',
      status: 'pending',
      requesterName: 'Budi Santoso',
      reason: { id: 1, label: 'Titik lokasi pelanggan tidak sesuai alamat', text: null, display: 'Titik lokasi pelanggan tidak sesuai alamat' },
      storeCode: 'T001',
      customerName: order.customerName,
      orderStatusId: 1103,
      decidedAt: null,
      decidedByName: null,
      rejectReason: null,
    });
    expect(Math.abs(data.items[0]!.distanceM! - 450)).toBeLessThan(2);
    expect((await list(CHIEF, `shipmentNo=${order.shipmentNo}&status=approved`)).items).toHaveLength(0);
  });

  it("covers the caller's stores only: chief T001 sees T001, T002's chief sees T002, the area supervisor both", async () => {
    const t2 = await freshDeliveryOrder(ctx, 'T002');
    await requestAt(t2, '2030-04-01T02:00:00Z', 300, STAFF_T002);
    const chief = await list(CHIEF, 'size=100');
    expect(new Set(chief.items.map((i) => i.storeCode))).toEqual(new Set(['T001']));
    const chief2 = await list(CHIEF_T002, 'size=100');
    expect(new Set(chief2.items.map((i) => i.storeCode))).toEqual(new Set(['T002']));
    const supervisor = await list(SUPERVISOR, 'size=100');
    expect(new Set(supervisor.items.map((i) => i.storeCode))).toEqual(new Set(['T001', 'T002']));
    expect(supervisor.total).toBe(chief.total + chief2.total);
    expect((await list(SUPERVISOR, 'size=100&storeCode=T002')).items.every((i) => i.storeCode === 'T002')).toBe(true);
  });

  it('is refused to staff (403)', async () => {
    const res = await api.get(STAFF, '/api/pod/requests');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await api.get(STAFF, '/api/pod/requests/count')).statusCode).toBe(403);
  });
});

describe('GET /api/pod/requests/count', () => {
  it("counts the pending requests of the caller's stores and follows decisions", async () => {
    const before = (await api.get(CHIEF, '/api/pod/requests/count')).json().data.pending as number;
    expect(before).toBe(await pendingIn(['T001']));
    const order = await freshDeliveryOrder(ctx);
    await requestAt(order, '2030-05-01T02:00:00Z');
    expect((await api.get(CHIEF, '/api/pod/requests/count')).json().data).toEqual({ pending: before + 1, storeCode: null });
    expect((await api.get(SUPERVISOR, '/api/pod/requests/count')).json().data.pending).toBe(await pendingIn(['T001', 'T002']));
    await api.form(CHIEF, `/api/pod/requests/${order.shipmentNo}/reject`, { rejectReasonId: 2 });
    expect((await api.get(CHIEF, '/api/pod/requests/count')).json().data).toEqual({ pending: before, storeCode: null });
  });

  it("counts one store of the caller's when asked (home's banner: the active store only)", async () => {
    const t001 = await pendingIn(['T001']);
    const t002 = await pendingIn(['T002']);
    expect(t001 + t002).toBe((await api.get(SUPERVISOR, '/api/pod/requests/count')).json().data.pending);
    expect((await api.get(SUPERVISOR, '/api/pod/requests/count?storeCode=T001')).json().data).toEqual({ pending: t001, storeCode: 'T001' });
    expect((await api.get(SUPERVISOR, '/api/pod/requests/count?storeCode=T002')).json().data).toEqual({ pending: t002, storeCode: 'T002' });
    // Another store's count is never told: it answers 404, as that store's objects do.
    expect((await api.get(CHIEF, '/api/pod/requests/count?storeCode=T002')).statusCode).toBe(404);
  });
});

describe('GET /api/pod/requests/:shipmentNo/:deliveryType/:type?', () => {
  it('shows both positions, distance, direction, accuracy, time and the crew member', async () => {
    const order = await freshDeliveryOrder(ctx);
    await requestAt(order, '2030-06-01T02:00:00Z', 320);
    const res = await api.get(CHIEF, `/api/pod/requests/${order.shipmentNo}/1`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const at = pointFrom(order, 320, 315);
    expect(data).toMatchObject({
      shipmentNo: order.shipmentNo,
      status: 'pending',
      requestDate: '2030-06-01T02:00:00.000Z',
      requester: { nik: STAFF, name: 'Budi Santoso' },
      position: { lat: at.lat, long: at.lng, accuracy: 20 },
      customer: { name: order.customerName, lat: order.customer.lat, long: order.customer.lng },
      direction: { direction: 'barat laut', text: '320 m ke arah barat laut' },
      decision: null,
      canDecide: true,
    });
    expect(data.distanceM).toBeCloseTo(distanceMeters(order.customer, at), 1);
    expect(data.direction.bearingDeg).toBeCloseTo(315, 0);
    const typed = await api.get(CHIEF, `/api/pod/requests/${order.shipmentNo}/1/order`);
    expect(typed.json().data.id).toBe(data.id);
  });

  it('shows the latest request and its decision after a rejection', async () => {
    const order = await freshDeliveryOrder(ctx);
    await requestAt(order, '2030-06-02T02:00:00Z');
    await api.form(CHIEF, `/api/pod/requests/${order.shipmentNo}/reject`, { rejectReasonId: 0, rejectReasonText: 'Minta foto rumah' });
    const data = (await api.get(SUPERVISOR, `/api/pod/requests/${order.shipmentNo}/1`)).json().data;
    expect(data).toMatchObject({ status: 'rejected', canDecide: false, decision: { status: 'rejected', decidedBy: { nik: CHIEF, name: 'Agus Setiawan' }, rejectReason: { id: 0, text: 'Minta foto rumah' } } });
    expect(data.decision.decidedAt).not.toBeNull();
  });

  it("answers 404 for another store's request, a wrong delivery type or no request; staff get 403", async () => {
    const order = await freshDeliveryOrder(ctx);
    await requestAt(order, '2030-06-03T02:00:00Z');
    for (const [nik, url] of [
      [CHIEF_T002, `/api/pod/requests/${order.shipmentNo}/1`],
      [CHIEF, `/api/pod/requests/${order.shipmentNo}/0`],
      [CHIEF, '/api/pod/requests/SHP0000000000000/1'],
    ] as const) {
      const res = await api.get(nik, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'POD_REQUEST_NOT_FOUND', message: 'Pengajuan POD tidak ditemukan.' });
    }
    expect((await api.get(STAFF, `/api/pod/requests/${order.shipmentNo}/1`)).statusCode).toBe(403);
    // The order's request is of type 'order': the return POD's detail of the same shipment has none; an unknown type is 400.
    expect((await api.get(CHIEF, `/api/pod/requests/${order.shipmentNo}/1/retur`)).statusCode).toBe(404);
    expect((await api.get(CHIEF, `/api/pod/requests/${order.shipmentNo}/1/paket`)).statusCode).toBe(400);
  });
});

describe('GET /api/pod/requests/mine (crew view)', () => {
  it('gives the order\'s requests newest first, so the crew sees "ditolak: <alasan>"', async () => {
    const order = await freshDeliveryOrder(ctx);
    await requestAt(order, '2030-07-01T02:00:00Z');
    await api.form(CHIEF, `/api/pod/requests/${order.shipmentNo}/reject`, { rejectReasonId: 2 });
    const res = await api.get(STAFF, `/api/pod/requests/mine?shipmentNo=${order.shipmentNo}`);
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().data.items as Item[];
    expect(latest).toMatchObject({ status: 'rejected', decidedByName: 'Agus Setiawan', rejectReason: { id: 2, display: 'Nama penerima tidak sesuai' } });
    // Another store's crew sees nothing of it.
    expect((await api.get(STAFF_T002, `/api/pod/requests/mine?shipmentNo=${order.shipmentNo}`)).json().data.items).toEqual([]);
  });

  it("without a shipmentNo lists the caller's own requests", async () => {
    const res = await api.get(STAFF_T002, '/api/pod/requests/mine');
    const items = res.json().data.items as Item[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.requesterName === 'Siti Rahmawati')).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every POD route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const path of [
      '/api/pod/scan-go',
      '/api/pod/reasons/request',
      '/api/pod/reasons/reject',
      '/api/pod/requests',
      '/api/pod/requests/count',
      '/api/pod/requests/mine',
      '/api/pod/requests/{shipmentNo}/approve',
      '/api/pod/requests/{shipmentNo}/reject',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/pod/requests/{shipmentNo}/{deliveryType}'))).toBe(true);
    expect(Object.keys(doc.paths['/api/pod/requests'].post.requestBody.content)).toContain('application/x-www-form-urlencoded');
  });
});

describe('live events', () => {
  /** SSE frames replayed after `lastId` for the caller, until `until` matches one. */
  async function framesAfter(base: string, nik: string, lastId: number, until: (frames: string[]) => boolean) {
    const { token } = await ctx.loginAs(nik);
    return readEventFrames(base, { authorization: `Bearer ${token}`, 'last-event-id': String(lastId) }, until);
  }

  it("reach the store's supervisors over SSE (pod.requested), never another store's crew", async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const [latest] = await ctx.handle.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
    const before = Number(latest?.id ?? 0);
    const t1 = await freshDeliveryOrder(ctx);
    await requestAt(t1, '2030-08-01T02:00:00Z');
    const t2 = await freshDeliveryOrder(ctx, 'T002');
    await requestAt(t2, '2030-08-01T03:00:00Z', 300, STAFF_T002);

    const supervisor = await framesAfter(base, SUPERVISOR, before, (f) => f.some((x) => x.includes(t2.shipmentNo)));
    const frame = supervisor.find((x) => x.includes(t1.shipmentNo));
    expect(frame).toContain('event: pod.requested');
    expect(frame).toContain('Budi Santoso');
    const otherCrew = await framesAfter(base, STAFF_T002, before, (f) => f.some((x) => x.includes(t2.shipmentNo)));
    expect(otherCrew.some((x) => x.includes(t2.shipmentNo))).toBe(true);
    expect(otherCrew.some((x) => x.includes(t1.shipmentNo))).toBe(false);
  });
});
