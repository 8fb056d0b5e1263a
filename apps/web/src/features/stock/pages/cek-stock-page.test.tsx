import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok, type RecordedCall } from '@/test/fetch-mock';
import { emitAndApply } from '@/test/live';
import { renderWithRouter } from '@/test/render';
import { OTHER_STORES_REFRESH_MS, stockLookupQueryOptions } from '../api/get-stock-lookup';
import { product, searchItem, searchPage, stockLookup, storeStock } from '../stock-test-kit';
import CekStockPage from './cek-stock-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const SEARCH = '/api/stock/products';
const LOOKUP = `/api/stock/products/${product.productID}`;
const BARCODE = `/api/stock/barcode/${product.barcode}`;

const params = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderPage(initial = '/cek-stock') {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [{ path: '/cek-stock', element: <CekStockPage /> }],
      },
    ],
    { initialEntries: [initial] },
  );
}

const bookingEvent = {
  bookID: 41,
  bookDetID: 41,
  bookingNo: 'BK251122000041',
  shipmentNo: 'SHP2511220000001',
  productId: product.productID,
  qtyOos: 1,
  status: 1132,
  orderingStore: 'T002',
  servingStore: 'T001',
  storeTaken: 'T001',
  stockTaken: 1,
  actorName: 'Budi Santoso',
};

