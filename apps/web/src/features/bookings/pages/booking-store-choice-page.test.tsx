import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ERROR_MODAL, ERROR_MESSAGES } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { BOOK_ID, SHP, bookingDetail, bookingStore, page, proposal, queryOf, renderPage } from '../bookings-test-kit';
import BookingListKecamatanPage from './booking-list-kecamatan-page';
import BookingListKelurahanPage from './booking-list-kelurahan-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const PROPOSAL = '/api/bookings/proposal';
const STORES = '/api/bookings/stores';
const CREATE = '/api/bookings';
const DETAIL = `/api/bookings/${BOOK_ID}`;
const PRODUCT = '/api/stock/products/20001';
/** The stock lookup of the product the lists are opened for: its name and my store's stock (3). */
const stockLookup = () => ({
  product: { productID: '20001', barcode: '8991234567895', name: 'Indomie Goreng 85g', category: 'Mi instan', imageUrl: null, price: 3500, unit: 'pcs' },
  store: { ...bookingStore({ storeCode: 'T001', storeName: 'Toko Kemang Raya', qty: 3, distanceM: 0 }), isKelurahan: undefined },
  nearby: [],
});
const T003 = bookingStore({ storeCode: 'T003', storeName: 'Toko Tegal Parang', kelurahan: 'Tegal Parang', distanceM: 1450, proximity: 'kecamatan', isKelurahan: false, qty: 4 });

const FROM_PICKING = `?shipmentNo=${SHP}&lineId=11`;

