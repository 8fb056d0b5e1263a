import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_DETAILS, parseEventPayload, RETURN_STATUS_LABEL } from '@gerai/contract';
import { auditLog, returnLines, returns } from '../../db/schema';
import { testFileWith } from '../../test/harness';
import {
  auditOfReturn,
  capturedAgo,
  CHIEF,
  CHIEF_T002,
  completedOrder,
  eventsOf,
  ledgerOf,
  noticesOf,
  podBody,
  pointFrom,
  returnApi,
  returnBody,
  returnsOf,
  STAFF,
  STAFF_T002,
  stockRow,
  SUPERVISOR,
  type TestOrder,
} from './return-test-kit';

const { ctx, api } = testFileWith(returnApi);
const url = (o: { shipmentNo: string }, step: string) => `/api/returns/${o.shipmentNo}/${step}`;

/** A completed order with a requested return of `qty` of each of its first two lines. */
async function requested(opts: Parameters<typeof completedOrder>[1] = {}, qty = 2): Promise<TestOrder & { returnId: number }> {
  const order = await completedOrder(ctx, opts);
  const res = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: order.lines.slice(0, 2).map((l) => ({ lineId: l.id, qty })) }));
  expect(res.statusCode, res.body).toBe(201);
  return { ...order, returnId: res.json().data.id };
}

async function approved(opts: Parameters<typeof completedOrder>[1] = {}, qty = 2) {
  const order = await requested(opts, qty);
  const res = await api.post(CHIEF, url(order, 'approve'), {});
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

async function collected(qty = 2) {
  const order = await approved({}, qty);
  const res = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 30)));
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

const receiveAll = (order: TestOrder, qty: number, condition = 'sellable') => ({ lines: order.lines.slice(0, 2).map((l) => ({ lineId: l.id, qtyReceived: qty, condition })) });

async function statusOf(returnId: number) {
  const [row] = await ctx.handle.db.select().from(returns).where(eq(returns.id, returnId));
  return row!;
}

describe('approve and reject', () => {
  it('approves: requested → approved, decider and note kept, audit, return.approved, channel notice', async () => {
    const order = await requested();
    const res = await api.post(CHIEF, url(order, 'approve'), { note: 'Foto jelas' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'approved', decisionNote: 'Foto jelas', actions: ['collect'] });
    expect(data.history.map((h: { action: string; status: string }) => `${h.action}:${h.status}`)).toEqual(['request:requested', 'approve:approved']);
    expect(data.history[1]).toMatchObject({ fromStatus: 'requested', actorName: 'Agus Setiawan', note: 'Foto jelas' });
    const row = await statusOf(order.returnId);
    expect(row).toMatchObject({ status: 'approved', decidedBy: expect.any(Number), decisionNote: 'Foto jelas' });
    expect(row.decidedAt).not.toBeNull();
    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'return.approved');
    expect(parseEventPayload('return.approved', event!.payload)).toEqual({ shipmentNo: order.shipmentNo, orderNo: order.orderNo, returnId: order.returnId, status: 'approved', actorName: 'Agus Setiawan' });
    const notices = await noticesOf(ctx, order.id);
    expect(notices).toEqual([expect.objectContaining({ kind: 'return.approved', ref: `return:${order.returnId}`, status: 'pending', appId: order.appId, storeCode: 'T001' })]);
    expect(notices[0]!.payload).toMatchObject({ returnId: order.returnId, status: 'approved', note: 'Foto jelas', lines: [expect.objectContaining({ qty: 2 }), expect.objectContaining({ qty: 2 })] });
  });

  it('rejects with a note: requested → rejected, return.rejected with the note, channel notice; the POD is free again', async () => {
    const order = await requested();
    expect((await api.post(CHIEF, url(order, 'reject'), {})).statusCode).toBe(400);
    const res = await api.post(CHIEF, url(order, 'reject'), { note: 'Kemasan masih tersegel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', decisionNote: 'Kemasan masih tersegel', actions: [] });
    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'return.rejected');
    expect(parseEventPayload('return.rejected', event!.payload)).toMatchObject({ status: 'rejected', note: 'Kemasan masih tersegel' });
    expect((await noticesOf(ctx, order.id)).map((n) => n.kind)).toEqual(['return.rejected']);
    // Rejected is final: nothing else may follow.
    const again = await api.post(CHIEF, url(order, 'approve'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RETURN_STATUS_CHANGED', message: ERROR_DETAILS.returnStatusChangedTo(RETURN_STATUS_LABEL.rejected) });
  });

  it('refuses staff with 403 before reading the body, and lets an area supervisor decide', async () => {
    const order = await requested();
    for (const step of ['approve', 'reject', 'refund']) {
      const res = await api.post(STAFF, url(order, step), { note: 'boleh?' });
      expect(res.statusCode, step).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await statusOf(order.returnId)).status).toBe('requested');
    expect((await api.post(SUPERVISOR, url(order, 'approve'), {})).statusCode).toBe(200);
  });

  it('lets one of two approvals at once win; the other gets 409 RETURN_STATUS_CHANGED', async () => {
    const order = await requested();
    const chief2 = await ctx.loginAs(SUPERVISOR);
    const [a, b] = await Promise.all([
      api.post(CHIEF, url(order, 'approve'), {}),
      ctx.app.inject({ method: 'POST', url: url(order, 'approve'), headers: { authorization: chief2.authorization, 'content-type': 'application/json' }, payload: '{}' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = [a, b].find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ code: 'RETURN_STATUS_CHANGED', message: ERROR_DETAILS.returnStatusChangedTo(RETURN_STATUS_LABEL.approved) });
    expect((await auditOfReturn(ctx, order.returnId)).filter((r) => r.action === 'approve')).toHaveLength(1);
    expect(await noticesOf(ctx, order.id)).toHaveLength(1);
  });

  it("answers 404 for another store's return, and for an order without one, changing nothing", async () => {
    const order = await requested();
    for (const nik of [STAFF_T002, CHIEF_T002]) {
      for (const step of ['approve', 'reject', 'pod', 'receive', 'refund']) {
        const body = step === 'reject' ? { note: 'Tidak sesuai' } : step === 'pod' ? podBody(pointFrom(order, 10)) : step === 'receive' ? receiveAll(order, 1) : {};
        const res = await api.post(nik, url(order, step), body);
        expect([403, 404], `${nik} ${step} ${res.body}`).toContain(res.statusCode);
      }
    }
    expect((await statusOf(order.returnId)).status).toBe('requested');
    const none = await api.post(CHIEF, url(await completedOrder(ctx), 'approve'), {});
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('RETURN_NOT_FOUND');
  });

  it('replays an approval retried with the same Idempotency-Key', async () => {
    const order = await requested();
    const key = { 'idempotency-key': 'return-approve-replay-01' };
    const first = await api.post(CHIEF, url(order, 'approve'), {}, key);
    const again = await api.post(CHIEF, url(order, 'approve'), {}, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await auditOfReturn(ctx, order.returnId)).filter((r) => r.action === 'approve')).toHaveLength(1);
  });
});

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

