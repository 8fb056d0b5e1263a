import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { snap } from './fixtures';
import { BOOKING_PHONE as PHONE, lineOf, lookup, productServedNearby, qtyAt, T001_CREW, T002_CREW, typeScan } from './support/bookings';
import { watchErrors } from './support/phone';
import { newPickupOrder, orderableProducts } from './support/channel';
import { signInPeople } from './support/people';

// Issue 12: a store short of a product books it from a nearby store of the chain. T001's crew book what
// a line lacks while picking, T002's crew take it on their own phone (live), T001 fetches and scans the
// goods, finishes picking and packs; a refused booking is offered again to a third store.

const { api, state } = signInPeople('bookings-serve', { t001: T001_CREW, t002: T002_CREW });

test.use({ ...PHONE, storageState: state.t001 });

async function t002Phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, baseURL, storageState: state.t002 });
}

test('T001 books what a line lacks, T002 takes it live, T001 fetches and scans it, finishes picking and packs', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const short = await productServedNearby(api.t001, baseURL!, 3);
  const other = (await orderableProducts(baseURL!, 2)).find((p) => p.barcode !== short.barcode)!;
  const shipmentNo = await newPickupOrder(api.t001, 'BOOK', 'Rina Pelanggan Booking', [
    { barcode: short.barcode, qty: 2 },
    { barcode: other.barcode, qty: 1 },
  ]);
  const before = await lookup(api.t001, short.barcode);

  // T002's crew watch their incoming booking requests on their own phone.
  const t002Context = await t002Phone(browser, baseURL!);
  const serving = await t002Context.newPage();
  await serving.goto('/booking-list-product');
  await expect(serving.getByTestId('booking-direction-in')).toBeVisible();

  // T001 claims the order, scans what is on the shelf, and finds the short product missing.
  await page.goto(`/order/detail/1101/${shipmentNo}/pickup`);
  await page.getByTestId('action-button').click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1102/${shipmentNo}/pickup$`));
  await typeScan(page, other.barcode);
  await expect(lineOf(page, other.barcode)).toHaveAttribute('data-resolved', 'true');
  const book = page.getByRole('link', { name: 'Booking stok (kurang 2)' });
  await expect(book).toBeVisible();
  await snap(page, 'booking-01-line-short');
  await book.click();

  // The stores that have it: T003 shares T001's kelurahan; T002 is in the same kecamatan.
  await expect(page).toHaveURL(/\/booking-list-kelurahan\?/);
  await expect(page.getByTestId('choice-lacking')).toHaveText('Kurang 2');
  await expect(page.getByTestId('book-T003')).toBeVisible();
  await snap(page, 'booking-02-kelurahan');
  await page.getByTestId('ring-kecamatan').click();
  await expect(page).toHaveURL(/\/booking-list-kecamatan\?/);
  // Kelurahan first, then the rest of the kecamatan: T003 is listed before T002.
  const cards = page.locator('[data-testid^="book-T"]');
  await expect(page.getByTestId('book-T002')).toBeVisible();
  const order = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(order.indexOf('book-T003')).toBeLessThan(order.indexOf('book-T002'));
  await snap(page, 'booking-03-kecamatan');
  await page.getByTestId('book-T002').click();
  const confirm = page.getByRole('dialog', { name: 'Booking stok?' });
  await expect(confirm).toContainText('Minta 2 unit');
  await confirm.getByRole('button', { name: 'Ya, booking' }).click();
  await expect(page).toHaveURL(/\/get-product\/\d+$/);
  const bookID = page.url().split('/').pop()!;
  await expect(page.getByTestId('booking-store-taken')).toHaveText('-');
  await expect(page.getByTestId('booking-stock-taken')).toHaveText('-');
  await snap(page, 'booking-04-requested');

  // Nothing is reserved at T002 until T002 takes it; the order cannot be packed meanwhile.
  expect(qtyAt(await lookup(api.t001, short.barcode), 'T002')).toEqual(qtyAt(before, 'T002'));
  const blocked = await api.t001.post(`/api/orders/${shipmentNo}/pack`, { data: {}, headers: { 'Idempotency-Key': `e2e-book-pack-${Date.now()}` } });
  expect(blocked.status()).toBe(409);
  expect(((await blocked.json()) as { code: string }).code).toBe('BOOKING_PENDING');

  // Live on T002's phone: the request appears without a reload; the crew open it and take it.
  const request = serving.getByRole('link', { name: new RegExp(short.name.slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await expect(request).toBeVisible({ timeout: 15_000 });
  await snap(serving, 'booking-05-t002-incoming');
  await serving.goto(`/get-product/${bookID}`);
  await serving.getByTestId('booking-take').click();
  const take = serving.getByRole('dialog', { name: 'Ambil booking?' });
  await take.getByRole('button', { name: 'Ya, ambil' }).click();
  await expect(serving.getByTestId('booking-store-taken')).toHaveText('T002');
  await expect(serving.getByTestId('booking-stock-taken')).toHaveText('2');
  await snap(serving, 'booking-06-t002-taken');
  const reserved = qtyAt(await lookup(api.t002, short.barcode), 'T002')!;
  expect(reserved.qtyReserved).toBe(qtyAt(before, 'T002')!.qtyReserved + 2);
  expect(reserved.qty).toBe(qtyAt(before, 'T002')!.qty - 2);

  // T001's open booking follows in place and says what changed, then the goods are fetched: every unit scanned, then received.
  await expect(page.getByTestId('booking-change-text')).toHaveText('Diambil oleh T002 · 2 unit', { timeout: 15_000 });
  await expect(page.getByTestId('receive-panel')).toBeVisible();
  await typeScan(page, other.barcode);
  await expect(page.getByTestId('receive-feedback')).toContainText('Tidak dihitung');
  await typeScan(page, short.barcode);
  await typeScan(page, short.barcode);
  await expect(page.getByTestId('receive-counter')).toContainText('2 / 2');
  await snap(page, 'booking-07-receive-counted');
  await page.getByTestId('receive-submit').click();
  await expect(page.getByText('Lanjutkan picking')).toBeVisible();
  await expect(page.getByTestId('booking-store-taken')).toHaveText('T002');

  // Back to the order: the arrived units are picked like any other, and the order packs.
  await page.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await typeScan(page, short.barcode);
  await typeScan(page, short.barcode);
  await expect(lineOf(page, short.barcode)).toHaveAttribute('data-resolved', 'true');
  await snap(page, 'booking-08-picked');
  await page.getByTestId('action-button').click();
  await page.getByRole('dialog', { name: 'Scan Packing' }).getByTestId('scan-packing-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1103/${shipmentNo}/pickup$`));

  // The ledger: T002 gave 2 (reserved then handed over); T001 got 2 and packed 2.
  const after = await lookup(api.t001, short.barcode);
  expect(after.store.qty).toBe(before.store.qty);
  expect(qtyAt(after, 'T002')).toMatchObject({ qty: qtyAt(before, 'T002')!.qty - 2, qtyReserved: qtyAt(before, 'T002')!.qtyReserved });
  await t002Context.close();
});

