import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseEventPayload } from '@gerai/contract';
import { orders, returns } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { capturedAgo, CHIEF, CHIEF_T002, completedOrder, eventsOf, podBody, pointFrom, returnApi, returnBody, STAFF, STAFF_T002, SUPERVISOR, type TestOrder } from '../returns/return-test-kit';
import { podApi, requestsOf } from './pod-test-kit';

// The return POD through an approval request (type 'retur'): the same request model, queue and
// decisions as scan and go's, the return moving on through RETURN_FLOW when approved.

const ctx = testContextPerFile();
const returnsApi = returnApi(ctx);
const api = podApi(ctx);

const REQUESTS = '/api/pod/requests';
const approveUrl = (o: { shipmentNo: string }) => `${REQUESTS}/${o.shipmentNo}/approve`;
const rejectUrl = (o: { shipmentNo: string }) => `${REQUESTS}/${o.shipmentNo}/reject`;
const detailUrl = (o: { shipmentNo: string }, type = 'retur') => `${REQUESTS}/${o.shipmentNo}/1/${type}`;

/** A completed delivery order with an approved return of one unit: its goods wait to be collected. */
async function approvedReturn(opts: Parameters<typeof completedOrder>[1] = {}): Promise<TestOrder & { returnId: number }> {
  const order = await completedOrder(ctx, opts);
  const created = await returnsApi.post(STAFF, '/api/returns', returnBody(order, [await returnsApi.photo()]));
  expect(created.statusCode, created.body).toBe(201);
  const approved = await returnsApi.post(CHIEF, `/api/returns/${order.shipmentNo}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...order, returnId: created.json().data.id };
}

/** A return POD request form at `at` (form-encoded, as the web sends it). */
function returnRequestForm(order: TestOrder, distanceM: number, extra: Record<string, string | number | undefined> = {}) {
  const at = pointFrom(order, distanceM);
  return { shipmentNo: order.shipmentNo, deliveryType: 1, type: 'retur', reasonId: 1, lat: at.lat, long: at.lng, accuracy: 20, capturedAt: capturedAgo(0.5), ...extra };
}

async function returnRow(id: number) {
  const [row] = await ctx.handle.db.select().from(returns).where(eq(returns.id, id));
  return row!;
}

async function pendingReturnRequest(distanceM = 400) {
  const order = await approvedReturn();
  const res = await api.form(STAFF, REQUESTS, returnRequestForm(order, distanceM));
  expect(res.statusCode, res.body).toBe(201);
  return order;
}

describe('a return POD request', () => {
  it('offers a way on after the return POD is refused outside the radius: the request waits in the queue with its type', async () => {
    const order = await approvedReturn();
    const outside = await returnsApi.post(STAFF, `/api/returns/${order.shipmentNo}/pod`, podBody(pointFrom(order, 400)));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().code).toBe('POD_OUTSIDE_AREA');

    const res = await api.form(STAFF, REQUESTS, returnRequestForm(order, 400, { reasonId: 0, reasonText: 'Pagar rumah terkunci, pelanggan di gerbang komplek' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'retur', status: 'pending', returnStatus: 'approved', canDecide: true, orderStatusId: 1104, reason: { display: 'Pagar rumah terkunci, pelanggan di gerbang komplek' } });

    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'pod.requested');
    expect(parseEventPayload('pod.requested', event!.payload)).toMatchObject({ type: 'retur', deliveryType: 1, requesterName: 'Budi Santoso' });

    const queue = await api.get(CHIEF, `${REQUESTS}?status=pending&shipmentNo=${order.shipmentNo}`);
    expect(queue.json().data.items).toEqual([expect.objectContaining({ shipmentNo: order.shipmentNo, type: 'retur', status: 'pending' })]);
    expect((await api.get(CHIEF, `${REQUESTS}/count`)).json().data.pending).toBeGreaterThanOrEqual(1);

    const detail = await api.get(CHIEF, detailUrl(order));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ type: 'retur', returnStatus: 'approved', canDecide: true });
    // The order-type detail of the same shipment has no request.
    expect((await api.get(CHIEF, detailUrl(order, 'order'))).statusCode).toBe(404);
    // The crew's view by type.
    const mine = await api.get(STAFF, `${REQUESTS}/mine?shipmentNo=${order.shipmentNo}&type=retur`);
    expect(mine.json().data.items).toHaveLength(1);
    expect((await api.get(STAFF, `${REQUESTS}/mine?shipmentNo=${order.shipmentNo}&type=order`)).json().data.items).toHaveLength(0);
  });

  it('is approved by the kepala toko: the return is collected at the request position (RETURN_FLOW), events for both phones', async () => {
    const order = await pendingReturnRequest(380);
    const res = await api.form(CHIEF, approveUrl(order), { type: 'retur' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({ type: 'retur', status: 'approved', returnStatus: 'collected', canDecide: false });

    const ret = await returnRow(order.returnId);
    const [request] = await requestsOf(ctx, order.id);
    expect(ret).toMatchObject({ status: 'collected', lat: request!.lat, lng: request!.lng, receiverName: '-', receiverRelation: 'Lainnya', collectedBy: request!.requestedBy });
    expect(ret.distanceM).toBeCloseTo(380, 0);
    // The order itself does not move.
    const [o] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.statusId).toBe(1104);

    const evs = await eventsOf(ctx, order.shipmentNo);
    const approved = evs.find((e) => e.type === 'pod.approved');
    expect(parseEventPayload('pod.approved', approved!.payload)).toMatchObject({ type: 'retur', deciderName: 'Agus Setiawan' });
    const collected = evs.find((e) => e.type === 'return.collected');
    expect(parseEventPayload('return.collected', collected!.payload)).toMatchObject({ status: 'collected', returnId: order.returnId });
    expect(evs.some((e) => e.type === 'order.completed')).toBe(false);

    // The return goes on: the crew receive it at the store.
    const detail = await returnsApi.get(STAFF, `/api/returns/${order.shipmentNo}`);
    expect(detail.json().data).toMatchObject({ status: 'collected', actions: ['receive'] });
  });

  it('is rejected with a reason: the return stays approved, the crew hear it and may ask again', async () => {
    const order = await pendingReturnRequest();
    const res = await api.form(CHIEF, rejectUrl(order), { rejectReasonId: 0, rejectReasonText: 'Minta foto rumah pelanggan dulu', type: 'retur' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({ type: 'retur', status: 'rejected', returnStatus: 'approved', canDecide: false });
    expect((await returnRow(order.returnId)).status).toBe('approved');
    const rejected = (await eventsOf(ctx, order.shipmentNo)).find((e) => e.type === 'pod.rejected');
    expect(parseEventPayload('pod.rejected', rejected!.payload)).toMatchObject({ type: 'retur', requestedBy: expect.any(Number), rejectReason: { display: 'Minta foto rumah pelanggan dulu' } });

    const again = await api.form(STAFF, REQUESTS, returnRequestForm(order, 300));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('is closed when the crew collect the goods within the radius after all (pod.closed)', async () => {
    const order = await pendingReturnRequest();
    const res = await returnsApi.post(STAFF, `/api/returns/${order.shipmentNo}/pod`, podBody(pointFrom(order, 20)));
    expect(res.statusCode, res.body).toBe(200);
    const [request] = await requestsOf(ctx, order.id);
    expect(request).toMatchObject({ status: 'rejected', decidedBy: null, rejectReasonText: expect.stringContaining('Ditutup otomatis') });
    const closed = (await eventsOf(ctx, order.shipmentNo)).find((e) => e.type === 'pod.closed');
    expect(parseEventPayload('pod.closed', closed!.payload)).toMatchObject({ type: 'retur' });
    expect((await api.form(CHIEF, approveUrl(order), {})).statusCode).toBe(409);
  });
});

describe('the rules of a return POD request', () => {
  it('needs an approved delivery return: a requested one is 409 naming its status, a pickup one 422, none 404', async () => {
    const order = await completedOrder(ctx);
    expect((await api.form(STAFF, REQUESTS, returnRequestForm(order, 300))).json().code).toBe('RETURN_NOT_FOUND');
    const created = await returnsApi.post(STAFF, '/api/returns', returnBody(order, [await returnsApi.photo()]));
    expect(created.statusCode).toBe(201);
    const requested = await api.form(STAFF, REQUESTS, returnRequestForm(order, 300));
    expect(requested.statusCode).toBe(409);
    expect(requested.json().code).toBe('RETURN_STATUS_CHANGED');

    const pickup = await approvedReturn({ deliveryType: 0 });
    const refused = await api.form(STAFF, REQUESTS, returnRequestForm(pickup, 300));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('RETURN_POD_PICKUP_ORDER');
  });

  it('is refused too far from the customer, and a second while one waits', async () => {
    const order = await approvedReturn();
    const far = await api.form(STAFF, REQUESTS, returnRequestForm(order, 1500));
    expect(far.statusCode).toBe(422);
    expect(far.json().code).toBe('POD_REQUEST_LOCATION_INVALID');
    expect((await api.form(STAFF, REQUESTS, returnRequestForm(order, 400))).statusCode).toBe(201);
    const twice = await api.form(STAFF, REQUESTS, returnRequestForm(order, 400));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('POD_REQUEST_DUPLICATE');
  });

  it("keeps another store's return hidden (404) and the decision to the kepala toko and above (staff 403)", async () => {
    const order = await pendingReturnRequest();
    expect((await api.form(STAFF_T002, REQUESTS, returnRequestForm(order, 300))).statusCode).toBe(404);
    expect((await api.get(CHIEF_T002, detailUrl(order))).statusCode).toBe(404);
    expect((await api.form(CHIEF_T002, approveUrl(order), {})).statusCode).toBe(404);
    expect((await api.form(STAFF, approveUrl(order), {})).statusCode).toBe(403);
    // A decider who saw the order's request never decides the return's.
    const stale = await api.form(CHIEF, approveUrl(order), { type: 'order' });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().code).toBe('POD_REQUEST_NOT_FOUND');
    expect((await returnRow(order.returnId)).status).toBe('approved');
    // An area supervisor decides too.
    expect((await api.form(SUPERVISOR, approveUrl(order), { type: 'retur' })).statusCode).toBe(200);
  });

  it('has one winner when two decide at once (the loser 409), and a retried approval changes nothing twice', async () => {
    const order = await pendingReturnRequest();
    const replies = await Promise.all([api.form(CHIEF, approveUrl(order), {}), api.form(SUPERVISOR, rejectUrl(order), { rejectReasonId: 1 })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().code).toBe('POD_ALREADY_DECIDED');

    const other = await pendingReturnRequest();
    const key = { 'idempotency-key': 'return-pod-approve-replay-0001' };
    const first = await api.form(CHIEF, approveUrl(other), {}, key);
    const second = await api.form(CHIEF, approveUrl(other), {}, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const collected = (await eventsOf(ctx, other.shipmentNo)).filter((e) => e.type === 'return.collected');
    expect(collected).toHaveLength(1);
  });

  it('replays a retried request with its Idempotency-Key: one request', async () => {
    const order = await approvedReturn();
    const key = { 'idempotency-key': 'return-pod-request-replay-0001' };
    const form = returnRequestForm(order, 350);
    const first = await api.form(STAFF, REQUESTS, form, key);
    const second = await api.form(STAFF, REQUESTS, form, key);
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
  });
});
