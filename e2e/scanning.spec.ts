import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { snap } from './fixtures';
import { newPickupOrder, orderableProducts, type CatalogItem } from './support/channel';
import { signInPeople } from './support/people';

// Issue 25: a hardware (keyboard-wedge) scanner's trigger pull is one scan. Five identical units scanned
// within a second count five, on every screen that counts scans: picking, the booking's receive panel,
// /mat-store and the transfer count; one too many is refused with the usual reason, never dropped.

const T001_CREW = '10000001';
const T002_CREW = '10000002';
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } as const;

const people = signInPeople('scanning', { t001: T001_CREW, t002: T002_CREW });

test.use({ ...PHONE, storageState: people.state.t001 });

/**
 * A hardware scanner in keyboard-wedge mode: the digits as key presses back to back, then Enter,
 * with no field focused (the page listens everywhere). `times` trigger pulls of the same code,
 * 40 ms apart, as a crew member pulls the trigger on one unit after another; answers how long they took.
 * The keys are sent inside the page, at the scanner's own pace: from the test runner each key would be
 * a round trip, slower than any scanner on a busy machine.
 */
async function wedgeScans(page: Page, code: string, times: number): Promise<number> {
  return page.evaluate(
    async ({ code, times }) => {
      (document.activeElement as HTMLElement | null)?.blur();
      // The crew touched the screen before (opening it): that touch unlocks the phone's sound. A key
      // press would unlock it too, holding up the next key; a real scanner's keys carry their own
      // times, these synthetic ones are stamped when sent.
      window.dispatchEvent(new Event('pointerdown'));
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const press = (key: string) => (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      const started = performance.now();
      for (let i = 0; i < times; i++) {
        // One read's keys back to back (a scanner's are a few ms apart; a busy page must not stretch them).
        for (const key of code) press(key);
        press('Enter');
        await pause(40);
      }
      return performance.now() - started;
    },
    { code, times },
  );
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

interface Lookup {
  product: { productID: string };
  store: { storeCode: string; qty: number };
  nearby: Array<{ storeCode: string; qty: number }>;
}
const lookup = (api: APIRequestContext, barcode: string) => api.get(`/api/stock/barcode/${barcode}`).then((r) => json<Lookup>(r));

/** A product T001 has at least `min` of for sale (and, with `t002`, T002 too); with its productID. */
async function productWithStock(baseURL: string, min: number, { t002: atT002 = false, skip = [] as string[] } = {}): Promise<CatalogItem & { productId: string }> {
  for (const p of await orderableProducts(baseURL, min)) {
    if (skip.includes(p.barcode)) continue;
    const l = await lookup(people.api.t001, p.barcode);
    if (l.store.qty < min) continue;
    if (atT002 && (l.nearby.find((s) => s.storeCode === 'T002')?.qty ?? 0) < min) continue;
    return { ...p, productId: l.product.productID };
  }
  throw new Error(`no product with ${min} in stock`);
}

test('picking: five identical wedge scans within a second count five; a sixth is refused with its reason', async ({ page, baseURL }) => {
  const product = await productWithStock(baseURL!, 6);
  const shipmentNo = await newPickupOrder(people.api.t001, 'WEDGE', 'Pelanggan Scan Cepat', [{ barcode: product.barcode, qty: 5 }]);
  expect((await people.api.t001.post(`/api/orders/${shipmentNo}/claim`, { data: {} })).status()).toBe(200);

  await page.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await expect(page.getByTestId('order-progress')).toHaveText('0 dari 5 barang');
  // The panel says how the hardware scanner counts.
  await expect.soft(page.getByTestId('scan-feedback')).toContainText('setiap tembakan dihitung');

  const took = await wedgeScans(page, product.barcode, 5);
  expect(took, 'five trigger pulls within a second').toBeLessThan(1000);
  await expect(page.getByTestId('order-progress')).toHaveText('5 dari 5 barang');
  await expect(page.locator(`[data-testid^="line-"][data-barcode="${product.barcode}"]`)).toHaveAttribute('data-resolved', 'true');
  await snap(page, 'scanning-01-picking-five');

  // One too many: answered with the usual reason, not swallowed.
  await wedgeScans(page, product.barcode, 1);
  await expect(page.getByTestId('scan-feedback').locator('[data-tone="error"]')).toContainText('Jumlah produk sudah terpenuhi.');
  await expect(page.getByTestId('order-progress')).toHaveText('5 dari 5 barang');
  const detail = await json<{ products: Array<{ qtyPicked: number }> }>(await people.api.t001.get(`/api/orders/${shipmentNo}`));
  expect(detail.products[0]!.qtyPicked).toBe(5);
});

test('the booking receive panel counts five identical wedge scans: "Terima barang" is ready at 5 / 5; a sixth is refused', async ({ page, baseURL }) => {
  const product = await productWithStock(baseURL!, 5, { t002: true });
  // The line lacks all five: T001 books them from T002, which takes the booking.
  const shipmentNo = await newPickupOrder(people.api.t001, 'WEDGE-BOOK', 'Pelanggan Booking Cepat', [{ barcode: product.barcode, qty: 5 }]);
  expect((await people.api.t001.post(`/api/orders/${shipmentNo}/claim`, { data: {} })).status()).toBe(200);
  const order = await json<{ products: Array<{ lineId: number }> }>(await people.api.t001.get(`/api/orders/${shipmentNo}`));
  const booking = await json<{ bookID: number }>(await people.api.t001.post('/api/bookings', { data: { shipmentNo, lineId: order.products[0]!.lineId, qty: 5, storeCode: 'T002' } }));
  await json(await people.api.t002.post(`/api/bookings/${booking.bookID}/take`, { data: {} }));

  await page.goto(`/get-product/${booking.bookID}`);
  const counter = page.getByTestId('receive-counter');
  await expect(counter).toHaveText('0 / 5');
  await wedgeScans(page, product.barcode, 5);
  await expect(counter).toHaveText('5 / 5');
  await expect(page.getByTestId('receive-submit')).toBeEnabled();
  await snap(page, 'scanning-02-receive-five');

  await wedgeScans(page, product.barcode, 1);
  await expect(page.getByTestId('receive-feedback').locator('[data-tone="error"]')).toBeVisible();
  await expect(counter).toHaveText('5 / 5');
});

test('/mat-store adds five identical wedge scans as five units, and the transfer count on the receiving phone counts five', async ({ page, browser, baseURL }) => {
  const product = await productWithStock(baseURL!, 6);

  // Sending: the destination, then five trigger pulls on one product.
  await page.goto('/mat-store');
  await page.getByTestId('mat-store-search').fill('T002');
  await page.getByTestId('mat-store-T002').click();
  await expect(page.getByTestId('mat-products')).toBeVisible();
  await wedgeScans(page, product.barcode, 5);
  await expect(page.getByTestId(`mat-send-qty-${product.productId}`).getByRole('spinbutton')).toHaveValue('5');
  await expect(page.getByTestId('mat-send-lines').locator('li')).toHaveCount(1);
  await snap(page, 'scanning-03-mat-store-five');

  // Receiving: a transfer of five units (sent and confirmed with its PIN through the API), counted on T002's phone.
  const sent = await json<{ transfer: { matNo: string; idTbsms: string }; secret: { pin: string } | null }>(
    await people.api.t001.post('/api/transfers', { data: { receiverStoreCode: 'T002', lines: [{ productId: product.productId, qty: 5 }] } }),
  );
  await json(await people.api.t002.post(`/api/transfers/by-tbsms/${sent.transfer.idTbsms}/confirm`, { data: { pin: sent.secret!.pin } }));
  const t002Context = await browser.newContext({ ...PHONE, baseURL, storageState: people.state.t002, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  try {
    const receiving = await t002Context.newPage();
    await receiving.goto(`/confirm-mat/proces/${sent.transfer.idTbsms}`);
    const total = receiving.getByTestId('mat-count-total');
    await expect(total).toHaveText('0 / 5');
    await wedgeScans(receiving, product.barcode, 5);
    await expect(total).toHaveText('5 / 5');
    await snap(receiving, 'scanning-04-mat-count-five');
    // One more than was sent: refused in place, the count stays.
    await wedgeScans(receiving, product.barcode, 1);
    await expect(receiving.getByTestId('mat-count-feedback').locator('[data-tone="error"]')).toBeVisible();
    await expect(total).toHaveText('5 / 5');
  } finally {
    await t002Context.close();
  }
  // What the test sent goes back: the transfer is cancelled, its stock returns to T001.
  await people.api.t001.post(`/api/transfers/${sent.transfer.matNo}/cancel`, { data: {} });
});
