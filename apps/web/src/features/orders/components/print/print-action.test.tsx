import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { mockFetch, ok } from '@/test/fetch-mock';
import { deliveryOrder, orderDetail } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import OrderDetailPage from '../../pages/order-detail-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

function renderDetail(shipmentNo: string, status: number, method: 'pickup' | 'delivery') {
  return renderWithRouter([{ path: '/order/detail/:status/:shipmentNo/:method', element: <OrderDetailPage /> }], {
    initialEntries: [`/order/detail/${status}/${shipmentNo}/${method}`],
  });
}

let print: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  print = vi.fn();
  vi.stubGlobal('print', print);
});
afterEach(() => {
  delete window.GeraiNative;
  vi.unstubAllGlobals();
});

describe('printing from the order detail', () => {
  it('offers Cetak from picking to completed, not on a new or archived order', async () => {
    for (const statusId of [1101, 1102, 1103, 1104, 1105]) {
      const shipmentNo = `SHP251122000000${statusId - 1100}`;
      mockFetch().on('GET', `/api/orders/${shipmentNo}`, ok(orderDetail({ shipmentNo, statusId })));
      const view = renderDetail(shipmentNo, statusId, 'pickup');
      expect(await screen.findByTestId('order-products')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Cetak/ }) !== null, `status ${statusId}`).toBe([1102, 1103, 1104].includes(statusId));
      view.unmount();
    }
  });

  it('previews the packing slip and the shelf label, and Cetak opens the browser dialog without a host', async () => {
    const order = deliveryOrder();
    mockFetch().on('GET', `/api/orders/${order.shipmentNo}`, ok(order));
    renderDetail(order.shipmentNo, 1103, 'delivery');
    await userEvent.click(await screen.findByRole('button', { name: 'Cetak slip pengemasan atau label rak' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cetak' });
    const slip = await within(dialog).findByTestId('packing-slip');
    expect(slip).toHaveTextContent(order.shipmentNo);
    expect(within(slip).getByTestId('print-qr')).toHaveAttribute('data-qr-value', order.shipmentNo);
    // The main action keeps its place.
    expect(screen.getByTestId('action-button')).toHaveTextContent('Konfirmasi');

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Label rak' }));
    const label = within(dialog).getByTestId('shelf-label');
    expect(within(dialog).queryByTestId('packing-slip')).not.toBeInTheDocument();
    expect(within(label).getByTestId('label-digits')).toHaveTextContent('5428');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledTimes(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hands the job to the native host when there is one', async () => {
    const nativePrint = vi.fn((_job: string) => true);
    window.GeraiNative = { print: nativePrint };
    const order = deliveryOrder();
    mockFetch().on('GET', `/api/orders/${order.shipmentNo}`, ok(order));
    renderDetail(order.shipmentNo, 1103, 'delivery');
    await userEvent.click(await screen.findByRole('button', { name: 'Cetak slip pengemasan atau label rak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cetak' });
    await within(dialog).findByTestId('packing-slip');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    await vi.waitFor(() => expect(nativePrint).toHaveBeenCalledTimes(1));
    expect(JSON.parse(nativePrint.mock.calls[0]![0])).toEqual({
      kind: 'packing-slip',
      title: `Slip pengemasan ${order.shipmentNo}`,
      paper: { widthMm: 105, heightMm: 148 },
    });
    expect(print).not.toHaveBeenCalled();
  });
});
