import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_DETAILS, ERROR_MESSAGES, type StockSearchItem, type TransferStore } from '@gerai/contract';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { AQUA, ID_TBSMS, INDOMIE, MAT_NO, PIN, QR, page, queryOf, renderPage, transferDetail, setUpMatScreenTests } from '../transfers-test-kit';
import { readSecret } from '../utils/secret-store';
import MatStorePage from './mat-store-page';

// Walks through a screen with many steps: more than the default 5 s on a loaded test machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const STORES = '/api/transfers/stores';
const CREATE = '/api/transfers';

const T002: TransferStore = { storeCode: 'T002', storeName: 'Toko Bangka Raya', kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan', city: 'Jakarta Selatan' };
const T003: TransferStore = { storeCode: 'T003', storeName: 'Toko Tegal Parang', kelurahan: 'Tegal Parang', kecamatan: 'Mampang Prapatan', city: 'Jakarta Selatan' };

function item(over: Partial<StockSearchItem> = {}): StockSearchItem {
  return { productID: '20001', barcode: INDOMIE, name: 'Indomie Goreng 85g', category: 'Mi instan', imageUrl: null, price: 3500, unit: 'pcs', qty: 2, qtyReserved: 0, ...over };
}
const aqua = item({ productID: '20002', barcode: AQUA, name: 'Aqua 600ml', qty: 10 });
const empty = item({ productID: '20003', barcode: '8990000000003', name: 'Teh Botol 350ml', qty: 0 });
/** A product whose name holds another's whole name: a refusal placed by its words would land on Indomie. */
const jumbo = item({ productID: '20009', barcode: '8990000000009', name: 'Indomie Goreng 85g Jumbo', qty: 5 });

/** The stock area's scan path as the route hands it: Indomie by barcode; anything else unknown (an empty answer, not a 404). */
const lookupBarcode = vi.fn(async (barcode: string): Promise<StockSearchItem | null> => (barcode === INDOMIE ? item() : null));

const renderStore = () =>
  renderPage(
    [
      {
        path: '/mat-store',
        element: (
          <MatStorePage
            lookupBarcode={lookupBarcode}
            renderProductSearch={(onPick) => (
              <div>
                <button type="button" onClick={() => onPick(aqua)}>
                  pilih Aqua
                </button>
                <button type="button" onClick={() => onPick(empty)}>
                  pilih Teh Botol
                </button>
                <button type="button" onClick={() => onPick(jumbo)}>
                  pilih Indomie Jumbo
                </button>
              </div>
            )}
          />
        ),
      },
      { path: '/detail-mat-out/:matStoreStatus/:matStoreNo', element: <p>detail keluar</p> },
      { path: '/mat-out-new', element: <p>daftar keluar</p> },
    ],
    '/mat-store',
  );

type User = ReturnType<typeof userEvent.setup>;

async function chooseT002(user: User) {
  await user.clear(screen.getByTestId('mat-store-search'));
  await user.type(screen.getByTestId('mat-store-search'), 'ba');
  await user.click(await screen.findByRole('button', { name: 'Pilih T002 · Toko Bangka Raya' }));
  expect(screen.getByTestId('mat-store-name')).toHaveTextContent('T002 · Toko Bangka Raya');
}

async function scan(user: User, code: string) {
  await user.type(screen.getByLabelText('Ketik barcode'), `${code}{Enter}`);
}

/** The page opened, T002 chosen and one Indomie scanned: the draft most send tests start from. */
async function draftIndomieToT002() {
  const user = userEvent.setup();
  renderStore();
  await chooseT002(user);
  await scan(user, INDOMIE);
  return user;
}

/** "Kirim MAT", then "Ya, kirim" in the question it asks. */
async function sendConfirmed(user: User) {
  await user.click(screen.getByTestId('mat-send-submit'));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, kirim' }));
}

setUpMatScreenTests(() => lookupBarcode.mockClear());

describe('/mat-store (send a transfer)', () => {
  it('searches the destination by code or name from 2 letters, and picks it', async () => {
    const server = mockFetch().on('GET', STORES, ok(page([T002, T003])));
    const user = userEvent.setup();
    renderStore();
    expect(screen.getByTestId('mat-send-submit')).toBeDisabled();
    expect(screen.getByText('Pilih toko tujuan dulu')).toBeInTheDocument();
    await user.type(screen.getByTestId('mat-store-search'), 'b');
    expect(screen.getByText('Ketik minimal 2 huruf kode atau nama toko.')).toBeInTheDocument();
    await chooseT002(user);
    expect(queryOf(server.callsTo(STORES)[0]!)).toMatchObject({ q: 'ba' });
    expect(screen.queryByTestId('mat-stores')).not.toBeInTheDocument();
    expect(screen.getByTestId('mat-products')).toBeInTheDocument();
  });

  it('adds products by scan and by name, each limited to my stock, then sends: the PIN is kept and the transfer opens', async () => {
    const server = mockFetch()
      .on('GET', STORES, ok(page([T002])))
      .on('POST', CREATE, ok({ transfer: transferDetail({ lines: [] }), secret: { pin: PIN, qr: QR } }));
    const user = userEvent.setup();
    renderStore();
    await chooseT002(user);

    await scan(user, INDOMIE);
    const indomie = await screen.findByTestId('mat-send-line-20001');
    expect(within(indomie).getByTestId('mat-send-line-max')).toHaveTextContent('Stok toko: 2');
    expect(screen.getByTestId('mat-scan-feedback')).toHaveTextContent('Indomie Goreng 85g ditambahkan.');
    await scan(user, INDOMIE);
    await waitFor(() => expect(screen.getByTestId('mat-send-qty-20001-value')).toHaveValue(2));
    // My stock is the limit: a third unit is refused, and the stepper stops there.
    await scan(user, INDOMIE);
    await waitFor(() => expect(screen.getByTestId('mat-scan-feedback')).toHaveTextContent('Stok Indomie Goreng 85g di toko Anda hanya 2: tidak bisa mengirim lebih.'));
    expect(screen.getByTestId('mat-send-qty-20001-value')).toHaveValue(2);
    expect(screen.getByTestId('mat-send-qty-20001-increase')).toBeDisabled();

    await scan(user, '8990000000999');
    await waitFor(() => expect(screen.getByTestId('mat-scan-feedback')).toHaveTextContent('Barcode 8990000000999 tidak terdaftar.'));

    await user.click(screen.getByTestId('mat-search-products'));
    await user.click(screen.getByRole('button', { name: 'pilih Teh Botol' }));
    expect(screen.getByTestId('mat-scan-feedback')).toHaveTextContent('Stok Teh Botol 350ml di toko Anda kosong');
    expect(screen.queryByTestId('mat-send-line-20003')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'pilih Aqua' }));
    expect(screen.getByTestId('mat-send-line-20002')).toBeInTheDocument();
    await user.click(screen.getByTestId('mat-send-qty-20002-increase'));
    await user.type(screen.getByTestId('mat-send-note'), 'Titip kurir pagi');
    expect(screen.getByText('2 produk · 4 unit ke Toko Bangka Raya')).toBeInTheDocument();

    await user.click(screen.getByTestId('mat-send-submit'));
    const modal = screen.getByRole('dialog', { name: 'Kirim MAT?' });
    expect(modal).toHaveTextContent('Kirim 2 produk (4 unit) ke T002 · Toko Bangka Raya?');
    await user.click(within(modal).getByRole('button', { name: 'Ya, kirim' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/detail-mat-out/new/${MAT_NO}`));
    expect(server.callsTo(CREATE, 'POST')[0]!.body).toEqual({
      receiverStoreCode: 'T002',
      lines: [
        { productId: '20001', qty: 2 },
        { productId: '20002', qty: 2 },
      ],
      note: 'Titip kurir pagi',
    });
    expect(readSecret(MAT_NO)).toMatchObject({ pin: PIN, qr: QR, idTbsms: ID_TBSMS });
    // One line: the detail's QR card under it says what to do.
    expect(screen.getByTestId('toasts').textContent).toBe(`MAT ${MAT_NO} terkirim.`);
    expect(sessionStorage.getItem('gerai.mat.send')).toBeNull();
  });

  it('keeps the draft through a reload of the tab', async () => {
    mockFetch().on('GET', STORES, ok(page([T002])));
    await draftIndomieToT002();
    await screen.findByTestId('mat-send-line-20001');
    cleanup();
    renderStore();
    expect(screen.getByTestId('mat-store-name')).toHaveTextContent('T002 · Toko Bangka Raya');
    expect(screen.getByTestId('mat-send-line-20001')).toBeInTheDocument();
    expect(screen.getByTestId('mat-send-submit')).toBeEnabled();
  });

  it('a short stock refusal is said on the line it concerns; nothing is kept', async () => {
    mockFetch()
      .on('GET', STORES, ok(page([T002])))
      .on('POST', CREATE, fail(409, 'TRANSFER_STOCK_SHORT', ERROR_MESSAGES.TRANSFER_STOCK_SHORT, [{ path: 'body.lines.0.qty', message: ERROR_DETAILS.transferStockShort('Indomie Goreng 85g', 1, 2), productId: '20001' }]));
    const user = await draftIndomieToT002();
    await scan(user, INDOMIE);
    await waitFor(() => expect(screen.getByTestId('mat-send-qty-20001-value')).toHaveValue(2));
    await sendConfirmed(user);
    const line = screen.getByTestId('mat-send-line-20001');
    await waitFor(() => expect(within(line).getByTestId('mat-send-line-error')).toHaveTextContent('Stok Indomie Goreng 85g tinggal 1, tidak cukup untuk mengirim 2.'));
    expect(screen.getByTestId('mat-send-error')).toHaveTextContent('Periksa produk yang ditandai.');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/mat-store$/);
    expect(localStorage.length).toBe(0);
    // Changing the line clears what was said about it.
    await user.click(screen.getByTestId('mat-send-qty-20001-decrease'));
    expect(within(line).queryByTestId('mat-send-line-error')).not.toBeInTheDocument();
  });

  it('a line refusal goes on the product the server names by id, not on a product its words mention', async () => {
    const refused = ERROR_DETAILS.transferStockShort('Indomie Goreng 85g Jumbo', 0, 1);
    mockFetch()
      .on('GET', STORES, ok(page([T002])))
      .on('POST', CREATE, fail(409, 'TRANSFER_STOCK_SHORT', ERROR_MESSAGES.TRANSFER_STOCK_SHORT, [{ path: 'body.lines.1.qty', message: refused, productId: '20009' }]));
    const user = await draftIndomieToT002();
    await waitFor(() => expect(screen.getByTestId('mat-send-qty-20001-value')).toHaveValue(1));
    await user.click(screen.getByTestId('mat-search-products'));
    await user.click(screen.getByRole('button', { name: 'pilih Indomie Jumbo' }));
    await sendConfirmed(user);
    await waitFor(() => expect(within(screen.getByTestId('mat-send-line-20009')).getByTestId('mat-send-line-error')).toHaveTextContent(refused));
    // "Indomie Goreng 85g" is in the words too: its line says nothing.
    expect(within(screen.getByTestId('mat-send-line-20001')).queryByTestId('mat-send-line-error')).not.toBeInTheDocument();
  });

  it('the receiver refused (own store) is said on the store', async () => {
    mockFetch().on('GET', STORES, ok(page([T002]))).on('POST', CREATE, fail(422, 'TRANSFER_SAME_STORE', ERROR_MESSAGES.TRANSFER_SAME_STORE));
    const user = await draftIndomieToT002();
    await screen.findByTestId('mat-send-line-20001');
    await sendConfirmed(user);
    expect(await screen.findByTestId('mat-store-error')).toHaveTextContent(ERROR_MESSAGES.TRANSFER_SAME_STORE);
  });

  it('without an answer the same draft is sent again with the same key, so it is made once', async () => {
    const server = mockFetch()
      .on('GET', STORES, ok(page([T002])))
      .on('POST', CREATE, (_call, n) => (n <= 4 ? 'network-error' : ok({ transfer: transferDetail(), secret: null })));
    const user = await draftIndomieToT002();
    await screen.findByTestId('mat-send-line-20001');
    await sendConfirmed(user);
    expect(await screen.findByTestId('mat-send-error')).toHaveTextContent('Tidak dapat terhubung ke server.');
    await sendConfirmed(user);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/detail-mat-out/new/${MAT_NO}`));
    const keys = new Set(server.callsTo(CREATE, 'POST').map((c) => c.headers.get('Idempotency-Key')));
    expect(server.callsTo(CREATE, 'POST')).toHaveLength(5);
    expect(keys.size).toBe(1);
    // A replayed answer has no PIN: nothing is kept; the transfer's screen offers a new one (its card, detail-mat-out-page.test.tsx).
    expect(readSecret(MAT_NO)).toBeNull();
    expect(screen.getByTestId('toasts').textContent).toBe(`MAT ${MAT_NO} terkirim.`);
  });
});
