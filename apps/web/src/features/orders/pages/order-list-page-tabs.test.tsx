import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { useFilterStore } from '@/shared/stores/filter-store';
import { fail, ok } from '@/test/fetch-mock';
import { orderList, orderSummary } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import OrderListPage from './order-list-page';
import { LIST_PATHS, serveList, renderList, setUpOrderListTests } from './order-list-test-kit';

setUpOrderListTests();

describe('order lists', () => {
  it('shows the tabs with their count badges and the cards of the status', async () => {
    const server = serveList(
      ok(
        orderList([
          orderSummary(),
          orderSummary({ shipmentNo: 'SHP2511220000002', orderNo: 'JD251122000002', appId: 410, appName: 'jd', deliveryType: 1, customerName: 'Sabian Kasusra', itemCount: 5, price: 1250500 }),
        ]),
      ),
    );
    renderList('/order');

    const tabs = screen.getByRole('navigation', { name: 'Status pesanan' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent?.replace(/\d+$/, ''))).toEqual(['Baru', 'Picking', 'Proses', 'Selesai', 'History Pesanan', 'Batal']);
    expect(await within(tabs).findByRole('link', { name: 'Baru 4' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Selesai 5' })).toHaveAttribute('href', '/list-done');
    expect(screen.getByTestId('tab-1105-count')).toHaveTextContent('40');

    const card = await screen.findByTestId('order-card-SHP2511220000001');
    expect(card).toHaveAttribute('href', '/order/detail/1101/SHP2511220000001/pickup');
    expect(card).toHaveTextContent('Alfagift');
    expect(card).toHaveTextContent('Ambil di toko');
    expect(card).toHaveTextContent('No. order AGF251122000001');
    expect(card).toHaveTextContent('Nathania Julia');
    expect(card).toHaveTextContent('3 barang');
    expect(card).toHaveTextContent('Rp 45.000');
    expect(card).toHaveTextContent('12 menit lalu');
    // The card is named by what it shows (WCAG 2.5.3): a voice user says the shipment or the customer they see.
    expect(card).not.toHaveAttribute('aria-label');
    expect(card).toHaveAccessibleName(/SHP2511220000001.*Nathania Julia/);
    const second = screen.getByTestId('order-card-SHP2511220000002');
    expect(second).toHaveAttribute('href', '/order/detail/1101/SHP2511220000002/delivery');
    expect(second).toHaveTextContent('JD.ID');
    expect(second).toHaveTextContent('Diantar ke alamat');
    expect(second).toHaveTextContent('Rp 1.250.500');
    expect(screen.getByTestId('order-list-total')).toHaveTextContent('2 pesanan');

    const request = new URL(server.callsTo('/api/orders')[0]!.url, 'http://x');
    expect(Object.fromEntries(request.searchParams)).toEqual({ status: '1101', page: '1', size: '20' });
  });

  it('shows the picker and the picking progress on Picking cards', async () => {
    serveList(ok(orderList([orderSummary({ statusId: 1102, pickerName: 'Budi Santoso', progress: { qty: 5, picked: 2, oos: 1, resolved: 3, complete: false } })])));
    renderList('/list-packing');
    const card = await screen.findByTestId('order-card-SHP2511220000001');
    expect(card).toHaveTextContent('Picker: Budi Santoso');
    expect(card).toHaveTextContent('3/5 barang');
    expect(within(card).getByRole('progressbar', { name: 'Progres picking' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByRole('heading', { name: 'Pesanan Picking' })).toBeInTheDocument();
  });

  it('shows who cancelled a Batal order and why, with the app\'s section above the list on that list only', async () => {
    serveList(ok(orderList([orderSummary({ statusId: 1106, cancelledBy: 'Agus Setiawan', cancelReason: 'Stok habis' })])));
    const routes = (element: ReactElement) => [{ element: <Outlet />, children: LIST_PATHS.map((p) => ({ path: p, element })) }];
    const view = renderWithRouter(routes(<OrderListPage cancelPending={<p data-testid="slot">menunggu</p>} />), { initialEntries: ['/list-cancel'] });
    const card = await screen.findByTestId('order-card-SHP2511220000001');
    expect(within(card).getByTestId('order-card-cancelled')).toHaveTextContent('Dibatalkan oleh Agus Setiawan');
    expect(card).toHaveTextContent('Alasan: Stok habis');
    expect(screen.getByTestId('slot')).toBeInTheDocument();
    await act(() => view.router.navigate('/order'));
    expect(await screen.findByRole('heading', { name: 'Pesanan' })).toBeInTheDocument();
    expect(screen.queryByTestId('slot')).not.toBeInTheDocument();
  });

  it('shows skeletons first, then an empty state', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    serveList(async () => {
      await gate;
      return ok(orderList([]));
    });
    renderList('/list-cancel');
    expect(screen.getByTestId('order-list-loading')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Belum ada pesanan')).toBeInTheDocument();
    expect(screen.getByText('Tidak ada pesanan yang dibatalkan.')).toBeInTheDocument();
  });

  it('shows an error with the server message and recovers on retry', async () => {
    let fails = true;
    serveList(() => (fails ? fail(400, 'STORE_REQUIRED', 'Pilih toko terlebih dahulu.') : ok(orderList([orderSummary()]))));
    renderList('/order');
    expect(await screen.findByText('Daftar pesanan gagal dimuat.')).toBeInTheDocument();
    expect(screen.getByText('Pilih toko terlebih dahulu.')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('order-card-SHP2511220000001')).toBeInTheDocument();
  });

  it('loads the next page (infinite list) without showing an order twice', async () => {
    const server = serveList((call) => {
      const page = new URL(call.url, 'http://x').searchParams.get('page');
      return page === '1'
        ? ok(orderList([orderSummary({ shipmentNo: 'SHP1' }), orderSummary({ shipmentNo: 'SHP2' })], { size: 2, total: 3 }))
        : ok(orderList([orderSummary({ shipmentNo: 'SHP2' }), orderSummary({ shipmentNo: 'SHP3' })], { page: 2, size: 2, total: 3 }));
    });
    renderList('/list-done');
    await screen.findByTestId('order-card-SHP1');
    // jsdom has no IntersectionObserver: the list offers a button instead.
    await userEvent.click(screen.getByRole('button', { name: 'Muat lebih banyak' }));
    expect(await screen.findByTestId('order-card-SHP3')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^order-card-SHP2$/)).toHaveLength(1);
    expect(screen.getByText('Semua pesanan sudah ditampilkan.')).toBeInTheDocument();
    expect(server.callsTo('/api/orders')).toHaveLength(2);
  });

  it('filters by date range, query and a channel of the facet, saved in the filter store', async () => {
    const server = serveList(
      ok(
        orderList([orderSummary()], {
          facet: {
            application: [
              { appId: 379, appName: 'alfagift', count: 3 },
              { appId: 91, appName: 'alfamind', count: 2 },
              { appId: 379, appName: 'alfagift', count: 1 },
            ],
          },
        }),
      ),
    );
    renderList('/list-done');
    await screen.findByTestId('order-card-SHP2511220000001');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter Pesanan' });
    // The facet is deduplicated: one Alfagift chip with the counts summed.
    expect(within(dialog).getAllByText(/Alfagift/)).toHaveLength(1);
    expect(within(dialog).getByText('Alfagift (4)')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Dari tanggal'), '2025-11-22');
    await userEvent.type(within(dialog).getByLabelText('Sampai tanggal'), '2025-11-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terapkan' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tanggal akhir tidak boleh sebelum tanggal awal.');

    await userEvent.clear(within(dialog).getByLabelText('Sampai tanggal'));
    await userEvent.type(within(dialog).getByLabelText('Sampai tanggal'), '2025-11-30');
    await userEvent.type(within(dialog).getByLabelText('Cari pesanan'), 'SHP25');
    await userEvent.click(within(dialog).getByText('Alfamind (2)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(useFilterStore.getState()).toMatchObject({ startDate: '2025-11-22', endDate: '2025-11-30', query: 'SHP25', appId: 91 });
    await waitFor(() => {
      const last = new URL(server.callsTo('/api/orders').at(-1)!.url, 'http://x');
      expect(Object.fromEntries(last.searchParams)).toEqual({ status: '1104', page: '1', size: '20', startDate: '2025-11-22', endDate: '2025-11-30', query: 'SHP25', appId: '91' });
    });
    expect(screen.getByTestId('active-filters')).toHaveTextContent('Alfamind');
    expect(screen.getByRole('button', { name: 'Filter aktif' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hapus filter' }));
    expect(useFilterStore.getState()).toMatchObject({ startDate: null, endDate: null, query: '', appId: null });
  });

  it('says when filters hide every order and lets the crew clear them', async () => {
    useFilterStore.getState().setFilters({ query: 'tidak-ada' });
    serveList(ok(orderList([])));
    renderList('/list-done');
    expect(await screen.findByText('Tidak ada pesanan yang cocok dengan filter.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Hapus filter' })[0]!);
    expect(useFilterStore.getState().query).toBe('');
  });

  it('History shows 1105 and switches to History Batal (1107)', async () => {
    const server = serveList((call) => {
      const status = new URL(call.url, 'http://x').searchParams.get('status');
      return ok(orderList([orderSummary({ shipmentNo: status === '1107' ? 'SHPBATAL' : 'SHPDONE', statusId: Number(status) })]));
    });
    const { router } = renderList('/history');
    expect(await screen.findByTestId('order-card-SHPDONE')).toHaveAttribute('href', '/order/detail/1105/SHPDONE/pickup');
    expect(screen.getByRole('button', { name: 'History Pesanan' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('History Pesanan');
    await userEvent.click(screen.getByRole('button', { name: 'History Batal' }));
    expect(await screen.findByTestId('order-card-SHPBATAL')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?jenis=batal');
    // The title names the side shown.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('History Batal');
    expect(server.callsTo('/api/orders').map((c) => new URL(c.url, 'http://x').searchParams.get('status'))).toEqual(['1105', '1107']);
  });
});
