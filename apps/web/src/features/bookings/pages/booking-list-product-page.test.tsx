import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { BOOK_ID, SHP, bookingCount, bookingEvent, bookingItem, page, productGroup, queryOf, renderPage } from '../bookings-test-kit';
import BookingListProductPage from './booking-list-product-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const GROUPS = '/api/bookings/by-product';
const LIST = '/api/bookings';
const COUNT = '/api/bookings/count';

const renderList = (search = '') =>
  renderPage(
    [
      { path: '/booking-list-product', element: <BookingListProductPage /> },
      { path: '/get-product/:id', element: <p>detail booking</p> },
    ],
    `/booking-list-product${search}`,
  );

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('booking list by product (/booking-list-product)', () => {
  it('shows the products with their counts per status, requests to my store first', async () => {
    const server = mockFetch()
      .on('GET', GROUPS, ok(page([productGroup(), productGroup({ productId: '20002', productName: 'Teh Botol Sosro 450ml', total: 1, waiting: 0, taken: 0, done: 1, refused: 0, qtyOos: 1 })])))
      .on('GET', COUNT, ok(bookingCount({ incomingWaiting: 2, outgoingRefused: 1 })));
    renderList();
    const card = await screen.findByTestId('product-group-20001');
    expect(card).toHaveAttribute('href', '/booking-list-product?productId=20001');
    expect(card).toHaveTextContent('Indomie Goreng 85g');
    expect(within(card).getByTestId('group-count-1131')).toHaveTextContent('Menunggu 1');
    expect(within(card).getByTestId('group-count-1132')).toHaveTextContent('Diambil 1');
    expect(within(card).getByTestId('group-count-1133')).toHaveTextContent('Selesai 0');
    expect(within(card).getByTestId('group-count-1134')).toHaveTextContent('Ditolak 1');
    expect(within(card).getByTestId('group-units')).toHaveTextContent('5 unit');
    expect(screen.getByTestId('booking-product-groups-total')).toHaveTextContent('2 produk');
    expect(queryOf(server.callsTo(GROUPS)[0]!)).toEqual({ direction: 'in', page: '1', size: '20' });
    // The tabs carry what waits: requests to take, my bookings refused.
    expect(await screen.findByRole('button', { name: 'Permintaan masuk: 2 menunggu diambil' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Booking saya: 1 ditolak, perlu ditawarkan ulang' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches direction and status: the URL and the request follow', async () => {
    const server = mockFetch().on('GET', GROUPS, ok(page([productGroup()]))).on('GET', COUNT, ok(bookingCount()));
    const user = userEvent.setup();
    renderList();
    await screen.findByTestId('product-group-20001');
    await user.click(screen.getByTestId('booking-direction-out'));
    await user.click(screen.getByRole('button', { name: 'Ditolak' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/booking-list-product?direction=out&status=1134');
    await waitFor(() => expect(queryOf(server.callsTo(GROUPS).at(-1)!)).toEqual({ direction: 'out', status: '1134', page: '1', size: '20' }));
    expect(screen.getByRole('button', { name: 'Ditolak' })).toHaveAttribute('aria-pressed', 'true');
    // "Per toko" keeps the filters.
    expect(screen.getByTestId('booking-grouping-store')).toHaveAttribute('href', '/booking-list-store?direction=out&status=1134');
  });

  it("a product's bookings: its cards, storeTaken and stockTaken as \"-\" exactly while no store has taken it, back to the products", async () => {
    const items = [
      bookingItem(),
      bookingItem({ bookID: 42, bookingNo: 'BK251122000042', status: 1132, storeTaken: 'T002', stockTaken: 2 }),
      bookingItem({ bookID: 43, bookingNo: 'BK251122000043', status: 1133, storeTaken: 'T003', stockTaken: 1 }),
      bookingItem({ bookID: 44, bookingNo: 'BK251122000044', status: 1134 }),
    ];
    const server = mockFetch()
      .on('GET', GROUPS, ok(page([productGroup()])))
      .on('GET', LIST, ok(page(items)))
      .on('GET', COUNT, ok(bookingCount()));
    const user = userEvent.setup();
    renderList('?direction=out');
    await user.click(await screen.findByTestId('product-group-20001'));
    expect(screen.getByTestId('where')).toHaveTextContent('/booking-list-product?direction=out&productId=20001');
    const waiting = await screen.findByTestId(`booking-card-${BOOK_ID}`);
    expect(queryOf(server.callsTo(LIST)[0]!)).toEqual({ direction: 'out', productId: '20001', page: '1', size: '20' });
    expect(screen.getByTestId('booking-group-name')).toHaveTextContent('Indomie Goreng 85g');
    expect(waiting).toHaveAttribute('href', `/get-product/${BOOK_ID}`);
    expect(waiting).toHaveTextContent('BK251122000041');
    expect(waiting).toHaveTextContent(SHP);
    expect(waiting).toHaveTextContent('2 unit');
    expect(waiting).toHaveTextContent('Ke Toko Bangka Raya');
    expect(waiting).toHaveTextContent('Menunggu');
    const taken = (id: number) => [within(screen.getByTestId(`booking-card-${id}`)).getByTestId('booking-card-store-taken').textContent, within(screen.getByTestId(`booking-card-${id}`)).getByTestId('booking-card-stock-taken').textContent];
    expect(taken(41)).toEqual(['-', '-']);
    expect(taken(42)).toEqual(['T002', '2']);
    expect(taken(43)).toEqual(['T003', '1']);
    expect(taken(44)).toEqual(['-', '-']);

    await user.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(await screen.findByTestId('product-group-20001')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/\/booking-list-product\?direction=out$/);
  });

  it('a request addressed to my store names the store that asked', async () => {
    mockFetch()
      .on('GET', LIST, ok(page([bookingItem({ direction: 'in', storeCode: 'T005', storeName: 'Toko Tegal Parang' })])))
      .on('GET', COUNT, ok(bookingCount({ incomingWaiting: 1 })));
    renderList('?productId=20001');
    expect(await screen.findByTestId('booking-card-other')).toHaveTextContent('Dari Toko Tegal Parang');
  });

  it('searches, and says when nothing matches, with a way to clear', async () => {
    const server = mockFetch()
      .on('GET', GROUPS, (call) => ok(page(queryOf(call).q ? [] : [productGroup()])))
      .on('GET', COUNT, ok(bookingCount()));
    const user = userEvent.setup();
    renderList();
    await screen.findByTestId('product-group-20001');
    await user.type(screen.getByLabelText('Cari produk'), 'susu{Enter}');
    expect(await screen.findByText('Tidak ada booking yang cocok dengan saringan.')).toBeInTheDocument();
    expect(queryOf(server.callsTo(GROUPS).at(-1)!)).toMatchObject({ q: 'susu' });
    await user.click(screen.getAllByRole('button', { name: 'Hapus filter' }).at(-1)!);
    expect(await screen.findByTestId('product-group-20001')).toBeInTheDocument();
    expect(screen.getByLabelText('Cari produk')).toHaveValue('');
  });

  it('an empty direction says where bookings come from', async () => {
    mockFetch().on('GET', GROUPS, ok(page([]))).on('GET', COUNT, ok(bookingCount()));
    renderList('?direction=out');
    expect(await screen.findByText('Booking stok dibuat dari layar picking saat barang pesanan kurang.')).toBeInTheDocument();
  });

  it('a failed load shows the reason and a retry', async () => {
    const server = mockFetch()
      .on('GET', GROUPS, (_c, n) => (n === 1 ? fail(400, 'VALIDATION_FAILED', 'Status booking tidak dikenal') : ok(page([productGroup()]))))
      .on('GET', COUNT, ok(bookingCount()));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('Daftar booking gagal dimuat.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('product-group-20001')).toBeInTheDocument();
    expect(server.callsTo(GROUPS)).toHaveLength(2);
  });

  it('a request from another store arrives live: the groups and the counts are read again', async () => {
    let groups = [productGroup({ waiting: 0 })];
    let waiting = 0;
    mockFetch()
      .on('GET', GROUPS, () => ok(page(groups)))
      .on('GET', COUNT, () => ok(bookingCount({ incomingWaiting: waiting })));
    renderList();
    const card = await screen.findByTestId('product-group-20001');
    expect(within(card).getByTestId('group-count-1131')).toHaveTextContent('Menunggu 0');
    groups = [productGroup({ waiting: 1 })];
    waiting = 1;
    emitEvent('booking.requested', { ...bookingEvent({ status: 1131, storeTaken: null, stockTaken: null }), action: 'requested' });
    await waitFor(() => expect(within(screen.getByTestId('product-group-20001')).getByTestId('group-count-1131')).toHaveTextContent('Menunggu 1'));
    await waitFor(() => expect(screen.getByTestId('booking-direction-in-count')).toHaveTextContent('1'));
  });
});
