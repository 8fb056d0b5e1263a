import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '@gerai/contract';
import { testFileWith } from '../../test/harness';
import {
  auditOf,
  capturedAgo,
  CHIEF,
  eventsOf,
  freshDeliveryOrder,
  orderNow,
  podApi,
  podRecordsOf,
  pointFrom,
  requestForm,
  requestsOf,
  scanGoBody,
  STAFF,
} from './pod-test-kit';

// Issue 10 point 4: a POD made offline at the customer's door waits in the phone's outbox and
// reaches the server later. The server decides on the position as captured, refuses a capture
// that is too old (or ahead of its clock), and records both the capture and the arrival time.

const { ctx, api } = testFileWith(podApi);

const SCAN_GO = '/api/pod/scan-go';
const REQUESTS = '/api/pod/requests';
const ms = (iso: string | Date | null | undefined) => (iso ? new Date(iso).getTime() : NaN);

/** Runs `fn` with POD_CAPTURE_MAX_AGE_MINUTES set on the running app's config (read per call). */
async function withMaxAge<T>(minutes: number, fn: () => Promise<T>): Promise<T> {
  // Seen as a plain record: the test holds whether or not config.ts declares the variable yet.
  const config = ctx.config as unknown as Record<string, unknown>;
  const original = config.POD_CAPTURE_MAX_AGE_MINUTES;
  config.POD_CAPTURE_MAX_AGE_MINUTES = minutes;
  try {
    return await fn();
  } finally {
    if (original === undefined) delete config.POD_CAPTURE_MAX_AGE_MINUTES;
    else config.POD_CAPTURE_MAX_AGE_MINUTES = original;
  }
}

