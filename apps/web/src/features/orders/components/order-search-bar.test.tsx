import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal, openModal } from '@/shared/modal/modal-store';
import { clearFilters, useFilterStore } from '@/shared/stores/filter-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail } from '@/test/fixtures';
import { renderWithRouter, testQueryClient } from '@/test/render';
import { orderKeys } from '../query-keys';
import { OrderSearchBar, SEARCH_DEBOUNCE_MS, shipmentNoIn } from './order-search-bar';

// jsdom has no camera: the stand-in "sees" whatever code the test puts in front of it.
vi.mock('@/shared/scanner/camera-scanner', () => ({
  CameraScanner: ({ onFrame }: { onFrame: (codes: string[], at: number) => void }) => (
    <div data-testid="camera-scanner">
      <button type="button" onClick={() => onFrame([document.body.dataset.cameraCode ?? ''], performance.now())}>
        kamera melihat kode
      </button>
    </div>
  ),
}));

function Detail() {
  const { status, shipmentNo, method } = useParams();
  return <p data-testid="detail">{`${status}/${shipmentNo}/${method}`}</p>;
}

function renderBar(queryClient = testQueryClient()) {
  return renderWithRouter(
    [
      { path: '/list-done', element: <OrderSearchBar /> },
      { path: '/order/detail/:status/:shipmentNo/:method', element: <Detail /> },
    ],
    { initialEntries: ['/list-done'], queryClient },
  );
}

