import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFilterStore } from '@/shared/stores/filter-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderList, orderSummary } from '@/test/fixtures';
import { renderWithRouter, testQueryClient } from '@/test/render';
import { prefetchOrderScreenData } from '../utils/list-route';
import OrderListPage from './order-list-page';
import { serveList, renderList, setUpOrderListTests } from './order-list-test-kit';

setUpOrderListTests();

/** A hardware scanner: every character then Enter, within the same few milliseconds. */
function wedge(text: string) {
  for (const key of text) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

describe('searching a list by shipment or order number', () => {
  const listQueries = (server: ReturnType<typeof mockFetch>) => server.callsTo('/api/orders').map((c) => new URL(c.url, 'http://x').searchParams.get('query'));

  it('typing in the search bar filters the list through the saved query, shown in the chips and the filter dialog', async () => {
    const server = serveList((call) =>
      ok(orderList(new URL(call.url, 'http://x').searchParams.get('query') ? [orderSummary({ shipmentNo: 'SHP2511220000002', orderNo: 'AGF251122000002' })] : [orderSummary(), orderSummary({ shipmentNo: 'SHP2511220000002', orderNo: 'AGF251122000002' })])),
    );
    renderList('/list-proses');
    await screen.findByTestId('order-card-SHP2511220000001');
    const search = screen.getByRole('search', { name: 'Pencarian pesanan' });
    await userEvent.type(within(search).getByRole('searchbox', { name: 'Cari no. shipment atau no. order' }), 'AGF251122000002');

    await waitFor(() => expect(screen.getByTestId('order-list-total')).toHaveTextContent('1 pesanan'));
    expect(screen.getByTestId('order-card-SHP2511220000002')).toBeInTheDocument();
    expect(screen.queryByTestId('order-card-SHP2511220000001')).not.toBeInTheDocument();
    // Debounced: one request for the whole number, not one per key.
    expect(listQueries(server)).toEqual([null, 'AGF251122000002']);
    const last = new URL(server.callsTo('/api/orders').at(-1)!.url, 'http://x');
    expect(Object.fromEntries(last.searchParams)).toEqual({ status: '1103', page: '1', size: '20', query: 'AGF251122000002' });
    expect(screen.getByTestId('active-filters')).toHaveTextContent('AGF251122000002');

    await userEvent.click(screen.getByRole('button', { name: 'Filter aktif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter Pesanan' });
    expect(within(dialog).getByLabelText('Cari pesanan')).toHaveValue('AGF251122000002');
  });

  it('a scanned shipment number opens its detail, whatever the list shows', async () => {
    const server = serveList(ok(orderList([orderSummary()])))
      .on('GET', '/api/orders/SHP2511220000007', ok(orderDetail({ shipmentNo: 'SHP2511220000007', statusId: 1104, deliveryType: 1 })));
    const { router } = renderList('/order');
    await screen.findByTestId('order-card-SHP2511220000001');
    wedge('SHP2511220000007');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/detail/1104/SHP2511220000007/delivery'));
    expect(await screen.findByText('detail')).toBeInTheDocument();
    expect(listQueries(server)).toEqual([null]);
  });

  it('a shipment number not in this store is said inline, with the text and the list kept', async () => {
    const server = serveList(ok(orderList([orderSummary()])))
      .on('GET', '/api/orders/SHP2511229999999', fail(404, 'ORDER_NOT_FOUND', 'Pesanan tidak ditemukan.'));
    const { router } = renderList('/list-done');
    await screen.findByTestId('order-card-SHP2511220000001');
    wedge('SHP2511229999999');

    expect(await screen.findByTestId('order-search-message')).toHaveTextContent('Pesanan SHP2511229999999 tidak ditemukan di toko ini.');
    expect(screen.getByRole('searchbox', { name: 'Cari no. shipment atau no. order' })).toHaveValue('SHP2511229999999');
    expect(screen.getByTestId('order-card-SHP2511220000001')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list-done');
    expect(listQueries(server)).toEqual([null]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('data asked for before the page code (prefetchOrderScreenData)', () => {
  it('the list opened at start shows the cards the shell asked for, without asking again', async () => {
    const server = serveList(ok(orderList([orderSummary()])));
    const queryClient = testQueryClient();
    // The shell asks while the page's code is on its way (router.tsx); a trailing slash as typed.
    prefetchOrderScreenData(queryClient, { pathname: '/order/', search: '' });
    await waitFor(() => expect(server.callsTo('/api/orders')).toHaveLength(1));

    renderWithRouter([{ path: '/order', element: <OrderListPage /> }], { initialEntries: ['/order'], queryClient });

    expect(await screen.findByTestId('order-card-SHP2511220000001')).toBeInTheDocument();
    expect(server.callsTo('/api/orders')).toHaveLength(1);
    expect(server.callsTo('/api/orders/count')).toHaveLength(1);
  });

  it('asks for the list History Batal shows under the saved filters, and nothing on other screens', async () => {
    const server = serveList(ok(orderList([])));
    act(() => useFilterStore.getState().setFilters({ query: 'budi' }));
    prefetchOrderScreenData(testQueryClient(), { pathname: '/history', search: '?jenis=batal' });
    await waitFor(() => expect(server.callsTo('/api/orders')).toHaveLength(1));
    const url = new URL(server.callsTo('/api/orders')[0]!.url, 'http://x');
    expect(url.searchParams.get('status')).toBe('1107');
    expect(url.searchParams.get('query')).toBe('budi');

    prefetchOrderScreenData(testQueryClient(), { pathname: '/akun', search: '' });
    expect(server.callsTo('/api/orders')).toHaveLength(1);
  });
});