const renderChoice = (path: string) =>
  renderPage(
    [
      { path: '/booking-list-kelurahan', element: <BookingListKelurahanPage /> },
      { path: '/booking-list-kecamatan', element: <BookingListKecamatanPage /> },
      { path: '/get-product/:id', element: <p>detail booking</p> },
    ],
    path,
  );

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('choosing the store to book from (/booking-list-kelurahan, /booking-list-kecamatan)', () => {
  it('from picking: the short line, a quantity up to what it lacks, and the stores with that much stock', async () => {
    const server = mockFetch()
      .on('GET', PROPOSAL, ok(proposal()))
      .on('GET', STORES, ok(page([bookingStore()])));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    const line = await screen.findByTestId('choice-line');
    expect(queryOf(server.callsTo(PROPOSAL)[0]!)).toEqual({ shipmentNo: SHP, lineId: '11' });
    expect(line).toHaveTextContent('Indomie Goreng 85g');
    expect(within(line).getByTestId('choice-line-ordered')).toHaveTextContent('5');
    expect(within(line).getByTestId('choice-line-picked')).toHaveTextContent('1');
    expect(within(line).getByTestId('choice-line-oos')).toHaveTextContent('1');
    expect(within(line).getByTestId('choice-line-booked')).toHaveTextContent('0');
    expect(within(line).getByTestId('choice-lacking')).toHaveTextContent('Kurang 3');

    // The quantity starts at what the line lacks and never leaves 1…lacking.
    expect(screen.getByTestId('booking-qty-value')).toHaveValue(3);
    expect(screen.getByTestId('booking-qty-increase')).toBeDisabled();
    const card = await screen.findByTestId('booking-store-T002');
    expect(queryOf(server.callsTo(STORES)[0]!)).toEqual({ productId: '20001', qty: '3', scope: 'kelurahan', page: '1', size: '20' });
    expect(card).toHaveTextContent('Toko Bangka Raya');
    expect(card).toHaveTextContent('T002 · Bangka, Mampang Prapatan');
    expect(within(card).getByTestId('booking-store-distance')).toHaveTextContent('320 m dari toko Anda');
    expect(within(card).getByTestId('booking-store-stock')).toHaveTextContent('Stok 12');

    await user.click(screen.getByTestId('booking-qty-decrease'));
    await user.click(screen.getByTestId('booking-qty-decrease'));
    expect(screen.getByTestId('booking-qty-value')).toHaveValue(1);
    expect(screen.getByTestId('booking-qty-decrease')).toBeDisabled();
    // The list follows the quantity (stores with at least that much), the cards staying in view meanwhile.
    await waitFor(() => expect(queryOf(server.callsTo(STORES).at(-1)!)).toMatchObject({ qty: '1' }));
    expect(screen.getByTestId('booking-store-T002')).toBeInTheDocument();
  });

  it('"Booking di sini" is confirmed, sends the line, quantity and store, and opens the new booking', async () => {
    const server = mockFetch()
      .on('GET', PROPOSAL, ok(proposal()))
      .on('GET', STORES, ok(page([bookingStore()])))
      .on('POST', CREATE, ok(bookingDetail({ qtyOos: 2 })));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    await screen.findByTestId('booking-store-T002');
    await user.click(screen.getByTestId('booking-qty-decrease'));
    await user.click(screen.getByRole('button', { name: 'Booking di Toko Bangka Raya' }));
    const modal = screen.getByRole('dialog', { name: 'Booking stok?' });
    expect(modal).toHaveTextContent('Minta 2 unit Indomie Goreng 85g dari Toko Bangka Raya (T002).');
    await user.click(within(modal).getByRole('button', { name: 'Ya, booking' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/get-product/${BOOK_ID}`));
    const post = server.callsTo(CREATE, 'POST')[0]!;
    expect(post.body).toEqual({ shipmentNo: SHP, lineId: 11, qty: 2, storeCode: 'T002' });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('toasts')).toHaveTextContent('Booking BK251122000041 dikirim ke Toko Bangka Raya.');
  });

  it('a store that no longer has the stock (409): the contract message and its detail, and the stores read again', async () => {
    const server = mockFetch()
      .on('GET', PROPOSAL, ok(proposal()))
      .on('GET', STORES, ok(page([bookingStore()])))
      .on('POST', CREATE, fail(409, 'BOOKING_STORE_STOCK_SHORT', 'teks server', [{ path: 'storeCode', message: 'Stok Toko Bangka Raya tinggal 1, tidak cukup untuk booking ini. Pilih toko lain.' }]));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    await user.click(await screen.findByTestId('book-T002'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, booking' }));
    const modal = await screen.findByRole('dialog', { name: DEFAULT_ERROR_MODAL.title });
    expect(modal).toHaveTextContent(ERROR_MESSAGES.BOOKING_STORE_STOCK_SHORT);
    expect(modal).toHaveTextContent('Stok Toko Bangka Raya tinggal 1');
    expect(modal).not.toHaveTextContent('teks server');
    await waitFor(() => expect(server.callsTo(STORES).length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('where')).toHaveTextContent('/booking-list-kelurahan');
  });

  it('a line that lacks nothing any more says so, without stores to book', async () => {
    const server = mockFetch().on('GET', PROPOSAL, ok(proposal({ qtyPicked: 3, qtyBooked: 1, lacking: 0 }, [])));
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    expect(await screen.findByText('Baris ini tidak kurang lagi')).toBeInTheDocument();
    expect(server.callsTo(STORES)).toHaveLength(0);
  });

  it('an order no longer in picking (409) says so in the contract\'s words', async () => {
    mockFetch().on('GET', PROPOSAL, fail(409, 'BOOKING_ORDER_NOT_PICKING', 'x'));
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    expect(await screen.findByText('Pesanan tidak sedang di-picking')).toBeInTheDocument();
    expect(screen.getByText(ERROR_MESSAGES.BOOKING_ORDER_NOT_PICKING)).toBeInTheDocument();
  });

  it('an empty kelurahan leads to the kecamatan, keeping the line; the kecamatan page reaches the nearest stores beyond it', async () => {
    const server = mockFetch()
      .on('GET', PROPOSAL, ok(proposal()))
      .on('GET', STORES, (call) => ok(page(queryOf(call).scope === 'kelurahan' ? [] : queryOf(call).scope === 'kecamatan' ? [] : [T003])));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    expect(await screen.findByText('Tidak ada toko di kelurahan Anda')).toBeInTheDocument();
    expect(screen.getByTestId('ring-kecamatan')).toHaveAttribute('href', `/booking-list-kecamatan${FROM_PICKING}`);
    await user.click(screen.getByRole('link', { name: 'Cari di kecamatan' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/booking-list-kecamatan${FROM_PICKING}`);
    expect(await screen.findByText('Tidak ada toko di kecamatan Anda')).toBeInTheDocument();
    expect(screen.getByTestId('ring-nearby')).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Cari toko terdekat di luar kecamatan' }));
    expect(await screen.findByTestId('booking-store-T003')).toBeInTheDocument();
    expect(screen.getByTestId('ring-nearby')).toHaveAttribute('aria-pressed', 'true');
    expect(queryOf(server.callsTo(STORES).at(-1)!)).toMatchObject({ scope: 'nearby', qty: '3' });
    // The other ring keeps the line, not the chip.
    expect(screen.getByTestId('ring-kelurahan')).toHaveAttribute('href', `/booking-list-kelurahan${FROM_PICKING}`);
  });

  it('a line that fails to load says so, with a retry', async () => {
    const server = mockFetch()
      .on('GET', PROPOSAL, (_c, n) => (n === 1 ? fail(403, 'FORBIDDEN', 'Akses ditolak.') : ok(proposal())))
      .on('GET', STORES, ok(page([bookingStore()])));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kelurahan${FROM_PICKING}`);
    expect(await screen.findByText('Data baris pesanan gagal dimuat.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('booking-store-T002')).toBeInTheDocument();
    expect(server.callsTo(PROPOSAL)).toHaveLength(2);
  });

  it('searches the stores by code or name', async () => {
    const server = mockFetch()
      .on('GET', PROPOSAL, ok(proposal()))
      .on('GET', STORES, ok(page([bookingStore()])));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kecamatan${FROM_PICKING}`);
    await screen.findByTestId('booking-store-T002');
    await user.type(screen.getByLabelText('Cari toko'), 'T002{Enter}');
    await waitFor(() => expect(queryOf(server.callsTo(STORES).at(-1)!)).toMatchObject({ q: 'T002', scope: 'kecamatan' }));
    expect(screen.getByTestId('where')).toHaveTextContent('q=T002');
  });

  it('re-offer of a refused booking: the stores without those that refused, "Tawarkan ke toko ini" sends the store', async () => {
    const refused = bookingDetail({ status: 1134, refusedBy: [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }], refuseReason: 'Stok rusak', actions: ['reoffer', 'cancel'] });
    const server = mockFetch()
      .on('GET', DETAIL, ok(refused))
      .on('GET', STORES, ok(page([T003])))
      .on('POST', `${DETAIL}/reoffer`, ok(bookingDetail({ status: 1131, offeredTo: { storeCode: 'T003', storeName: 'Toko Tegal Parang' }, refusedBy: refused.refusedBy })));
    const user = userEvent.setup();
    renderChoice(`/booking-list-kecamatan?bookID=${BOOK_ID}`);
    const header = await screen.findByTestId('choice-booking');
    expect(header).toHaveTextContent('BK251122000041');
    expect(header).toHaveTextContent('Sudah menolak: Toko Bangka Raya');
    expect(header).toHaveTextContent('Alasan terakhir: Stok rusak');
    await screen.findByTestId('booking-store-T003');
    expect(queryOf(server.callsTo(STORES)[0]!)).toEqual({ productId: '20001', qty: '2', scope: 'kecamatan', bookID: String(BOOK_ID), page: '1', size: '20' });
    await user.click(screen.getByRole('button', { name: 'Tawarkan ke Toko Tegal Parang' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Tawarkan ulang booking?' })).getByRole('button', { name: 'Ya, tawarkan' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/get-product/${BOOK_ID}`));
    expect(server.callsTo(`${DETAIL}/reoffer`, 'POST')[0]!.body).toEqual({ storeCode: 'T003' });
    expect(screen.getByTestId('toasts')).toHaveTextContent('Booking BK251122000041 ditawarkan ke Toko Tegal Parang.');
  });

  it('a booking that cannot be re-offered any more shows no offer buttons', async () => {
    mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ status: 1131, actions: ['cancel'] })))
      .on('GET', STORES, ok(page([T003])));
    renderChoice(`/booking-list-kelurahan?bookID=${BOOK_ID}`);
    expect(await screen.findByTestId('choice-reoffer-closed')).toHaveTextContent('status Menunggu');
    await screen.findByTestId('booking-store-T003');
    expect(screen.queryByRole('button', { name: /Tawarkan ke/ })).not.toBeInTheDocument();
  });

  it('only looking (?productId&qty): the stores with that much stock, nothing to book', async () => {
    const server = mockFetch().on('GET', STORES, ok(page([bookingStore()]))).on('GET', PRODUCT, ok(stockLookup()));
    renderChoice('/booking-list-kelurahan?productId=20001&qty=4');
    await screen.findByTestId('booking-store-T002');
    expect(queryOf(server.callsTo(STORES)[0]!)).toMatchObject({ productId: '20001', qty: '4', scope: 'kelurahan' });
    expect(screen.queryByRole('button', { name: /Booking di/ })).not.toBeInTheDocument();
  });

  it('from /cek-stock (?productId): the product by name with my stock, the stores near mine that have it with stock and distance, a call button', async () => {
    const server = mockFetch()
      .on('GET', STORES, (call) => ok(page(queryOf(call).scope === 'kelurahan' ? [bookingStore()] : [bookingStore(), T003])))
      .on('GET', PRODUCT, ok(stockLookup()));
    renderChoice('/booking-list-kelurahan?productId=20001');
    expect(await screen.findByTestId('choice-product')).toHaveTextContent('Indomie Goreng 85g');
    expect(screen.getByTestId('choice-my-stock')).toHaveTextContent('Stok toko Anda: 3');
    const t002 = await screen.findByTestId('booking-store-T002');
    expect(within(t002).getByTestId('booking-store-stock')).toHaveTextContent('Stok 12');
    expect(within(t002).getByTestId('booking-store-distance')).toHaveTextContent('320 m dari toko Anda');
    expect(within(t002).getByRole('link', { name: 'Telepon Toko Bangka Raya' })).toHaveAttribute('href', 'tel:0217190002');
    // Any store that has it: at least one unit.
    expect(queryOf(server.callsTo(STORES)[0]!)).toMatchObject({ productId: '20001', qty: '1', scope: 'kelurahan' });
    await userEvent.click(screen.getByTestId('ring-kecamatan'));
    expect(await screen.findByTestId('booking-store-T003')).toBeInTheDocument();
    expect(queryOf(server.callsTo(STORES).at(-1)!)).toMatchObject({ productId: '20001', scope: 'kecamatan' });
  });

  it('a product the catalogue does not know (null) says so and leads to Cek Stok', async () => {
    mockFetch().on('GET', STORES, ok(page([]))).on('GET', '/api/stock/products/NOPE', ok(null));
    renderChoice('/booking-list-kelurahan?productId=NOPE');
    expect(await screen.findByText('Produk NOPE tidak ada di katalog. Cari produknya di Cek Stok.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buka Cek Stok' })).toHaveAttribute('href', '/cek-stock');
  });

  it('without a line, a booking or a product it explains what to do and leads to Cek Stok', async () => {
    const server = mockFetch();
    renderChoice('/booking-list-kecamatan');
    const box = await screen.findByTestId('choice-no-context');
    expect(box).toHaveTextContent('Pilih produknya dulu');
    expect(box).toHaveTextContent('Buka Cek Stok, lalu scan atau cari produknya.');
    expect(within(box).getByRole('link', { name: 'Buka Cek Stok' })).toHaveAttribute('href', '/cek-stock');
    expect(within(box).getByRole('link', { name: 'Ke daftar booking' })).toHaveAttribute('href', '/booking-list-product');
    expect(server.calls).toHaveLength(0);
  });
});
