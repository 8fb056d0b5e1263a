import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal, openModal } from '@/shared/modal/modal-store';
import { resetScan, useScanStore } from '@/shared/stores/scan-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { memoryHistory, RoutesAt, testQueryClient, TestProviders } from '@/test/render';
import { orderBooking } from '../orders-test-kit';
import { orderKeys } from '../query-keys';
import { EditQuantityModal, OutOfStockModal } from './line-modals';

const SHP = 'SHP2511220000001';

/** The modal host with the order already in the cache (as on the detail screen). */
function setup(order: OrderDetail) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(orderKeys.detail(SHP), order);
  const routes = [{ path: '*', element: <ModalHost onLogout={vi.fn()} renderers={{ 'edit-quantity': EditQuantityModal, 'out-of-stock': OutOfStockModal }} /> }];
  render(
    <TestProviders queryClient={queryClient}>
      <RoutesAt history={memoryHistory()} routes={routes} />
    </TestProviders>,
  );
  return queryClient;
}

const open = (type: 'edit-quantity' | 'out-of-stock', lineId = 11) =>
  act(() => void openModal({ type, title: type === 'edit-quantity' ? 'Edit Jumlah' : 'Stok Kosong', payload: { shipmentNo: SHP, lineId: String(lineId) } }));

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  resetScan();
});
afterEach(() => vi.unstubAllGlobals());

