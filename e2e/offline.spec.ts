import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { newPickupOrder, orderableProducts } from './support/channel';
import { createDeliveryOrder, signInOnce } from './support/pod';

// A crew member loses the connection in the middle of picking: every action is kept on the
// phone, survives a reload, and reaches the server exactly once when the connection is back.

interface Detail {
  statusId: number;
  products: Array<{ lineId: number; barcode: string; qty: number; qtyPicked: number; attrQtyOos: number }>;
  history: Array<{ action: string; toStatus: number }>;
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A new pickup order for T001 with two products: one ordered twice, one once. */
async function newOrder(api: APIRequestContext, baseURL: string) {
  const [twice, once] = await orderableProducts(baseURL, 3);
  const shipmentNo = await newPickupOrder(api, 'OFF', 'Pelanggan Uji Offline', [
    { barcode: twice!.barcode, qty: 2 },
    { barcode: once!.barcode, qty: 1 },
  ]);
  return { shipmentNo, twice: twice!.barcode, once: once!.barcode };
}

const lineOf = (page: Page, barcode: string) => page.locator(`[data-testid^="line-"][data-barcode="${barcode}"]`);

async function typeScan(page: Page, barcode: string) {
  const field = page.getByLabel('Ketik barcode');
  await field.fill(barcode);
  await field.press('Enter');
}

/**
 * The service worker has every page before the signal goes (installing it precaches them all, which
 * takes a while on a fresh phone, longer as the app grows): what is opened offline comes from it.
 */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('picking, out of stock and packing made offline, across a reload, reach the server once each', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const api = await signInOnce(baseURL!, '10000001', 'test-results/offline-crew.json');
  const { shipmentNo, twice, once } = await newOrder(api, baseURL!);

  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1101/${shipmentNo}/pickup`);
  await page.getByTestId('action-button').click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1102/${shipmentNo}/pickup$`));
  // Half of it online.
  await typeScan(page, twice);
  await expect(page.getByTestId('order-progress')).toHaveText('1 dari 3 barang');
  // The webview is reloaded offline below.
  await serviceWorkerInControl(page);
  await expect(page.getByTestId('order-progress')).toHaveText('1 dari 3 barang');

  // The stock room: no signal. The phone knows it (navigator.onLine is false).
  await context.setOffline(true);
  await expect(page.getByTestId('connection-status')).toBeVisible();
  await typeScan(page, twice);
  await expect(page.getByTestId('scan-feedback')).toContainText('tersimpan, dikirim saat online');
  await expect(page.getByTestId('order-progress')).toHaveText('2 dari 3 barang');
  await expect(lineOf(page, twice)).toHaveAttribute('data-waiting', 'true');
  // A product that is not in the order is refused on the phone, as the server would.
  await typeScan(page, '8990000000017');
  await expect(page.getByTestId('scan-feedback').locator('[data-tone="error"]')).toBeVisible();

  await lineOf(page, once).getByRole('button', { name: 'Stok Kosong' }).click();
  const oos = page.getByRole('dialog', { name: 'Stok Kosong' });
  await oos.getByTestId('oos-confirm').click();
  await expect(oos).toBeHidden();
  await expect(page.getByTestId('order-progress')).toHaveText('3 dari 3 barang');
  await snap(page, 'offline-01-picked');

  await page.getByTestId('action-button').click();
  await page.getByTestId('scan-packing-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1103/${shipmentNo}/pickup$`));
  await expect(page.getByTestId('connection-status')).toContainText('3 menunggu');
  await snap(page, 'offline-02-packed');

  // Nothing reached the server yet.
  let server = await data<Detail>(await api.get(`/api/orders/${shipmentNo}`), 'detail');
  expect(server.statusId).toBe(1102);
  expect(server.products.map((l) => l.qtyPicked + l.attrQtyOos)).toEqual([1, 0]);

  // The webview is reloaded while still offline: the shell, the order and the kept actions come back.
  await page.waitForTimeout(1_500); // the read cache is saved a second after it settles
  await page.reload();
  await expect(page.getByTestId('order-progress').or(page.getByTestId('order-status')).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1103/${shipmentNo}/pickup$`));
  await page.getByTestId('connection-status').click();
  const pending = page.getByTestId('pending-actions');
  await expect(pending.locator('li')).toHaveCount(3);
  await expect(pending).toContainText('Scan barang');
  await expect(pending).toContainText('Stok kosong');
  await expect(pending).toContainText('Kemas pesanan');
  await snap(page, 'offline-03-pending-after-reload');

  // Signal again: sent in order, each once.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-empty')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'offline-04-all-sent');

  server = await data<Detail>(await api.get(`/api/orders/${shipmentNo}`), 'detail');
  expect(server.statusId).toBe(1103);
  expect(server.products.map((l) => [l.barcode, l.qtyPicked, l.attrQtyOos])).toEqual([
    [twice, 2, 0],
    [once, 0, 1],
  ]);
  expect(server.history.filter((h) => h.action === 'claim')).toHaveLength(1);
  expect(server.history.filter((h) => h.action === 'pack')).toHaveLength(1);
});

test('an action refused on sync because another phone changed the order shows on that action', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  const api = await signInOnce(baseURL!, '10000001', 'test-results/offline-crew.json');
  const { shipmentNo, twice } = await newOrder(api, baseURL!);
  await data(await api.post(`/api/orders/${shipmentNo}/claim`, { data: {} }), 'claim');

  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await expect(page.getByTestId('order-progress')).toHaveText('0 dari 3 barang');
  await context.setOffline(true);
  await typeScan(page, twice);
  await expect(page.getByTestId('order-progress')).toHaveText('1 dari 3 barang');

  // Meanwhile the kepala toko's phone, online, sets that line to everything ordered.
  const chief = await browser.newContext({ baseURL });
  const chiefPage = await chief.newPage();
  await loginAndWaitForHome(chiefPage, '20000001');
  await chiefPage.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await lineOf(chiefPage, twice).getByRole('button', { name: 'Edit Jumlah' }).click();
  const edit = chiefPage.getByRole('dialog', { name: 'Edit Jumlah' });
  await edit.getByTestId('edit-quantity-increase').click();
  await edit.getByTestId('edit-quantity-increase').click();
  await edit.getByTestId('edit-quantity-confirm').click();
  await expect(edit).toBeHidden();
  await chief.close();

  // Back online: the kept scan would exceed the order. The server refuses it, and the crew sees which.
  await context.setOffline(false);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await expect(status).toContainText('1 ditolak');
  await status.click();
  const refused = page.getByTestId('pending-order.scan');
  await expect(refused).toHaveAttribute('data-state', 'refused');
  await expect(refused).toContainText(shipmentNo);
  await expect(refused.getByTestId('refusal-message')).not.toBeEmpty();
  await snap(page, 'offline-05-refused');
  await refused.getByRole('button', { name: 'Buang' }).click();
  await expect(page.getByTestId('pending-empty')).toBeVisible();

  const server = await data<Detail>(await api.get(`/api/orders/${shipmentNo}`), 'detail');
  expect(server.products.find((l) => l.barcode === twice)?.qtyPicked).toBe(2);
});

/** Near T001: the customers of the orders this test makes. */
const T001_AREA = { lat: -6.2607, long: 106.8137 };

async function deliverAtTheDoor(page: Page, context: BrowserContext, shipmentNo: string) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: T001_AREA.lat + 20 / 111_320, longitude: T001_AREA.long, accuracy: 8 });
  await page.goto(`/order/detail-scan-go/1103/${shipmentNo}/delivery`);
  // The crew's phone has the app installed before it reaches a door without signal.
  await serviceWorkerInControl(page);
  await page.getByTestId('open-package-check').click();
  await page.getByLabel('Ketik no. shipment').fill(shipmentNo);
  await page.getByRole('button', { name: 'Kirim', exact: true }).click();
  await expect(page.getByTestId('package-verified')).toBeVisible();
  // No signal at the customer's door.
  await context.setOffline(true);
  const form = page.getByTestId('scan-go-form');
  await form.getByLabel('Nama penerima').fill('Ibu Pemesan');
  await form.getByLabel('Hubungan dengan pemesan').selectOption('Pemesan');
  // One tap: "Kirim POD" takes the position (GPS needs no signal), then keeps the POD on the phone.
  await page.getByTestId('scan-go-submit').click();
  const kept = page.getByRole('dialog', { name: 'POD tersimpan di ponsel' });
  await expect(kept).toBeVisible();
  await expect(kept).toContainText(shipmentNo);
  return kept;
}

test('scan and go at a door without signal completes on sync; a position captured too long before is refused', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(150_000);
  const api = await signInOnce(baseURL!, '10000001', 'test-results/offline-crew.json');
  const customer = { ...T001_AREA, name: 'Pelanggan Uji Offline' };
  const fresh = await createDeliveryOrder(api, baseURL!, customer);
  const stale = await createDeliveryOrder(api, baseURL!, customer);

  await loginAndWaitForHome(page, '10000001');
  const kept = await deliverAtTheDoor(page, context, fresh.shipmentNo);
  await snap(page, 'offline-06-pod-kept');
  await kept.getByRole('button').click();
  await context.setOffline(false);
  await expect.poll(async () => (await data<Detail>(await api.get(`/api/orders/${fresh.shipmentNo}`), 'detail')).statusId, { timeout: 20_000 }).toBe(1104);

  // A phone that took the position three hours before the connection came back.
  const late = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, storageState: await context.storageState() });
  const latePage = await late.newPage();
  await latePage.clock.install({ time: new Date(Date.now() - 3 * 60 * 60 * 1000) });
  await latePage.clock.resume();
  await (await deliverAtTheDoor(latePage, late, stale.shipmentNo)).getByRole('button').click();
  await late.setOffline(false);
  const status = latePage.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await status.click();
  const refused = latePage.getByTestId('pending-pod.scanGo');
  await expect(refused.getByTestId('refusal-message')).toHaveText('Lokasi diambil terlalu lama sebelum terkirim. Ambil lokasi lagi di tempat pelanggan, lalu kirim ulang.');
  await snap(latePage, 'offline-07-pod-too-old');
  // Sending it again cannot help: the list offers a new position at the customer's place instead.
  await refused.getByRole('button', { name: 'Buang dan ambil lokasi lagi' }).click();
  await expect(latePage).toHaveURL(new RegExp(`/order/detail-scan-go/1103/${stale.shipmentNo}/delivery$`));
  await expect(latePage.getByTestId('connection-status')).toBeHidden();
  await late.close();
  expect((await data<Detail>(await api.get(`/api/orders/${stale.shipmentNo}`), 'detail')).statusId).toBe(1103);
});