describe('receive', () => {
  it('puts sellable units back on qty and damaged ones on qty_damaged through the ledger; return.received counts them', async () => {
    const order = await collected(2);
    const [a, b] = order.lines;
    const before = [await stockRow(ctx, 'T001', a!.productId), await stockRow(ctx, 'T001', b!.productId)];
    const res = await api.post(STAFF, url(order, 'receive'), {
      lines: [
        { lineId: a!.id, qtyReceived: 2, condition: 'sellable' },
        { lineId: b!.id, qtyReceived: 1, condition: 'damaged' },
      ],
      note: 'Satu kemasan penyok',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'received', actions: [] });
    expect(data.lines).toEqual([expect.objectContaining({ lineId: a!.id, qtyReceived: 2, condition: 'sellable' }), expect.objectContaining({ lineId: b!.id, qtyReceived: 1, condition: 'damaged' })]);
    expect((await api.get(CHIEF, `/api/returns/${order.shipmentNo}`)).json().data.actions).toEqual(['refund']);
    expect(await stockRow(ctx, 'T001', a!.productId)).toEqual({ qty: before[0]!.qty + 2, qtyDamaged: before[0]!.qtyDamaged });
    expect(await stockRow(ctx, 'T001', b!.productId)).toEqual({ qty: before[1]!.qty, qtyDamaged: before[1]!.qtyDamaged + 1 });
    const ledger = await ledgerOf(ctx, `return:${order.returnId}`);
    expect(ledger.map((m) => [m.productId, m.delta, m.condition, m.cause])).toEqual(
      expect.arrayContaining([
        [a!.productId, 2, 'sellable', 'return'],
        [b!.productId, 1, 'damaged', 'return'],
      ]),
    );
    expect(ledger).toHaveLength(2);
    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'return.received');
    expect(parseEventPayload('return.received', event!.payload)).toMatchObject({ status: 'received', sellable: 2, damaged: 1 });
  });

  it('adds the stock once when received twice (the second is 409) or twice at once', async () => {
    const order = await collected(1);
    const productId = order.lines[0]!.productId;
    const before = await stockRow(ctx, 'T001', productId);
    const [x, y] = await Promise.all([api.post(STAFF, url(order, 'receive'), receiveAll(order, 1)), api.post(STAFF, url(order, 'receive'), receiveAll(order, 1))]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const third = await api.post(STAFF, url(order, 'receive'), receiveAll(order, 1));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(ERROR_DETAILS.returnStatusChangedTo(RETURN_STATUS_LABEL.received));
    expect((await stockRow(ctx, 'T001', productId)).qty).toBe(before.qty + 1);
    expect(await ledgerOf(ctx, `return:${order.returnId}`)).toHaveLength(2);
  });

  it('refuses more than the line (422 RETURN_RECEIVED_EXCEEDS), a line not in the return (422 RETURN_LINE_UNKNOWN) and a line left out (400)', async () => {
    const order = await collected(1);
    const [a, b, c] = order.lines;
    const tooMany = await api.post(STAFF, url(order, 'receive'), {
      lines: [
        { lineId: a!.id, qtyReceived: 2, condition: 'sellable' },
        { lineId: b!.id, qtyReceived: 1, condition: 'sellable' },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'RETURN_RECEIVED_EXCEEDS', details: [{ path: 'body.lines.0.qtyReceived' }] });
    const unknown = await api.post(STAFF, url(order, 'receive'), {
      lines: [
        { lineId: a!.id, qtyReceived: 1, condition: 'sellable' },
        { lineId: b!.id, qtyReceived: 1, condition: 'sellable' },
        { lineId: c!.id, qtyReceived: 1, condition: 'sellable' },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'RETURN_LINE_UNKNOWN', details: [{ path: 'body.lines.2.lineId' }] });
    const missing = await api.post(STAFF, url(order, 'receive'), { lines: [{ lineId: a!.id, qtyReceived: 1, condition: 'sellable' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.lines', message: expect.stringContaining(b!.name) }] });
    const duplicate = await api.post(STAFF, url(order, 'receive'), {
      lines: [
        { lineId: a!.id, qtyReceived: 1, condition: 'sellable' },
        { lineId: a!.id, qtyReceived: 1, condition: 'sellable' },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect((await statusOf(order.returnId)).status).toBe('collected');
    expect(await ledgerOf(ctx, `return:${order.returnId}`)).toHaveLength(0);
  });

  it('takes nothing into the stock for a line that did not come back (0 received)', async () => {
    const order = await collected(1);
    const res = await api.post(STAFF, url(order, 'receive'), {
      lines: [
        { lineId: order.lines[0]!.id, qtyReceived: 0, condition: 'sellable' },
        { lineId: order.lines[1]!.id, qtyReceived: 1, condition: 'damaged' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const ledger = await ledgerOf(ctx, `return:${order.returnId}`);
    expect(ledger.map((m) => m.productId)).toEqual([order.lines[1]!.productId]);
    const lines = await ctx.handle.db.select().from(returnLines).where(eq(returnLines.returnId, order.returnId));
    expect(lines.map((l) => l.qtyReceived).sort()).toEqual([0, 1]);
  });
});

describe('refund', () => {
  it('refunds a received return: received → refunded, return.refunded, channel notice; the whole history in order', async () => {
    const order = await collected(1);
    await api.post(STAFF, url(order, 'receive'), receiveAll(order, 1));
    expect((await api.post(STAFF, url(order, 'refund'), {})).statusCode).toBe(403);
    const res = await api.post(CHIEF, url(order, 'refund'));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'refunded', actions: [] });
    expect(data.history.map((h: { action: string }) => h.action)).toEqual(['request', 'approve', 'collect', 'receive', 'refund']);
    const row = await statusOf(order.returnId);
    expect(row.refundedAt).not.toBeNull();
    expect((await noticesOf(ctx, order.id)).map((n) => n.kind)).toEqual(['return.approved', 'return.refunded']);
    const types = (await eventsOf(ctx, order.shipmentNo)).map((e) => e.type).filter((t) => t.startsWith('return.'));
    expect(types).toEqual(['return.requested', 'return.approved', 'return.collected', 'return.received', 'return.refunded']);
    for (const e of await eventsOf(ctx, order.shipmentNo)) if (e.type.startsWith('return.')) expect(() => parseEventPayload(e.type, e.payload)).not.toThrow();
    const again = await api.post(CHIEF, url(order, 'refund'));
    expect(again.statusCode).toBe(409);
    // Refunded closes the return: another may be recorded for what is left.
    expect(await returnsOf(ctx, order.id)).toHaveLength(1);
    expect((await api.get(STAFF, `/api/returns/returnable/${order.shipmentNo}`)).json().data.refusal).toBeNull();
  });

  it('refuses a refund before the goods are received', async () => {
    const order = await approved();
    const res = await api.post(CHIEF, url(order, 'refund'));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RETURN_STATUS_CHANGED');
  });
});
