import { describe, expect, it } from 'vitest';
import type { OrderAction } from '@gerai/contract';
import type { OutboxAction } from '@/shared/outbox/outbox';
import { orderDetail, orderLine } from '@/test/fixtures';
import { applyPending, localScanRefusal } from './pending-overlay';

let seq = 0;
function kept(kind: string, meta: Record<string, unknown> = {}, over: Partial<OutboxAction> = {}): OutboxAction {
  seq += 1;
  return {
    key: `k${seq}`,
    seq,
    scope: 'shipment:SHP1',
    kind,
    subject: 'SHP1',
    request: { method: 'POST', path: '/x' },
    refresh: [],
    owner: '10000001',
    createdAt: seq,
    state: 'queued',
    attempts: 0,
    waiting: true,
    meta,
    ...over,
  };
}

const order = (statusId = 1102) =>
  orderDetail({
    shipmentNo: 'SHP1',
    statusId,
    products: [orderLine({ lineId: 11, barcode: '8991111111111', qty: 2 }), orderLine({ lineId: 12, productID: '20002', barcode: '8992222222222', qty: 1 })],
  });

describe('an order as the crew left it on the phone', () => {
  it('claims, scans, marks out of stock and packs on top of the server copy, in order', () => {
    const { order: o, pending, pendingLines } = applyPending(order(1101), [
      kept('order.claim'),
      kept('order.scan', { barcode: '8991111111111' }),
      kept('order.scan', { barcode: '8991111111111' }),
      kept('order.outOfStock', { lineId: 12, qtyOos: 1 }),
      kept('order.pack'),
    ]);
    expect(o.statusId).toBe(1103);
    expect(o.products.map((l) => [l.qtyPicked, l.attrQtyOos])).toEqual([
      [2, 0],
      [0, 1],
    ]);
    expect(o.progress).toMatchObject({ resolved: 3, complete: true });
    expect(o.actions).toEqual(['handover']); // a pickup order: handed over at the counter next
    expect(pending).toBe(5);
    expect([...pendingLines]).toEqual([11, 12]);
  });

  it('never counts a scan the server would refuse, and leaves answered or other orders\' actions alone', () => {
    const { order: o, pending } = applyPending(order(), [
      kept('order.scan', { barcode: '8992222222222' }),
      kept('order.scan', { barcode: '8992222222222' }), // over the ordered 1
      kept('order.scan', { barcode: '0000000000000' }), // not in the order
      kept('order.scan', { barcode: '8991111111111' }, { waiting: false }), // a screen waits on it
      kept('order.scan', { barcode: '8991111111111' }, { subject: 'SHP2' }),
    ]);
    expect(o.products.map((l) => l.qtyPicked)).toEqual([0, 1]);
    expect(pending).toBe(3);
  });

  it('names the refused actions apart: they change nothing on screen', () => {
    const refused = kept('order.pack', {}, { state: 'refused', refusal: { status: 409, code: 'ORDER_STATUS_CHANGED', message: 'x' } });
    const result = applyPending(order(), [refused]);
    expect(result.order.statusId).toBe(1102);
    expect(result.refused).toEqual([refused]);
    expect(result.pending).toBe(0);
  });

  it('carries the cancel action of the server\'s last answer over an offline claim and pack', () => {
    const staff = { ...order(1101), actions: ['claim', 'requestCancel'] as OrderAction[] };
    expect(applyPending(staff, [kept('order.claim')]).order.actions).toEqual(['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack', 'requestCancel']);
    const chief = { ...order(1101), actions: ['claim', 'cancel'] as OrderAction[] };
    expect(applyPending(chief, [kept('order.claim')]).order.actions).toContain('cancel');
    // A request already pending: none offered, before or after.
    const pending = { ...order(1101), actions: ['claim'] as OrderAction[] };
    expect(applyPending(pending, [kept('order.claim')]).order.actions).not.toContain('requestCancel');
    // A delivery out for delivery needs an area supervisor: the kepala toko may only ask then.
    const delivery = { ...order(1102), deliveryType: 1, actions: ['pack', 'cancel'] as OrderAction[] };
    expect(applyPending(delivery, [kept('order.pack')]).order.actions).toEqual(['requestCancel']);
    // Handed over: nothing to cancel any more.
    const pickup = { ...order(1103), actions: ['handover', 'cancel'] as OrderAction[] };
    expect(applyPending(pickup, [kept('order.handover')]).order.actions).toEqual(['finish']);
  });

  it('keeps a return offered into History, and offers no second cancellation while one waits on the phone', () => {
    const done = { ...order(1104), actions: ['finish', 'requestReturn'] as OrderAction[] };
    expect(applyPending(done, [kept('order.finish')]).order.actions).toEqual(['requestReturn']);
    const asked = applyPending({ ...order(1102), actions: ['scan', 'pack', 'requestCancel'] as OrderAction[] }, [kept('cancel.request')]);
    expect(asked.order.actions).toEqual(['scan', 'pack']);
    expect(asked.order.statusId).toBe(1102);
    expect(asked.pending).toBe(1);
  });

  it('checks a scan offline as the server would', () => {
    const o = order();
    expect(localScanRefusal(o, '8991111111111')).toBeNull();
    expect(localScanRefusal(o, '1234')).toBe('SCAN_NOT_IN_ORDER');
    expect(localScanRefusal({ ...o, products: o.products.map((l) => ({ ...l, qtyPicked: l.qty })) }, '8991111111111')).toBe('SCAN_OVER_QUANTITY');
  });
});
