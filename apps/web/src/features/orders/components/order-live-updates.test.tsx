import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { signal } from '@/shared/feedback/feedback';
import type { OrderDetail } from '@gerai/contract';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { orderDetail } from '@/test/fixtures';
import { NoticeDock } from '@/shared/ui/notice-dock';
import { renderWithRouter } from '@/test/render';
import { orderKeys } from '../query-keys';
import { OrderLiveUpdates } from './order-live-updates';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup() {
  const element = (
    <>
      {/* The screen's place for banners (its header holds it in the app). */}
      <NoticeDock />
      <OrderLiveUpdates storeCode="T001" />
      <Where />
    </>
  );
  const view = renderWithRouter([{ path: '*', element }], { initialEntries: ['/order'] });
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { ...view, invalidate };
}

beforeEach(() => {
  vi.mocked(signal).mockClear();
  installFakeEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const created = { orderNo: 'AMD251122000001', appId: 91, statusId: 1101, deliveryType: 1, price: 31_900 };
const scan = { statusId: 1102, action: 'scan', actorName: 'Budi Santoso', productID: '10000001' };

describe('live order updates', () => {
  it('a new order for the active store rings, shows a banner that opens it, and refreshes counts and lists', async () => {
    const { invalidate } = setup();
    emitEvent('order.created', { ...created, shipmentNo: 'SHP2511220009999', storeCode: 'T001' });
    const banner = screen.getByTestId('new-order-banner');
    expect(banner).toHaveTextContent('Pesanan baru masuk');
    expect(banner).toHaveTextContent('SHP2511220009999 · Alfamind');
    expect(signal).toHaveBeenCalledWith('new-order');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.count() }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.lists() });

    await userEvent.click(screen.getByRole('button', { name: /Pesanan baru masuk/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/order/detail/1101/SHP2511220009999/delivery');
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
  });

  it('ignores orders of another store (a supervisor sees several)', () => {
    setup();
    emitEvent('order.created', { ...created, shipmentNo: 'SHPX', storeCode: 'T002' });
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
    expect(signal).not.toHaveBeenCalled();
  });

  it("a scan event updates the cached order's line and progress without reading it again", async () => {
    const { invalidate, queryClient } = setup();
    const cached = orderDetail({ shipmentNo: 'SHP1', statusId: 1102 });
    queryClient.setQueryData(orderKeys.detail('SHP1'), cached);
    emitEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', storeCode: 'T001', lineId: 11, qtyPicked: 2, qty: 2 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.count() }));
    const patched = queryClient.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!;
    expect(patched.products.find((l) => l.lineId === 11)!.qtyPicked).toBe(2);
    expect(patched.progress).toMatchObject({ picked: 2, resolved: 2 });
    expect(invalidate).not.toHaveBeenCalledWith(expect.objectContaining({ queryKey: orderKeys.detail('SHP1') }));
  });

  it('scans arriving together each patch their line, the last count of a line winning', async () => {
    const { queryClient } = setup();
    const cached = orderDetail({ shipmentNo: 'SHP1', statusId: 1102 });
    queryClient.setQueryData(orderKeys.detail('SHP1'), cached);
    emitEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', storeCode: 'T001', lineId: 11, qtyPicked: 1, qty: 2 });
    emitEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', storeCode: 'T001', lineId: 11, qtyPicked: 2, qty: 2 });
    emitEvent('order.scanned', { ...scan, shipmentNo: 'SHP1', storeCode: 'T001', lineId: 12, qtyPicked: 1, qty: 1, productID: '20002' });
    await vi.waitFor(() => expect(queryClient.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!.products.find((l) => l.lineId === 12)!.qtyPicked).toBe(1));
    const patched = queryClient.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!;
    expect(patched.products.find((l) => l.lineId === 11)!.qtyPicked).toBe(2);
    expect(patched.progress).toMatchObject({ picked: 3, resolved: 3, complete: true });
  });

  it('other order events refresh the order they name', async () => {
    const { invalidate } = setup();
    emitEvent('order.claimed', { shipmentNo: 'SHP1', orderNo: 'AMD251122000001', fromStatus: 1101, statusId: 1102, action: 'claim', actorName: 'Budi Santoso', pickerName: 'Budi Santoso' });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP1'), refetchType: 'active' }));
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
  });

  it("a channel notice, a cancellation request and a return step refresh the order's detail only", async () => {
    const { invalidate } = setup();
    emitEvent('order.notice', { shipmentNo: 'SHP1', kind: 'order.cancelled', status: 'sent', attempts: 1 });
    emitEvent('cancel.requested', { shipmentNo: 'SHP2', orderNo: 'AMD2', requestId: 4, statusId: 1102, requesterName: 'Budi Santoso', reason: 'Stok habis' });
    emitEvent('return.approved', { shipmentNo: 'SHP3', orderNo: 'AMD3', returnId: 9, status: 'approved', actorName: 'Agus Setiawan' });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP3'), refetchType: 'active' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP1'), refetchType: 'active' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP2'), refetchType: 'active' });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: orderKeys.lists() });
  });

  it('a cancellation moves the order between lists even when its notice arrives in the same burst', async () => {
    const { invalidate } = setup();
    emitEvent('order.notice', { shipmentNo: 'SHP1', kind: 'order.cancelled', status: 'pending', attempts: 0 });
    emitEvent('order.cancelled', { shipmentNo: 'SHP1', orderNo: 'AMD1', fromStatus: 1102, statusId: 1106, action: 'cancel', actorName: 'Agus Setiawan', reason: 'Stok habis' });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.lists() }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.count() });
  });

  it("a stock booking step refreshes its order's detail only (packing may be blocked or free now)", async () => {
    const { invalidate } = setup();
    const booking = { bookID: 41, bookDetID: 41, bookingNo: 'BK251122000041', shipmentNo: 'SHP1', productId: '20001', qtyOos: 1, orderingStore: 'T001', servingStore: 'T002', actorName: 'Siti Rahmawati' };
    emitEvent('booking.taken', { ...booking, action: 'taken', status: 1132, storeTaken: 'T002', stockTaken: 1 });
    emitEvent('booking.refused', { ...booking, shipmentNo: 'SHP2', action: 'refused', status: 1134, storeTaken: null, stockTaken: null, reason: null });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP2'), refetchType: 'active' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP1'), refetchType: 'active' });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: orderKeys.lists() });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: orderKeys.count() });
  });
});