test('a refused booking is offered again to a third store, never to the store that refused it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const product = await productServedNearby(api.t001, baseURL!, 2);
  const shipmentNo = await newPickupOrder(api.t001, 'BOOKREF', 'Dimas Pelanggan Tolak', [{ barcode: product.barcode, qty: 1 }]);
  await api.t001.post(`/api/orders/${shipmentNo}/claim`, { data: {}, headers: { 'Idempotency-Key': `e2e-bookref-claim-${Date.now()}` } });
  const detail = (await (await api.t001.get(`/api/orders/${shipmentNo}`)).json()) as { data: { products: Array<{ lineId: number }> } };
  const created = await api.t001.post('/api/bookings', {
    data: { shipmentNo, lineId: detail.data.products[0]!.lineId, qty: 1, storeCode: 'T002' },
    headers: { 'Idempotency-Key': `e2e-bookref-create-${Date.now()}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const bookID = ((await created.json()) as { data: { bookID: number } }).data.bookID;

  // T001 watches the order; T002 refuses the booking with a reason on its phone.
  await page.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await expect(page.getByTestId(`line-booking-${bookID}-taken`)).toHaveText('Diambil: -');
  const t002Context = await t002Phone(browser, baseURL!);
  const serving = await t002Context.newPage();
  await serving.goto(`/get-product/${bookID}`);
  await serving.getByTestId('booking-refuse').click();
  await serving.getByTestId('refuse-reason').fill('Stok sedang dihitung ulang');
  await serving.getByRole('button', { name: 'Tolak booking' }).click();
  await expect(serving.getByTestId('booking-refuse-reason')).toContainText('Stok sedang dihitung ulang');
  await snap(serving, 'booking-09-t002-refused');

  // T001's order stays blocked, the line shows "-"; the crew offer it again from the booking.
  await expect(page.getByTestId(`line-booking-${bookID}`)).toContainText('Ditolak', { timeout: 15_000 });
  await expect(page.getByText(/Menunggu booking stok dari toko lain/)).toBeVisible();
  await snap(page, 'booking-10-t001-refused');
  await page.getByTestId(`line-booking-${bookID}`).click();
  await page.getByTestId('booking-reoffer').click();
  await expect(page).toHaveURL(new RegExp(`/booking-list-kelurahan\\?bookID=${bookID}$`));
  await expect(page.getByTestId('choice-refused-by')).toContainText('Toko Pela Mampang');
  await expect(page.getByTestId('offer-T003')).toBeVisible();
  await page.getByTestId('ring-kecamatan').click();
  await expect(page.getByTestId('offer-T003')).toBeVisible();
  await expect(page.getByTestId('offer-T002')).toHaveCount(0);
  await snap(page, 'booking-11-reoffer');
  await page.getByTestId('offer-T003').click();
  await page.getByRole('dialog', { name: 'Tawarkan ulang booking?' }).getByRole('button', { name: 'Ya, tawarkan' }).click();
  await expect(page).toHaveURL(new RegExp(`/get-product/${bookID}$`));
  await expect(page.getByTestId('booking-status-chip').first()).toHaveText('Menunggu');

  // The store that refused can no longer act on it; offering it to that store again is refused.
  const again = await api.t002.post(`/api/bookings/${bookID}/take`, { data: {}, headers: { 'Idempotency-Key': `e2e-bookref-take-${Date.now()}` } });
  expect(again.status()).toBe(404);
  // Its phone still reads the booking it refused (200, nothing logged): its own refusal, nothing to do.
  const errors = watchErrors(serving);
  await expect(serving.getByTestId('booking-note')).toContainText('Toko Anda menolak booking ini', { timeout: 15_000 });
  await serving.reload();
  await expect(serving.getByTestId('booking-note')).toContainText('Toko Anda menolak booking ini');
  await expect(serving.getByTestId('booking-refuse-reason')).toContainText('Stok sedang dihitung ulang');
  await expect(serving.getByTestId('booking-take')).toHaveCount(0);
  await snap(serving, 'booking-12-t002-refused-by-me');
  expect(errors).toEqual([]);
  await t002Context.close();
});