beforeEach(() => {
  resetClientStateForTests();
  vi.mocked(signal).mockClear();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('/cek-stock', () => {
  it('invites to scan or search before anything is asked', () => {
    const server = mockFetch();
    renderPage();
    expect(screen.getByText('Cek stok produk')).toBeInTheDocument();
    expect(screen.getByTestId('scanner-panel')).toBeInTheDocument();
    expect(screen.getByTestId('stock-scan-feedback')).toHaveTextContent('Scanner genggam siap');
    expect(server.calls).toHaveLength(0);
  });

  it('searches by name once typing rests, then shows the chosen product with the stores in the order served', async () => {
    const server = mockFetch()
      .on('GET', SEARCH, ok(searchPage([searchItem(), searchItem({ productID: '20007', barcode: '8991234567000', name: 'Indomie Soto 75g', qty: 0, qtyReserved: 0 })])))
      .on('GET', LOOKUP, ok(stockLookup()));
    const { router } = renderPage();
    const field = screen.getByRole('searchbox', { name: 'Cari nama produk' });
    await userEvent.type(field, 'i');
    // One letter is not a search yet: said, not asked.
    expect(screen.getByTestId('stock-scan-feedback')).toHaveTextContent('Ketik minimal 2 huruf untuk mencari.');
    await userEvent.type(field, 'ndo');

    const results = await screen.findByTestId('stock-results');
    expect(within(results).getByTestId('stock-results-total')).toHaveTextContent('2 produk');
    expect(within(results).getByTestId('stock-item-20001-qty')).toHaveTextContent('12');
    expect(server.callsTo(SEARCH).map((c) => params(c).get('q'))).toEqual(['indo']);
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?q=indo');

    await userEvent.click(within(results).getByRole('button', { name: 'Lihat stok Indomie Goreng 85g' }));
    const lookup = await screen.findByTestId('stock-lookup');
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?q=indo&productId=20001');
    expect(within(lookup).getByTestId('stock-product-name')).toHaveTextContent('Indomie Goreng 85g');
    expect(within(lookup).getByTestId('stock-product-price')).toHaveTextContent('Rp 3.500 / pcs');
    expect(within(lookup).getByTestId('stock-my-qty')).toHaveTextContent('12');
    expect(within(lookup).getByTestId('stock-my-reserved')).toHaveTextContent('Dipesan toko lain: 3');

    // Nearest first, exactly as the server sorted them, with where each store is.
    const rows = within(screen.getByTestId('stock-nearby')).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['stock-store-T002', 'stock-store-T005', 'stock-store-T003', 'stock-store-T009']);
    expect(within(rows[0]!).getByTestId('stock-distance')).toHaveTextContent('350 m');
    expect(within(rows[0]!).getByTestId('stock-proximity')).toHaveTextContent('Kelurahan sama');
    expect(rows[0]).toHaveTextContent('Bangka, Mampang Prapatan');
    expect(within(rows[0]!).getByRole('link', { name: 'Telepon Toko Bangka Raya' })).toHaveAttribute('href', 'tel:0217190002');
    expect(within(rows[1]!).getByTestId('stock-distance')).toHaveTextContent('1,2 km');
    expect(within(rows[1]!).getByTestId('stock-proximity')).toHaveTextContent('Kecamatan sama');
    // No stock: greyed and said.
    expect(rows[1]).toHaveAttribute('data-in-stock', 'false');
    expect(rows[1]).toHaveTextContent('Habis');
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('dipesan 2');
    expect(within(rows[3]!).queryByTestId('stock-proximity')).not.toBeInTheDocument();
    expect(params(server.callsTo(LOOKUP)[0]!).get('inStockOnly')).toBeNull();

    // Back: the results again, the search text as it was.
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('stock-results')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Cari nama produk' })).toHaveValue('indo');
    expect(screen.queryByTestId('stock-lookup')).not.toBeInTheDocument();
  });

  it('a scanned barcode opens its product at once, keeping it in the URL', async () => {
    const server = mockFetch().on('GET', BARCODE, ok(stockLookup())).on('GET', LOOKUP, ok(stockLookup()));
    renderPage();
    await userEvent.type(screen.getByLabelText('Ketik barcode'), `${product.barcode}{Enter}`);
    expect(await screen.findByTestId('stock-lookup')).toHaveTextContent('Indomie Goreng 85g');
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?productId=20001');
    expect(signal).toHaveBeenCalledWith('success');
    expect(server.callsTo(BARCODE)).toHaveLength(1);
    // The product's lookup starts from the scan's answer: not read a second time.
    expect(server.callsTo(LOOKUP)).toHaveLength(0);
  });

  it('a barcode typed (or scanned) into the search field is looked up as a scan', async () => {
    const server = mockFetch().on('GET', BARCODE, ok(stockLookup()));
    renderPage();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Cari nama produk' }), `${product.barcode}{Enter}`);
    expect(await screen.findByTestId('stock-lookup')).toBeInTheDocument();
    expect(server.callsTo(BARCODE)).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Cari nama produk' })).toHaveValue('');
  });

  it('says clearly when a barcode is not a product, and keeps what was shown', async () => {
    mockFetch()
      .on('GET', LOOKUP, ok(stockLookup()))
      // Not in the catalogue: a normal answer (200 with null), not a 404.
      .on('GET', /^\/api\/stock\/barcode\//, ok(null));
    renderPage('/cek-stock?productId=20001');
    await screen.findByTestId('stock-lookup');
    await userEvent.type(screen.getByLabelText('Ketik barcode'), '4800000000001{Enter}');
    const feedback = screen.getByTestId('stock-scan-feedback');
    await waitFor(() => expect(feedback).toHaveTextContent('Barcode 4800000000001 tidak terdaftar. Periksa barcodenya atau cari dengan nama produk.'));
    expect(signal).toHaveBeenCalledWith('error');
    expect(screen.getByTestId('stock-lookup')).toHaveTextContent('Indomie Goreng 85g');
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?productId=20001');
  });

  it('a barcode typed into the search field that is not a product says so and keeps the product shown', async () => {
    mockFetch()
      .on('GET', LOOKUP, ok(stockLookup()))
      .on('GET', /^\/api\/stock\/barcode\//, ok(null));
    renderPage('/cek-stock?q=Indomie&productId=20001');
    await screen.findByTestId('stock-lookup');
    const field = screen.getByRole('searchbox', { name: 'Cari nama produk' });
    await userEvent.clear(field);
    await userEvent.type(field, '4800000000001{Enter}');
    await waitFor(() => expect(screen.getByTestId('stock-scan-feedback')).toHaveTextContent('Barcode 4800000000001 tidak terdaftar.'));
    expect(screen.getByTestId('stock-lookup')).toHaveTextContent('Indomie Goreng 85g');
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?productId=20001');
  });

  it('a product in the URL that is not in the catalogue (answered as null) says so, without a failure modal', async () => {
    mockFetch().on('GET', '/api/stock/products/99999', ok(null));
    renderPage('/cek-stock?productId=99999');
    expect(await screen.findByText('Produk tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByText('Produk 99999 tidak ada di katalog.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).not.toBeInTheDocument();
  });

  it("leads from the product's stock into the booking lists by area, for that product", async () => {
    mockFetch().on('GET', LOOKUP, ok(stockLookup()));
    renderPage('/cek-stock?productId=20001');
    const areas = await screen.findByRole('navigation', { name: 'Toko sekitar yang bisa melayani produk ini' });
    expect(within(areas).getByRole('link', { name: `Toko satu kelurahan yang punya stok ${product.name}` })).toHaveAttribute('href', '/booking-list-kelurahan?productId=20001');
    expect(within(areas).getByRole('link', { name: `Toko satu kecamatan yang punya stok ${product.name}` })).toHaveAttribute('href', '/booking-list-kecamatan?productId=20001');
  });

  it('a failed lookup offers a retry', async () => {
    let down = true;
    mockFetch().on('GET', LOOKUP, () => (down ? fail(403, 'FORBIDDEN', 'Anda tidak memiliki akses untuk tindakan ini.') : ok(stockLookup())));
    renderPage('/cek-stock?productId=20001');
    expect(await screen.findByText('Stok produk gagal dimuat.')).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('stock-lookup')).toBeInTheDocument();
  });

  it('"Hanya yang ada stok" asks the server for stores with stock, keeps the product shown, and stays in the URL', async () => {
    const server = mockFetch().on('GET', LOOKUP, (call) =>
      ok(params(call).get('inStockOnly') === 'true' ? stockLookup({ nearby: stockLookup().nearby.filter((s) => s.qty > 0) }) : stockLookup()),
    );
    renderPage('/cek-stock?productId=20001');
    await screen.findByTestId('stock-lookup');
    const toggle = screen.getByRole('button', { name: 'Hanya yang ada stok' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(screen.getByTestId('stock-lookup')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('stock-store-T005')).not.toBeInTheDocument());
    expect(params(server.callsTo(LOOKUP).at(-1)!).get('inStockOnly')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hanya yang ada stok' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?productId=20001&inStockOnly=true');
  });

  it('says when no nearby store has stock, with a way to see them all', async () => {
    mockFetch().on('GET', LOOKUP, (call) => ok(stockLookup({ nearby: params(call).get('inStockOnly') === 'true' ? [] : [storeStock({ storeCode: 'T002', storeName: 'Toko Bangka Raya', qty: 0 })] })));
    renderPage('/cek-stock?productId=20001&inStockOnly=true');
    expect(await screen.findByText('Toko terdekat tidak punya stok')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tampilkan semua toko' }));
    expect(await screen.findByTestId('stock-store-T002')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/cek-stock?productId=20001');
  });

  it("reads the lookup again when my store's stock may have moved, and not for events that move nothing shown", async () => {
    let qty = 12;
    const server = mockFetch().on('GET', LOOKUP, () => ok(stockLookup({ store: storeStock({ qty }) })));
    renderPage('/cek-stock?productId=20001');
    await screen.findByTestId('stock-lookup');
    const reads = () => server.callsTo(LOOKUP).length;
    expect(reads()).toBe(1);

    // Nothing shown moved: a cancellation before packing, another product's booking, a booking that reserves nothing.
    await emitAndApply(() => {
      emitEvent('order.cancelled', { shipmentNo: 'SHP1', orderNo: 'AMD1', fromStatus: 1102, statusId: 1106, action: 'cancel', actorName: 'Agus Setiawan', reason: 'Stok habis' });
      emitEvent('booking.taken', { ...bookingEvent, action: 'taken', productId: '20002' });
      emitEvent('booking.requested', { ...bookingEvent, action: 'requested', status: 1131, storeTaken: null, stockTaken: null });
    });
    expect(reads()).toBe(1);

    // A pack takes units off my store's books.
    qty = 10;
    emitEvent('order.packed', { shipmentNo: 'SHP1', orderNo: 'AMD1', fromStatus: 1102, statusId: 1103, action: 'pack', actorName: 'Budi Santoso' });
    await waitFor(() => expect(screen.getByTestId('stock-my-qty')).toHaveTextContent('10'));
    expect(reads()).toBe(2);

    // My store took a booking of this product: sellable → reserved.
    qty = 9;
    emitEvent('booking.taken', { ...bookingEvent, action: 'taken' });
    await waitFor(() => expect(screen.getByTestId('stock-my-qty')).toHaveTextContent('9'));
    expect(reads()).toBe(3);

    // A return received puts units back.
    qty = 11;
    emitEvent('return.received', { shipmentNo: 'SHP1', orderNo: 'AMD1', returnId: 9, status: 'received', actorName: 'Budi Santoso', sellable: 2, damaged: 0 });
    await waitFor(() => expect(screen.getByTestId('stock-my-qty')).toHaveTextContent('11'));

    // A transfer between two stores not shown moves nothing shown; one sent from my store does.
    const transfer = { matNo: 'MAT1', idTbsms: 'TB1', matStatus: 'process', locked: false, actorName: 'Budi Santoso', lineCount: 1, qtySent: 2 } as const;
    await emitAndApply(() => emitEvent('transfer.sent', { ...transfer, action: 'sent', senderStore: 'T040', receiverStore: 'T041' }));
    expect(reads()).toBe(4);
    qty = 9;
    emitEvent('transfer.sent', { ...transfer, action: 'sent', senderStore: 'T001', receiverStore: 'T002' });
    await waitFor(() => expect(screen.getByTestId('stock-my-qty')).toHaveTextContent('9'));
  });

  it("reads the other stores' stock again every 30 s while a product is shown", () => {
    expect(OTHER_STORES_REFRESH_MS).toBe(30_000);
    expect(stockLookupQueryOptions('20001', false).refetchInterval).toBe(30_000);
  });
});