describe('scan and go with a position captured earlier', () => {
  it('refuses a position taken more than two hours before it arrived (422 POD_CAPTURE_TOO_OLD); nothing changes', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 20), { capturedAt: capturedAgo(125) }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      code: 'POD_CAPTURE_TOO_OLD',
      message: ERROR_MESSAGES.POD_CAPTURE_TOO_OLD,
      details: [{ path: 'body.capturedAt', message: FIELD_MESSAGES.captureTooOld(125, 120) }],
    });
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(0);
    expect(await eventsOf(ctx, order.shipmentNo)).toHaveLength(0);
    // The late proof is kept in the audit log: the goods may already be with the customer.
    const [audit, ...more] = await auditOf(ctx, order.shipmentNo, 'pod_capture_too_old');
    expect(more).toHaveLength(0);
    expect(audit!.reason).toContain('max age 120 min');
  });

  it('completes with a position taken within the age, recording the capture and the arrival time', async () => {
    const order = await freshDeliveryOrder(ctx);
    const capturedAt = capturedAgo(110);
    const before = Date.now();
    const res = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 30), { capturedAt }));
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const pod = res.json().data.pod;
    expect(ms(pod.capturedAt)).toBe(ms(capturedAt));
    expect(ms(pod.receivedAt)).toBeGreaterThanOrEqual(before);
    expect(ms(pod.receivedAt)).toBeLessThanOrEqual(after);

    expect((await orderNow(ctx, order.id)).statusId).toBe(1104);
    const [row] = await podRecordsOf(ctx, order.id);
    expect(ms(row!.capturedAt)).toBe(ms(capturedAt));
    expect(ms(row!.receivedAt)).toBe(ms(pod.receivedAt));
    expect(ms(row!.receivedAt) - ms(row!.capturedAt)).toBeGreaterThan(109 * 60_000);
    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'order.completed');
    expect(event!.payload).toMatchObject({ pod: true, approved: false, capturedAt: new Date(capturedAt).toISOString() });
  });

  it('reads the capture time with any offset as the same instant', async () => {
    const order = await freshDeliveryOrder(ctx);
    const instant = new Date(Date.now() - 30 * 60_000);
    // The same instant written in WIB (UTC+7), as a phone in Jakarta may send it.
    const wib = new Date(instant.getTime() + 7 * 3600_000).toISOString().replace('Z', '+07:00');
    const res = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 10), { capturedAt: wib }));
    expect(res.statusCode, res.body).toBe(200);
    expect(ms((await podRecordsOf(ctx, order.id))[0]!.capturedAt)).toBe(instant.getTime());
  });

  it('refuses a capture time ahead of the server beyond the clock allowance (422 POD_CAPTURE_IN_FUTURE), and accepts a small drift', async () => {
    const order = await freshDeliveryOrder(ctx);
    const ahead = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 20), { capturedAt: capturedAgo(-10) }));
    expect(ahead.statusCode, ahead.body).toBe(422);
    expect(ahead.json()).toMatchObject({ code: 'POD_CAPTURE_IN_FUTURE', message: ERROR_MESSAGES.POD_CAPTURE_IN_FUTURE, details: [{ path: 'body.capturedAt' }] });
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
    expect(await podRecordsOf(ctx, order.id)).toHaveLength(0);
    expect(await auditOf(ctx, order.shipmentNo, 'pod_capture_in_future')).toHaveLength(1);

    const drift = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 20), { capturedAt: capturedAgo(-2) }));
    expect(drift.statusCode, drift.body).toBe(200);
  });

  it('follows the configured maximum age', async () => {
    const order = await freshDeliveryOrder(ctx);
    await withMaxAge(30, async () => {
      const old = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 20), { capturedAt: capturedAgo(45) }));
      expect(old.statusCode).toBe(422);
      expect(old.json().details).toEqual([{ path: 'body.capturedAt', message: FIELD_MESSAGES.captureTooOld(45, 30) }]);
      const config = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(config.json().data.pod.captureMaxAgeMin).toBe(30);
      const fresh = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 20), { capturedAt: capturedAgo(20) }));
      expect(fresh.statusCode, fresh.body).toBe(200);
    });
  });

  it('checks the order before the capture: a finished order says so, whatever the capture time', async () => {
    const order = await freshDeliveryOrder(ctx, 'T001', { statusId: 1104 });
    const res = await api.json(STAFF, SCAN_GO, scanGoBody(order, pointFrom(order, 20), { capturedAt: capturedAgo(300) }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('POD_ORDER_FINISHED');
  });

  it('needs the capture time: 400 on the field when it is missing or not an ISO timestamp with its offset', async () => {
    const order = await freshDeliveryOrder(ctx);
    const { capturedAt: _omitted, ...withoutTime } = scanGoBody(order, pointFrom(order, 20));
    for (const body of [withoutTime, { ...withoutTime, capturedAt: '2026-11-22 10:00' }, { ...withoutTime, capturedAt: '2026-11-22T10:00:00' }]) {
      const res = await api.json(STAFF, SCAN_GO, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual([{ path: 'body.capturedAt', message: FIELD_MESSAGES.dateTimeFormat }]);
    }
    expect((await orderNow(ctx, order.id)).statusId).toBe(1103);
  });
});

describe('POD approval request with a position captured earlier', () => {
  it('refuses a request whose position is too old; no request is written', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 400), { capturedAt: capturedAgo(180) }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'POD_CAPTURE_TOO_OLD', details: [{ path: 'body.capturedAt', message: FIELD_MESSAGES.captureTooOld(180, 120) }] });
    expect(await requestsOf(ctx, order.id)).toHaveLength(0);
    expect(await eventsOf(ctx, order.shipmentNo)).toHaveLength(0);
    expect(await auditOf(ctx, order.shipmentNo, 'pod_capture_too_old')).toHaveLength(1);
  });

  it('refuses a request captured ahead of the server clock', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 400), { capturedAt: capturedAgo(-30) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('POD_CAPTURE_IN_FUTURE');
    expect(await requestsOf(ctx, order.id)).toHaveLength(0);
  });

  it('shows the supervisor when the position was taken and when the request arrived; approval keeps both on the POD record', async () => {
    const order = await freshDeliveryOrder(ctx);
    const capturedAt = capturedAgo(95);
    const created = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 400), { capturedAt }));
    expect(created.statusCode, created.body).toBe(201);
    const [request] = await requestsOf(ctx, order.id);
    expect(ms(request!.capturedAt)).toBe(ms(capturedAt));
    const requested = (await eventsOf(ctx, order.shipmentNo)).find((e) => e.type === 'pod.requested');
    expect(requested!.payload).toMatchObject({ capturedAt: new Date(capturedAt).toISOString() });

    const detail = await api.get(CHIEF, `${REQUESTS}/${order.shipmentNo}/1/order`);
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(ms(data.position.capturedAt)).toBe(ms(capturedAt));
    expect(ms(data.requestDate) - ms(data.position.capturedAt)).toBeGreaterThan(94 * 60_000);

    const approved = await api.form(CHIEF, `${REQUESTS}/${order.shipmentNo}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const [pod] = await podRecordsOf(ctx, order.id);
    expect(ms(pod!.capturedAt)).toBe(ms(capturedAt));
    expect(ms(pod!.receivedAt)).toBe(ms(request!.requestDate));
    const completed = (await eventsOf(ctx, order.shipmentNo)).find((e) => e.type === 'order.completed');
    expect(completed!.payload).toMatchObject({ approved: true, capturedAt: new Date(capturedAt).toISOString() });
  });
});
