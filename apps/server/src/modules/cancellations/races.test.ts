import { describe, expect, it } from 'vitest';
import { testContextPerFile } from '../../test/harness';
import { orderRow } from '../orders/order-test-kit';
import { stockOf } from '../stock';
import { cancelApi, CHIEF, ledgerBalances, movementsFor, noticesOf, requestsOf, STAFF, SUPERVISOR } from './cancel-test-kit';

// Races between phones: one transaction wins, the other learns why (409) and changes nothing.
const ctx = testContextPerFile();
const api = cancelApi(ctx);

const codes = (replies: Array<{ statusCode: number; json(): { code?: string } }>) =>
  replies.map((r) => (r.statusCode < 300 ? r.statusCode : `${r.statusCode} ${r.json().code}`)).sort();

describe('cancellation races', () => {
  it('two approvals at once: one cancels the order, the other is told it was decided', async () => {
    const { order, productIds, before } = await api.packed(0);
    await api.cancel(STAFF, order.shipmentNo);
    const replies = await Promise.all([api.approve(CHIEF, order.shipmentNo), api.approve(SUPERVISOR, order.shipmentNo)]);
    expect(codes(replies)).toEqual([200, '409 CANCEL_ALREADY_DECIDED']);
    expect((await requestsOf(ctx, order.id)).map((r) => r.status)).toEqual(['approved']);
    expect((await orderRow(ctx, order.id)).statusId).toBe(1106);
    expect(await noticesOf(ctx, order.id)).toHaveLength(1);
    expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
    expect(await ledgerBalances(ctx, 'T001', productIds)).toBe(true);
  });

  it('an approval racing a rejection: exactly one decision stands', async () => {
    const order = await api.received(0);
    await api.cancel(STAFF, order.shipmentNo);
    const replies = await Promise.all([api.approve(CHIEF, order.shipmentNo), api.reject(SUPERVISOR, order.shipmentNo)]);
    expect(codes(replies)).toEqual([200, '409 CANCEL_ALREADY_DECIDED']);
    const [request] = await requestsOf(ctx, order.id);
    expect((await orderRow(ctx, order.id)).statusId).toBe(request!.status === 'approved' ? 1106 : 1101);
  });

  it('two direct cancels of a packed order at once: one cancels, the goods come back once', async () => {
    const { order, productIds, before } = await api.packed(0);
    const replies = await Promise.all([api.cancel(CHIEF, order.shipmentNo), api.cancel(SUPERVISOR, order.shipmentNo)]);
    expect(codes(replies)).toEqual([201, '409 CANCEL_NOT_ALLOWED']);
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
    expect(await noticesOf(ctx, order.id)).toHaveLength(1);
    expect((await movementsFor(ctx, order.shipmentNo)).filter((m) => m.cause === 'cancel')).toHaveLength(productIds.length);
    expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
  });

  it('two crew requests at once: one waits for a decision, the other is told one is pending', async () => {
    const order = await api.received(1);
    const replies = await Promise.all([api.cancel(STAFF, order.shipmentNo, { reasonId: 1 }), api.cancel(STAFF, order.shipmentNo, { reasonId: 2 })]);
    expect(codes(replies)).toEqual([201, '409 CANCEL_REQUEST_PENDING']);
    expect(await requestsOf(ctx, order.id)).toHaveLength(1);
  });

  it('a cancel racing a pack: the books stay right whichever comes first', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const order = await api.claimed(0);
      const lines = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data.products as Array<{ productID: string; qtyPicked: number }>;
      const productIds = [...new Set(lines.map((l) => l.productID))];
      const before = await stockOf(ctx.handle.db, 'T001', productIds);
      // Alternate who is sent first; the database decides who wins.
      const calls = [() => api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`), () => api.cancel(CHIEF, order.shipmentNo)];
      const [pack, cancel] = await Promise.all(i % 2 === 0 ? calls.map((c) => c()) : [...calls].reverse().map((c) => c()).reverse());
      expect(cancel!.statusCode).toBe(201);
      const moves = await movementsFor(ctx, order.shipmentNo);
      const packRows = moves.filter((m) => m.cause === 'pack');
      const cancelRows = moves.filter((m) => m.cause === 'cancel');
      if (pack!.statusCode === 200) {
        // The pack won: the cancel of the packed order put its goods back, once.
        outcomes.add('pack first');
        expect(packRows).toHaveLength(productIds.length);
        expect(cancelRows.map((m) => m.delta)).toEqual(packRows.map((m) => -m.delta));
      } else {
        // The cancel won: the pack is told the status moved and nothing left the books.
        outcomes.add('cancel first');
        expect(pack!.statusCode).toBe(409);
        expect(pack!.json().code).toBe('ORDER_STATUS_CHANGED');
        expect(moves).toEqual([]);
      }
      expect((await orderRow(ctx, order.id)).statusId).toBe(1106);
      expect(await stockOf(ctx.handle.db, 'T001', productIds)).toEqual(before);
      expect(await ledgerBalances(ctx, 'T001', productIds)).toBe(true);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
