import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_DETAILS, parseEventPayload, RETURN_STATUS_LABEL } from '@gerai/contract';
import { returnLines } from '../../db/schema';
import { testFileWith } from '../../test/harness';
import { CHIEF, eventsOf, ledgerOf, noticesOf, returnApi, returnStepHelpers, returnsOf, STAFF, stockRow } from './return-test-kit';

const { ctx, api } = testFileWith(returnApi);
const { url, approved, collected, receiveAll, statusOf } = returnStepHelpers(ctx, api);

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
