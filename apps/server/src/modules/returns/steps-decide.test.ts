import { describe, expect, it } from 'vitest';
import { ERROR_DETAILS, parseEventPayload, RETURN_STATUS_LABEL } from '@gerai/contract';
import { testFileWith } from '../../test/harness';
import {
  auditOfReturn,
  CHIEF,
  CHIEF_T002,
  completedOrder,
  eventsOf,
  noticesOf,
  podBody,
  pointFrom,
  returnApi,
  returnStepHelpers,
  STAFF,
  STAFF_T002,
  SUPERVISOR,
} from './return-test-kit';

const { ctx, api } = testFileWith(returnApi);
const { url, requested, receiveAll, statusOf } = returnStepHelpers(ctx, api);

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
