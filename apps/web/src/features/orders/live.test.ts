import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OrderDetail } from '@gerai/contract';
import { createLiveApplier } from '@/shared/events/live-apply';
import { orderDetail } from '@/test/fixtures';
import { applyLive, streamEvent } from '@/test/live';
import { ordersLive } from './live';
import { orderKeys } from './query-keys';

const LIST = orderKeys.list({ status: 1102 } as never);

/** A phone that has read the counts, a list and two orders' details. */
function phone() {
  const client = new QueryClient();
  client.setQueryData(orderKeys.count(), { counts: [] });
  client.setQueryData(LIST, { pages: [], pageParams: [] });
  client.setQueryData(orderKeys.detail('SHP1'), orderDetail({ shipmentNo: 'SHP1', statusId: 1102 }));
  client.setQueryData(orderKeys.detail('SHP2'), orderDetail({ shipmentNo: 'SHP2', statusId: 1102 }));
  return client;
}
const stale = (client: QueryClient, ...keys: QueryKey[]) => keys.map((key) => client.getQueryState(key)?.isInvalidated ?? null);
const scan = { statusId: 1102, action: 'scan', actorName: 'Budi Santoso', productID: '10000001' } as const;

describe('the orders live declaration', () => {
  it("a scan is written into the cached order's line and progress, not read again; counts and lists are marked", () => {
    const client = phone();
    applyLive(client, [ordersLive], streamEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', lineId: 11, qtyPicked: 2, qty: 2 }));
    const patched = client.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!;
    expect(patched.products.find((l) => l.lineId === 11)!.qtyPicked).toBe(2);
    expect(patched.progress).toMatchObject({ picked: 2, resolved: 2 });
    expect(stale(client, orderKeys.detail('SHP1'), orderKeys.count(), LIST)).toEqual([false, true, true]);
  });

  it('scans arriving together each patch their line, the last count of a line winning', () => {
    const client = phone();
    applyLive(
      client,
      [ordersLive],
      streamEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', lineId: 11, qtyPicked: 1, qty: 2 }),
      streamEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', lineId: 11, qtyPicked: 2, qty: 2 }),
      streamEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', lineId: 12, qtyPicked: 1, qty: 1, productID: '20002' }),
    );
    const patched = client.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!;
    expect(patched.products.find((l) => l.lineId === 11)!.qtyPicked).toBe(2);
    expect(patched.progress).toMatchObject({ picked: 3, resolved: 3, complete: true });
  });

  it('a step of the order marks its detail, the lists and the counts; another order is left alone', () => {
    const client = phone();
    applyLive(client, [ordersLive], streamEvent('order.claimed', { shipmentNo: 'SHP1', orderNo: 'AMD1', fromStatus: 1101, statusId: 1102, action: 'claim', actorName: 'Budi Santoso', pickerName: 'Budi Santoso' }));
    expect(stale(client, orderKeys.detail('SHP1'), orderKeys.count(), LIST, orderKeys.detail('SHP2'))).toEqual([true, true, true, false]);
  });

  it('a step of another store (a supervisor hears several) leaves the lists and counts of the active one', () => {
    const client = phone();
    const applier = createLiveApplier([ordersLive], { queryClient: client, storeCode: () => 'T001' });
    applier.apply(streamEvent('order.created', { shipmentNo: 'SHPX', orderNo: 'AMDX', appId: 91, statusId: 1101, deliveryType: 1, price: 100, storeCode: 'T002' }));
    applier.flush();
    expect(stale(client, orderKeys.count(), LIST)).toEqual([false, false]);
  });

  it("a channel notice, a cancellation request, a return step and a booking step change the order's detail only", () => {
    const client = phone();
    const booking = { bookID: 41, bookDetID: 41, bookingNo: 'BK41', productId: '20001', qtyOos: 1, orderingStore: 'T001', servingStore: 'T002', actorName: 'Siti' };
    applyLive(
      client,
      [ordersLive],
      streamEvent('order.notice', { shipmentNo: 'SHP1', kind: 'order.cancelled', status: 'sent', attempts: 1 }),
      streamEvent('cancel.requested', { shipmentNo: 'SHP1', orderNo: 'AMD1', requestId: 4, statusId: 1102, requesterName: 'Budi', reason: 'Stok habis' }),
      streamEvent('return.approved', { shipmentNo: 'SHP1', orderNo: 'AMD1', returnId: 9, status: 'approved', actorName: 'Agus' }),
      streamEvent('booking.taken', { ...booking, shipmentNo: 'SHP2', action: 'taken', status: 1132, storeTaken: 'T002', stockTaken: 1 }),
    );
    expect(stale(client, orderKeys.detail('SHP1'), orderKeys.detail('SHP2'), orderKeys.count(), LIST)).toEqual([true, true, false, false]);
  });

  it("a customer's chat message adds one to the cached detail's unread count, and the detail is read again", () => {
    const client = phone();
    const message = { id: 5, sender: 'customer', text: 'Halo', photoUrl: null, createdAt: new Date().toISOString(), state: 'delivered' };
    applyLive(client, [ordersLive], streamEvent('chat.message.created', { shipmentNo: 'SHP1', roomId: 3, message } as never));
    expect(client.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!.chatUnread).toBe(orderDetail({ shipmentNo: 'SHP1' }).chatUnread + 1);
    expect(stale(client, orderKeys.detail('SHP1'), orderKeys.detail('SHP2'))).toEqual([true, false]);
  });
});