/** A hardware scanner: every character then Enter, within the same few milliseconds. */
function wedge(text: string, target: Element = document.body) {
  for (const key of text) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

const field = () => screen.getByRole('searchbox', { name: 'Cari no. shipment atau no. order' });

beforeEach(() => {
  resetClientStateForTests();
  clearFilters();
  act(() => closeModal());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  onlineManager.setOnline(true);
  delete document.body.dataset.cameraCode;
});

describe('shipmentNoIn', () => {
  it("finds Gerai's shipmentNo alone or inside a label / pickup QR, and nothing in order numbers", () => {
    expect(shipmentNoIn(' shp2511220000001 ')).toBe('SHP2511220000001');
    expect(shipmentNoIn('SHP2511220000001|482913')).toBe('SHP2511220000001');
    expect(shipmentNoIn('GERAI:PICKUP:SHP2511220000001:482913')).toBe('SHP2511220000001');
    // Order numbers fit the API's looser shipment pattern, but are searched, not opened.
    expect(shipmentNoIn('AGF251122000001')).toBeNull();
    expect(shipmentNoIn('SHP25112200')).toBeNull();
    expect(shipmentNoIn('E2E-1732240000000')).toBeNull();
    expect(shipmentNoIn('')).toBeNull();
  });
});

describe('OrderSearchBar', () => {
  it('is one compact row: a labelled field for codes and a scan button, both at least 44 px', () => {
    mockFetch();
    renderBar();
    expect(screen.getByRole('search', { name: 'Pencarian pesanan' })).toBeInTheDocument();
    expect(field()).toHaveAttribute('placeholder', 'Cari / scan no. shipment / order');
    expect(field()).toHaveAttribute('enterkeyhint', 'search');
    expect(field()).toHaveAttribute('inputmode', 'text');
    expect(field()).toHaveClass('min-h-11');
    expect(screen.getByRole('button', { name: 'Scan label pesanan' })).toHaveClass('size-11');
    // Nothing to clear yet.
    expect(screen.queryByRole('button', { name: 'Hapus pencarian' })).not.toBeInTheDocument();
  });

  it('puts typing into the filter store once it rests, and the clear button empties it at once', async () => {
    mockFetch();
    renderBar();
    const user = userEvent.setup();
    await user.type(field(), 'Budi ');
    // Still typing: the list is not asked for every key.
    expect(useFilterStore.getState().query).toBe('');
    await waitFor(() => expect(useFilterStore.getState().query).toBe('Budi'));
    // The trailing space the crew is typing stays in the field.
    expect(field()).toHaveValue('Budi ');
    await user.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(useFilterStore.getState().query).toBe('');
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
  });

  it('waits the debounce before filtering', () => {
    vi.useFakeTimers();
    mockFetch();
    renderBar();
    fireEvent.change(field(), { target: { value: 'AGF2511' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(useFilterStore.getState().query).toBe('');
    act(() => vi.advanceTimersByTime(50));
    expect(useFilterStore.getState().query).toBe('AGF2511');
  });

  it('follows the query set elsewhere (filter dialog, "Hapus filter")', () => {
    mockFetch();
    renderBar();
    act(() => useFilterStore.getState().setFilters({ query: 'SHP25' }));
    expect(field()).toHaveValue('SHP25');
    act(() => clearFilters());
    expect(field()).toHaveValue('');
  });

  it('Enter on an order number filters at once; Enter on a shipmentNo opens its detail whatever its status', async () => {
    const server = mockFetch().on('GET', '/api/orders/SHP2511220000009', ok(orderDetail({ shipmentNo: 'SHP2511220000009', statusId: 1105, deliveryType: 1 })));
    const { queryClient } = renderBar();
    const user = userEvent.setup();
    await user.type(field(), 'AGF251122000001{Enter}');
    expect(useFilterStore.getState().query).toBe('AGF251122000001');
    expect(server.callsTo('/api/orders/AGF251122000001')).toHaveLength(0);

    await user.clear(field());
    await user.type(field(), 'shp2511220000009{Enter}');
    expect(await screen.findByTestId('detail')).toHaveTextContent('1105/SHP2511220000009/delivery');
    expect(server.callsTo('/api/orders/SHP2511220000009')).toHaveLength(1);
    // Read through the detail query: the detail page starts from the cache.
    expect(queryClient.getQueryData(orderKeys.detail('SHP2511220000009'))).toMatchObject({ statusId: 1105 });
  });

  it('a hardware scanner scan lands in the search: a shipment opens, any other code filters', async () => {
    mockFetch().on('GET', '/api/orders/SHP2511220000001', ok(orderDetail({ statusId: 1103 })));
    renderBar();
    wedge('AGF251122000001');
    expect(field()).toHaveValue('AGF251122000001');
    expect(useFilterStore.getState().query).toBe('AGF251122000001');

    wedge('SHP2511220000001|482913');
    expect(await screen.findByTestId('detail')).toHaveTextContent('1103/SHP2511220000001/pickup');
  });

  it('leaves the hardware scanner to a modal that is open', () => {
    mockFetch();
    renderBar();
    act(() => void openModal({ title: 'Info', message: 'Halo' }));
    wedge('AGF251122000001');
    expect(useFilterStore.getState().query).toBe('');
  });

  it('the scan button opens the camera; a scanned label opens its order', async () => {
    mockFetch().on('GET', '/api/orders/SHP2511220000002', ok(orderDetail({ shipmentNo: 'SHP2511220000002', statusId: 1102 })));
    renderBar();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scan label pesanan' }));
    expect(screen.getByRole('button', { name: 'Scan label pesanan' })).toHaveAttribute('aria-pressed', 'true');
    document.body.dataset.cameraCode = 'SHP2511220000002';
    await user.click(await screen.findByRole('button', { name: 'kamera melihat kode' }));
    expect(await screen.findByTestId('detail')).toHaveTextContent('1102/SHP2511220000002/pickup');
  });

  it('says inline when the shipment is not in this store, keeps the text and the list query', async () => {
    useFilterStore.getState().setFilters({ query: 'Budi' });
    mockFetch().on('GET', '/api/orders/SHP2511229999999', fail(404, 'ORDER_NOT_FOUND', 'Pesanan tidak ditemukan.'));
    renderBar();
    document.body.dataset.cameraCode = 'SHP2511229999999';
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scan label pesanan' }));
    await user.click(await screen.findByRole('button', { name: 'kamera melihat kode' }));
    expect(await screen.findByText('Pesanan SHP2511229999999 tidak ditemukan di toko ini.')).toBeInTheDocument();
    expect(field()).toHaveValue('SHP2511229999999');
    expect(field()).toHaveAccessibleDescription('Pesanan SHP2511229999999 tidak ditemukan di toko ini.');
    expect(screen.queryByTestId('camera-scanner')).not.toBeInTheDocument();
    // The list is left as it was.
    expect(useFilterStore.getState().query).toBe('Budi');
    // Editing the text takes the message away.
    await user.type(field(), '{Backspace}');
    expect(screen.queryByTestId('order-search-message')).not.toBeInTheDocument();
  });

  it('offline, opens an order this phone has read before, and says so for one it has not', async () => {
    const server = mockFetch();
    const queryClient = testQueryClient();
    queryClient.setQueryData(orderKeys.detail('SHP2511220000003'), orderDetail({ shipmentNo: 'SHP2511220000003', statusId: 1104 }));
    onlineManager.setOnline(false);
    renderBar(queryClient);
    const user = userEvent.setup();
    await user.type(field(), 'SHP2511220000004{Enter}');
    expect(await screen.findByText('Pesanan SHP2511220000004 belum tersimpan di HP ini. Sambungkan internet untuk membukanya.')).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), 'SHP2511220000003{Enter}');
    expect(await screen.findByTestId('detail')).toHaveTextContent('1104/SHP2511220000003/pickup');
    expect(server.calls).toHaveLength(0);
  });

  it('a failed read opens the copy the phone has, else says to try again', async () => {
    mockFetch().on('GET', /^\/api\/orders\/SHP/, fail(503, 'SERVICE_UNAVAILABLE', 'Server sibuk.'));
    const queryClient = testQueryClient();
    renderBar(queryClient);
    const user = userEvent.setup();
    await user.type(field(), 'SHP2511220000005{Enter}');
    expect(await screen.findByText('Pesanan SHP2511220000005 belum bisa dibuka. Periksa koneksi lalu coba lagi.')).toBeInTheDocument();

    queryClient.setQueryData(orderKeys.detail('SHP2511220000005'), orderDetail({ shipmentNo: 'SHP2511220000005', statusId: 1106 }));
    // Stale at once, so the server is asked (and fails) before the copy is used.
    await act(() => queryClient.invalidateQueries({ queryKey: orderKeys.detail('SHP2511220000005'), refetchType: 'none' }));
    await user.click(field());
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('detail')).toHaveTextContent('1106/SHP2511220000005/pickup');
  });
});
