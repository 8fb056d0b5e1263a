import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@gerai/contract';
import { testFileWith } from '../../test/harness';
import { CHIEF, freshDeliveryOrder, podApi, pointFrom, requestForm, requestsOf, scanGoBody, STAFF, SUPERVISOR, type Reply, type TestOrder } from './pod-test-kit';

// Issue 9: text PostgreSQL refuses (NUL, lone surrogates), reason ids beyond its integer and
// dates at the edges of ISO 8601 answered 500 on the POD routes. Each is now a 400 naming the field.

const { ctx, api } = testFileWith(podApi);

const REQUESTS = '/api/pod/requests';
const NUL = 'Lantai 12\u0000';
const LONE_SURROGATE = 'Lantai \ud800';
const BEYOND_INT4 = 2_147_483_648;

function expectRefused(res: Reply, path: string, message?: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path, ...(message ? { message } : {}) }] });
}

async function pendingOrder(): Promise<TestOrder> {
  const order = await freshDeliveryOrder(ctx);
  expect((await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 420, 300)))).statusCode).toBe(201);
  return order;
}

describe('POD approval request', () => {
  it('refuses a reason id beyond int4, as a form field or a JSON number', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 300);
    expectRefused(await api.form(STAFF, REQUESTS, requestForm(order, at, { reasonId: String(BEYOND_INT4) })), 'body.reasonId', FIELD_MESSAGES.reasonUnknown);
    expectRefused(await api.json(STAFF, REQUESTS, requestForm(order, at, { reasonId: BEYOND_INT4 })), 'body.reasonId', FIELD_MESSAGES.reasonUnknown);
    expect(await requestsOf(ctx, order.id)).toHaveLength(0);
  });

  it('refuses a reason text with a NUL byte or a lone surrogate', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 300);
    for (const reasonText of [NUL, LONE_SURROGATE]) {
      expectRefused(await api.json(STAFF, REQUESTS, requestForm(order, at, { reasonId: 0, reasonText })), 'body.reasonText', FIELD_MESSAGES.textInvalidCharacters);
    }
    expectRefused(await api.form(STAFF, REQUESTS, requestForm(order, at, { reasonId: 0, reasonText: NUL })), 'body.reasonText', FIELD_MESSAGES.textInvalidCharacters);
    expect(await requestsOf(ctx, order.id)).toHaveLength(0);
  });

  it('still takes a reason text over several lines', async () => {
    const order = await freshDeliveryOrder(ctx);
    const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, 300), { reasonId: 0, reasonText: 'Gedung kantor\nlantai 12' }));
    expect(res.statusCode).toBe(201);
  });
});

describe('POD rejection', () => {
  it('refuses a reject reason id beyond int4 and a reject text with a NUL byte; the request stays pending', async () => {
    const order = await pendingOrder();
    const url = `${REQUESTS}/${order.shipmentNo}/reject`;
    expectRefused(await api.form(CHIEF, url, { rejectReasonId: String(BEYOND_INT4) }), 'body.rejectReasonId', FIELD_MESSAGES.rejectReasonUnknown);
    expectRefused(await api.json(CHIEF, url, { rejectReasonId: BEYOND_INT4 }), 'body.rejectReasonId', FIELD_MESSAGES.rejectReasonUnknown);
    expectRefused(await api.json(CHIEF, url, { rejectReasonId: 0, rejectReasonText: NUL }), 'body.rejectReasonText', FIELD_MESSAGES.textInvalidCharacters);
    expect((await requestsOf(ctx, order.id))[0]!.status).toBe('pending');
  });
});

describe('scan and go', () => {
  it('refuses a receiver name or relation text with a NUL byte or a lone surrogate', async () => {
    const order = await freshDeliveryOrder(ctx);
    const at = pointFrom(order, 20);
    expectRefused(await api.json(STAFF, '/api/pod/scan-go', scanGoBody(order, at, { receiverName: `Sari${NUL}` })), 'body.receiverName', FIELD_MESSAGES.textInvalidCharacters);
    expectRefused(await api.json(STAFF, '/api/pod/scan-go', scanGoBody(order, at, { receiverName: `Sari ${LONE_SURROGATE}` })), 'body.receiverName', FIELD_MESSAGES.textInvalidCharacters);
    const other = scanGoBody(order, at, { receiverRelation: 'Lainnya', receiverOther: `Tetangga${NUL}` });
    expectRefused(await api.json(STAFF, '/api/pod/scan-go', other), 'body.receiverOther', FIELD_MESSAGES.textInvalidCharacters);
  });
});

describe('the supervisor queue', () => {
  it('refuses dates outside the accepted range and text with a NUL byte', async () => {
    for (const query of ['startDate=0000-01-01', 'endDate=9999-12-31', 'startDate=1999-12-31']) {
      const res = await api.get(SUPERVISOR, `${REQUESTS}?${query}`);
      expectRefused(res, `querystring.${query.split('=')[0]}`, FIELD_MESSAGES.dateRange);
    }
    expectRefused(await api.get(SUPERVISOR, `${REQUESTS}?shipmentNo=SHP%00`), 'querystring.shipmentNo', FIELD_MESSAGES.textInvalidCharacters);
    expectRefused(await api.get(SUPERVISOR, `${REQUESTS}?storeCode=T001%00`), 'querystring.storeCode', FIELD_MESSAGES.textInvalidCharacters);
    expect((await api.get(SUPERVISOR, `${REQUESTS}?startDate=2000-01-01&endDate=2100-12-31`)).statusCode).toBe(200);
  });
});
