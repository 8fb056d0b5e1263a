import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { StreamEvent } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import type { OrderDetail } from '@gerai/contract';
import { orderDetail } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { orderKeys } from '../query-keys';
import { OrderLiveUpdates } from './order-live-updates';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

let onEvent: ((e: StreamEvent) => void) | null = null;
vi.mock('@/shared/events/event-stream', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/events/event-stream')>();
  return {
    ...actual,
    startEventStream: (opts: { onEvent: (e: StreamEvent) => void }) => {
      onEvent = opts.onEvent;
      return () => {
        onEvent = null;
      };
    },
  };
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup() {
  const element = (
    <>
      <OrderLiveUpdates storeCode="T001" />
      <Where />
    </>
  );
  const view = renderWithRouter([{ path: '*', element }], { initialEntries: ['/order'] });
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { ...view, invalidate };
}

const emit = (type: string, data: Record<string, unknown>) => act(() => onEvent?.({ type, id: '1', data }));

beforeEach(() => vi.mocked(signal).mockClear());
afterEach(() => vi.useRealTimers());

describe('live order updates', () => {
  it('a new order for the active store rings, shows a banner that opens it, and refreshes counts and lists', async () => {
    const { invalidate } = setup();
    emit('order.created', { shipmentNo: 'SHP2511220009999', storeCode: 'T001', statusId: 1101, deliveryType: 1, appId: 91 });
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
    emit('order.created', { shipmentNo: 'SHPX', storeCode: 'T002', statusId: 1101 });
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
    expect(signal).not.toHaveBeenCalled();
  });

  it("a scan event updates the cached order's line and progress without reading it again", async () => {
    const { invalidate, queryClient } = setup();
    const cached = orderDetail({ shipmentNo: 'SHP1', statusId: 1102 });
    queryClient.setQueryData(orderKeys.detail('SHP1'), cached);
    emit('order.scanned', { shipmentNo: 'SHP1', storeCode: 'T001', statusId: 1102, lineId: 11, qtyPicked: 2, qty: 2 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.count() }));
    const patched = queryClient.getQueryData<OrderDetail>(orderKeys.detail('SHP1'))!;
    expect(patched.products.find((l) => l.lineId === 11)!.qtyPicked).toBe(2);
    expect(patched.progress).toMatchObject({ picked: 2, resolved: 2 });
    expect(invalidate).not.toHaveBeenCalledWith(expect.objectContaining({ queryKey: orderKeys.detail('SHP1') }));
  });

  it('other order events refresh the order they name', async () => {
    const { invalidate } = setup();
    emit('order.scanned', { shipmentNo: 'SHP1', storeCode: 'T001', statusId: 1102 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.detail('SHP1'), refetchType: 'active' }));
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
  });
});
