import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_DETAILS, parseEventPayload, RETURN_STATUS_LABEL } from '@gerai/contract';
import { auditLog } from '../../db/schema';
import { testFileWith } from '../../test/harness';
import { capturedAgo, CHIEF, eventsOf, noticesOf, podBody, pointFrom, returnApi, returnStepHelpers, STAFF } from './return-test-kit';

const { ctx, api } = testFileWith(returnApi);
const { url, requested, approved, receiveAll, statusOf } = returnStepHelpers(ctx, api);

describe('the return POD (collect)', () => {
  it('collects at the address: approved → collected with the POD fields and return.collected', async () => {
    const order = await approved();
    const at = pointFrom(order, 40);
    const res = await api.post(STAFF, url(order, 'pod'), podBody(at, { receiverRelation: 'Lainnya', receiverOther: 'Tetangga' }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'collected', actions: ['receive'] });
    expect(data.pod).toMatchObject({ lat: at.lat, long: at.lng, accuracy: 10, receiverName: 'Sari Wulandari', receiverRelation: 'Lainnya', receiverOther: 'Tetangga', userName: 'Budi Santoso' });
    expect(data.pod.distanceM).toBeCloseTo(40, 0);
    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'return.collected');
    expect(parseEventPayload('return.collected', event!.payload)).toMatchObject({ status: 'collected', actorName: 'Budi Santoso', distanceM: expect.any(Number) });
    // No channel notice for a collection.
    expect((await noticesOf(ctx, order.id)).map((n) => n.kind)).toEqual(['return.approved']);
  });

  it('refuses outside the radius (422 POD_OUTSIDE_AREA) and a poor fix (422 POD_ACCURACY_TOO_LOW), changing nothing', async () => {
    const order = await approved();
    const outside = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 400)));
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ code: 'POD_OUTSIDE_AREA', details: [{ path: 'body.lat' }] });
    const poor = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 10), { accuracy: 500 }));
    expect(poor.statusCode).toBe(422);
    expect(poor.json().code).toBe('POD_ACCURACY_TOO_LOW');
    expect((await statusOf(order.returnId)).status).toBe('approved');
  });

  it('refuses a position captured too long ago or in the future, and records the late attempt', async () => {
    const order = await approved();
    const old = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 10), { capturedAt: capturedAgo(24 * 60) }));
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('POD_CAPTURE_TOO_OLD');
    const ahead = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 10), { capturedAt: capturedAgo(-60) }));
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().code).toBe('POD_CAPTURE_IN_FUTURE');
    expect((await statusOf(order.returnId)).status).toBe('approved');
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.shipmentNo));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['pod_capture_too_old', 'pod_capture_in_future']));
  });

  it('refuses a pickup order with 422 RETURN_POD_PICKUP_ORDER; its goods are received at the store directly', async () => {
    const order = await approved({ deliveryType: 0 });
    expect((await api.get(STAFF, `/api/returns/${order.shipmentNo}`)).json().data.actions).toEqual(['receive']);
    const res = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 10)));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('RETURN_POD_PICKUP_ORDER');
    const received = await api.post(STAFF, url(order, 'receive'), receiveAll(order, 2));
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.status).toBe('received');
  });

  it('refuses to collect a return not approved yet, and a delivery return cannot skip the collection', async () => {
    const order = await requested();
    const early = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 10)));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ERROR_DETAILS.returnStatusChangedTo(RETURN_STATUS_LABEL.requested));
    await api.post(CHIEF, url(order, 'approve'), {});
    const skip = await api.post(STAFF, url(order, 'receive'), receiveAll(order, 2));
    expect(skip.statusCode).toBe(409);
    expect(skip.json().code).toBe('RETURN_STATUS_CHANGED');
  });
});