describe('edit-quantity modal', () => {
  it('starts from the picked quantity, never goes below 0 nor above ordered − out of stock', async () => {
    mockFetch();
    setup(orderDetail({ statusId: 1102, products: [orderLine({ qty: 3, qtyPicked: 1, attrQtyOos: 1 })] }));
    open('edit-quantity');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jumlah' });
    const value = within(dialog).getByTestId('edit-quantity-value');
    expect(value).toHaveValue(1);
    expect(dialog).toHaveTextContent('Maksimal 2 (dipesan 3, kosong 1).');

    await userEvent.click(within(dialog).getByTestId('edit-quantity-decrease'));
    expect(value).toHaveValue(0);
    expect(within(dialog).getByTestId('edit-quantity-decrease')).toBeDisabled();
    // Typing a negative number is clamped to 0 as well.
    fireEvent.change(value, { target: { value: '-4' } });
    expect(value).toHaveValue(0);

    await userEvent.click(within(dialog).getByTestId('edit-quantity-increase'));
    await userEvent.click(within(dialog).getByTestId('edit-quantity-increase'));
    expect(value).toHaveValue(2);
    expect(within(dialog).getByTestId('edit-quantity-increase')).toBeDisabled();
    fireEvent.change(value, { target: { value: '9' } });
    expect(value).toHaveValue(2);
  });

  it('confirming sends qtyEdit and, once saved, copies it into qty', async () => {
    const line = orderLine({ qty: 3, qtyPicked: 1 });
    const server = mockFetch().on('POST', `/api/orders/${SHP}/lines/11/quantity`, (call) =>
      ok({ ...orderDetail({ statusId: 1102, products: [{ ...line, qtyPicked: (call.body as { qty: number }).qty }] }), updatedAt: '2025-11-22T03:00:00.000Z' }),
    );
    const queryClient = setup(orderDetail({ statusId: 1102, products: [line] }));
    open('edit-quantity');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jumlah' });
    await userEvent.click(within(dialog).getByTestId('edit-quantity-increase'));
    expect(useScanStore.getState().products[0]).toMatchObject({ productID: '20001', qty: 1, qtyEdit: 2 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = server.callsTo(`/api/orders/${SHP}/lines/11/quantity`)[0]!;
    expect(call.body).toEqual({ qty: 2 });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    expect(useScanStore.getState().products[0]).toMatchObject({ qty: 2, qtyEdit: 2 });
    expect(queryClient.getQueryData<OrderDetail>(orderKeys.detail(SHP))!.products[0]!.qtyPicked).toBe(2);
  });

  it('shows a refusal inside the modal (one modal at a time)', async () => {
    mockFetch().on('POST', `/api/orders/${SHP}/lines/11/quantity`, fail(422, 'QUANTITY_EXCEEDS_ORDER', 'Jumlah melebihi jumlah pesanan dikurangi produk kosong.', [{ path: 'body.qty', message: 'Maksimal 1.' }]));
    setup(orderDetail({ statusId: 1102, products: [orderLine({ qty: 3, qtyPicked: 1 })] }));
    open('edit-quantity');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jumlah' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Jumlah melebihi jumlah pesanan dikurangi produk kosong. Maksimal 1.');
  });
});

describe('out-of-stock modal', () => {
  it('offers what is not picked yet, never below 0 nor above ordered − picked', async () => {
    mockFetch();
    setup(orderDetail({ statusId: 1102, products: [orderLine({ qty: 5, qtyPicked: 2 })] }));
    open('out-of-stock');
    const dialog = await screen.findByRole('dialog', { name: 'Stok Kosong' });
    const value = within(dialog).getByTestId('oos-value');
    expect(value).toHaveValue(3);
    expect(within(dialog).getByTestId('oos-increase')).toBeDisabled();
    expect(dialog).toHaveTextContent('Maksimal 3 (dipesan 5, sudah diambil 2).');
    for (let i = 0; i < 5; i++) await userEvent.click(within(dialog).getByTestId('oos-decrease')).catch(() => {});
    expect(value).toHaveValue(0);
    expect(within(dialog).getByTestId('oos-decrease')).toBeDisabled();
    fireEvent.change(value, { target: { value: '-1' } });
    expect(value).toHaveValue(0);
  });

  it('leaves out the units booked from other stores that have not arrived (the stepper and its text follow)', async () => {
    mockFetch();
    setup(
      orderDetail({
        statusId: 1102,
        products: [orderLine({ qty: 5, qtyPicked: 1 })],
        bookings: [
          orderBooking({ bookID: 1, qtyOos: 1, status: 1131 }),
          orderBooking({ bookID: 2, qtyOos: 1, status: 1132 }),
          // Arrived (1133): on the shelf now, no longer held against the line.
          orderBooking({ bookID: 3, qtyOos: 2, status: 1133 }),
          // Another line's booking.
          orderBooking({ bookID: 4, qtyOos: 3, status: 1131, lineId: 12 }),
        ],
      }),
    );
    open('out-of-stock');
    const dialog = await screen.findByRole('dialog', { name: 'Stok Kosong' });
    const value = within(dialog).getByTestId('oos-value');
    // 5 ordered − 1 picked − 2 booked.
    expect(value).toHaveValue(2);
    expect(within(dialog).getByTestId('oos-increase')).toBeDisabled();
    expect(dialog).toHaveTextContent('Maksimal 2 (dipesan 5, sudah diambil 1, dibooking 2).');
    expect(dialog).toHaveTextContent('Jumlah diambil + kosong + dibooking tidak boleh melebihi jumlah pesanan.');
    fireEvent.change(value, { target: { value: '4' } });
    expect(value).toHaveValue(2);
  });

  it('saves attrQtyOos and mirrors it in the scan store', async () => {
    const line = orderLine({ qty: 2 });
    const server = mockFetch().on('POST', `/api/orders/${SHP}/lines/11/out-of-stock`, (call) =>
      ok({ ...orderDetail({ statusId: 1102, products: [{ ...line, attrQtyOos: (call.body as { qtyOos: number }).qtyOos }] }), updatedAt: '2025-11-22T03:00:00.000Z' }),
    );
    setup(orderDetail({ statusId: 1102, products: [line] }));
    open('out-of-stock');
    const dialog = await screen.findByRole('dialog', { name: 'Stok Kosong' });
    await userEvent.click(within(dialog).getByTestId('oos-decrease'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo(`/api/orders/${SHP}/lines/11/out-of-stock`)[0]!.body).toEqual({ qtyOos: 1 });
    expect(useScanStore.getState().products[0]).toMatchObject({ productID: '20001', attrQtyOos: 1 });
  });
});
