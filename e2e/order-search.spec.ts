import { expect, test } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { fetchCatalog, signedOrder, TEST_CHANNEL, TEST_STORE, type IntakeReply } from './support/channel';
import { BASE_CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from './support/chromium';
import { E2E_CAMERA_VIDEO } from './support/e2e-order';

// The crew looks an order up from the list's search bar: an order number narrows the list,
// a shipment number (what the package label's code carries) opens the order whatever its status.

// A fake camera, so the scan button's camera can be seen opening (its video shows product barcodes, not labels).
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...BASE_CHROMIUM_ARGS, ...fakeCameraArgs(E2E_CAMERA_VIDEO)] },
  permissions: ['camera'],
});

test('an order number narrows the list; a shipment number + Enter opens its detail', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  // A new order of T001 with an order number no other order shares.
  const [item] = (await fetchCatalog(baseURL!)).filter((i) => /^\d{13}$/.test(i.barcode) && i.stock >= 1 && !/^Kantong/i.test(i.name));
  const orderNo = `E2E-CARI-${Date.now()}`;
  const { raw, headers } = signedOrder({
    orderNo,
    storeCode: TEST_STORE,
    deliveryType: 0,
    paymentId: 1,
    customer: { name: 'Pelanggan Uji Cari', phone: '081234500002' },
    lines: [{ barcode: item!.barcode, qty: 1 }],
  });
  const intake = await request.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers });
  expect(intake.status()).toBe(201);
  const created = ((await intake.json()) as { data: IntakeReply }).data;

  await loginAndWaitForHome(page, '10000001');
  await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Pesanan' }).click();
  await expect(page).toHaveURL(/\/order$/);
  const list = page.getByTestId('order-list');
  await expect(list.locator('[data-testid^="order-card-"]').nth(1)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Cari no. shipment atau no. order' });
  await expect(search).toBeVisible();
  // One compact row: the field and the scan button are at least 44 px and on one line.
  const field = (await search.boundingBox())!;
  const scan = (await page.getByRole('button', { name: 'Scan label pesanan' }).boundingBox())!;
  expect(field.height).toBeGreaterThanOrEqual(44);
  expect(field.height).toBeLessThanOrEqual(48);
  expect(scan.width).toBeGreaterThanOrEqual(44);
  expect(scan.height).toBeGreaterThanOrEqual(44);
  expect(Math.abs(scan.y - field.y)).toBeLessThan(4);
  expect(scan.x + scan.width).toBeLessThanOrEqual(360);
  await snap(page, 'order-search-01-list');

  // The scan button opens the camera under the bar (its decoder loaded only now), and closes it again.
  const scanButton = page.getByRole('button', { name: 'Scan label pesanan' });
  await scanButton.click();
  await expect(page.getByTestId('camera-scanner')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await expect(scanButton).toHaveAttribute('aria-pressed', 'true');
  await snap(page, 'order-search-02-camera');
  await scanButton.click();
  await expect(page.getByTestId('camera-scanner')).toHaveCount(0);

  // The order number narrows the list to that order, no dialog opened.
  await search.fill(orderNo);
  await expect(page.getByTestId('order-list-total')).toHaveText('1 pesanan');
  await expect(page.getByTestId(`order-card-${created.shipmentNo}`)).toBeVisible();
  await expect(page.getByTestId(`order-card-${created.shipmentNo}`)).toContainText(`No. order ${orderNo}`);
  await expect(page.getByTestId('active-filters')).toContainText(orderNo);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await snap(page, 'order-search-03-narrowed');

  // A shipment number Gerai does not have in this store: said under the bar, the text kept.
  await page.getByRole('button', { name: 'Hapus pencarian' }).click();
  await expect(search).toHaveValue('');
  await search.fill('SHP9912319999999');
  await search.press('Enter');
  await expect(page.getByTestId('order-search-message')).toHaveText('Pesanan SHP9912319999999 tidak ditemukan di toko ini.');
  await expect(search).toHaveValue('SHP9912319999999');
  await expect(page).toHaveURL(/\/order$/);
  await snap(page, 'order-search-04-not-found');

  // A completed order's shipment number from the Baru list: Enter opens its detail.
  const done = await page.request.get('/api/orders?status=1104&page=1&size=1');
  expect(done.ok()).toBe(true);
  const target = ((await done.json()) as { data: { items: Array<{ shipmentNo: string; deliveryType: number }> } }).data.items[0]!;
  await search.fill(target.shipmentNo);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/order/detail/1104/${target.shipmentNo}/(pickup|delivery)$`));
  await expect(page.getByTestId('order-status')).toHaveText('Selesai');
  await snap(page, 'order-search-05-detail');
});
