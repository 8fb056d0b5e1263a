import { describe, expect, it } from 'vitest';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { completedOrder, pointFrom as returnPointFrom, podBody, returnApi, returnBody, STAFF, CHIEF } from '../returns/return-test-kit';
import { podApi, requestForm, scanGoBody, type TestOrder as PodTestOrder } from './pod-test-kit';

/**
 * An order whose goods are in a return not yet complete must not be handed over again: scan and go
 * and a POD approval request answer "Order sedang dalam pengajuan retur" (checked before the order's
 * finished status), and the normal "finished" refusal once the return is closed.
 */
const ctx = testContextPerFile();
const returnsApi = returnApi(ctx);
const pod = podApi(ctx);

async function completedWithReturn() {
  const order = await completedOrder(ctx);
  const res = await returnsApi.post(STAFF, '/api/returns', returnBody(order, [await returnsApi.photo()]));
  expect(res.statusCode, res.body).toBe(201);
  return order;
}

/** Both POD calls on the order, with their answers. */
async function podCalls(order: Awaited<ReturnType<typeof completedOrder>>) {
  const asPod = order as unknown as PodTestOrder;
  const near = returnPointFrom(order, 20);
  const far = returnPointFrom(order, 400);
  const scan = await pod.json(STAFF, '/api/pod/scan-go', scanGoBody(asPod, near));
  const request = await pod.form(STAFF, '/api/pod/requests', requestForm(asPod, far));
  return [scan, request];
}

function expectRefusal(res: { statusCode: number; json: () => { code: string; message: string } }, code: 'POD_ORDER_IN_RETURN' | 'POD_ORDER_FINISHED') {
  expect(res.statusCode).toBe(ERROR_HTTP_STATUS[code]);
  expect(res.json()).toMatchObject({ code, message: ERROR_MESSAGES[code] });
}

describe('POD of a completed delivery order in a return', () => {
  it('answers 422 POD_ORDER_IN_RETURN "Order sedang dalam pengajuan retur" while the return is open, in every open status', async () => {
    const order = await completedWithReturn();
    expect(ERROR_MESSAGES.POD_ORDER_IN_RETURN).toBe('Order sedang dalam pengajuan retur');
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_IN_RETURN');
    // approved, collected and received are still open.
    expect((await returnsApi.post(CHIEF, `/api/returns/${order.shipmentNo}/approve`, {})).statusCode).toBe(200);
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_IN_RETURN');
    expect((await returnsApi.post(STAFF, `/api/returns/${order.shipmentNo}/pod`, podBody(returnPointFrom(order, 15)))).statusCode).toBe(200);
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_IN_RETURN');
    const receive = { lines: [{ lineId: order.lines[0]!.id, qtyReceived: 1, condition: 'sellable' }] };
    expect((await returnsApi.post(STAFF, `/api/returns/${order.shipmentNo}/receive`, receive)).statusCode).toBe(200);
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_IN_RETURN');

    // Refunded closes it: the order's own status answers again.
    expect((await returnsApi.post(CHIEF, `/api/returns/${order.shipmentNo}/refund`, {})).statusCode).toBe(200);
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_FINISHED');
  });

  it('answers the normal finished error (409 POD_ORDER_FINISHED) once the return is rejected', async () => {
    const order = await completedWithReturn();
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_IN_RETURN');
    expect((await returnsApi.post(CHIEF, `/api/returns/${order.shipmentNo}/reject`, { note: 'Tidak memenuhi syarat' })).statusCode).toBe(200);
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_FINISHED');
  });

  it('answers the finished error for a completed order that never had a return', async () => {
    const order = await completedOrder(ctx);
    for (const res of await podCalls(order)) expectRefusal(res, 'POD_ORDER_FINISHED');
  });
});
