import { expect, test, type Page } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { BASE_CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from './support/chromium';
import { newPickupOrder, orderableProducts, signedOrder, TEST_CHANNEL, TEST_STORE, type IntakeReply } from './support/channel';
import { reloadKeeps } from './support/phone';
import { signInOnce } from './support/pod';
import { E2E_CAMERA_VIDEO, readOrderPlan } from './support/e2e-order';

// The fake camera plays the barcodes global-setup chose (test-results/e2e-camera.y4m).
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...BASE_CHROMIUM_ARGS, ...fakeCameraArgs(E2E_CAMERA_VIDEO)] },
  permissions: ['camera'],
});

const lineOf = (page: Page, barcode: string) => page.locator(`[data-testid^="line-"][data-barcode="${barcode}"]`);

test('a new order arrives live, is picked by camera, packed, handed over and archived', async ({ page, request }) => {
  test.setTimeout(180_000);
  const plan = readOrderPlan();
  const [twice, once] = plan.camera as [(typeof plan.camera)[number], (typeof plan.camera)[number]];
  const missing = plan.outOfStock;

  // The order is sent once this phone's event stream is open, or its event would come before it.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events', { timeout: 30_000 });
  await loginAndWaitForHome(page, '10000001');
  await streamOpen;
  await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Pesanan' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByTestId('tab-1101-count')).toBeVisible();
  const newBefore = Number(await page.getByTestId('tab-1101-count').textContent());
  await snap(page, 'orders-01-baru');

  // The channel sends the order (signed intake); the crew's phone is not reloaded.
  const { raw, headers } = signedOrder({
    orderNo: `E2E-${Date.now()}`,
    storeCode: TEST_STORE,
    deliveryType: 0,
    paymentId: 1,
    customer: { name: 'Rina Pelanggan Uji', phone: '081234567890' },
    lines: [...plan.camera, missing].map((p) => ({ barcode: p.barcode, qty: p.qty })),
    note: 'Pesanan uji otomatis',
  });
  const intake = await request.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers });
  expect(intake.status()).toBe(201);
  const order = ((await intake.json()) as { data: IntakeReply }).data;
  const shipmentNo = order.shipmentNo;

  // Live: the banner, the new card and the badge, without a reload.
  const banner = page.getByTestId('new-order-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Pesanan baru masuk');
  await expect(banner).toContainText(shipmentNo);
  await expect(page.getByTestId(`order-card-${shipmentNo}`)).toBeVisible();
  await expect(page.getByTestId('tab-1101-count')).toHaveText(String(newBefore + 1));
  await snap(page, 'orders-02-live-banner');

  // Open it from the banner and claim it ("Packing").
  await banner.getByRole('button', { name: /Pesanan baru masuk/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1101/${shipmentNo}/pickup$`));
  await expect(page.getByTestId('order-status')).toHaveText('Baru');
  await snap(page, 'orders-03-detail-baru');
  await page.getByTestId('action-button').click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1102/${shipmentNo}/pickup$`));
  await expect(page.getByTestId('order-progress')).toHaveText('0 dari 4 barang');
  await expect(page.getByTestId('action-button')).toBeDisabled();
  await snap(page, 'orders-04-picking');

  // One line is out of stock: the modal never goes below 0.
  await lineOf(page, missing.barcode).getByRole('button', { name: 'Stok Kosong' }).click();
  const oosModal = page.getByRole('dialog', { name: 'Stok Kosong' });
  await expect(oosModal).toBeVisible();
  await expect(oosModal.getByTestId('oos-value')).toHaveValue('1');
  await oosModal.getByTestId('oos-decrease').click();
  await expect(oosModal.getByTestId('oos-value')).toHaveValue('0');
  await expect(oosModal.getByTestId('oos-decrease')).toBeDisabled();
  await expect(oosModal.getByTestId('oos-increase')).toBeEnabled();
  await oosModal.getByTestId('oos-increase').click();
  await expect(oosModal.getByTestId('oos-increase')).toBeDisabled();
  await snap(page, 'orders-05-out-of-stock-modal');
  await oosModal.getByTestId('oos-confirm').click();
  await expect(oosModal).toBeHidden();
  await expect(lineOf(page, missing.barcode)).toHaveAttribute('data-resolved', 'true');
  await expect(lineOf(page, missing.barcode)).toContainText('Kosong 1');
  await expect(page.getByTestId('order-progress')).toHaveText('1 dari 4 barang');

  // The rest by the camera: Chromium's fake camera shows each barcode in turn, in a loop.
  await page.getByTestId('start-camera').click();
  await expect(page.getByTestId('camera-scanner')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await expect(page.getByTestId('scan-feedback')).toContainText(/\d\/\d/, { timeout: 30_000 });
  await snap(page, 'orders-06-camera-scanning');
  await expect(lineOf(page, once.barcode)).toHaveAttribute('data-resolved', 'true', { timeout: 60_000 });
  await expect(lineOf(page, twice.barcode)).toHaveAttribute('data-resolved', 'true', { timeout: 60_000 });
  await expect(lineOf(page, twice.barcode)).toContainText('Diambil 2/2');
  await expect(page.getByTestId('order-progress')).toHaveText('4 dari 4 barang');
  // Every line resolved: the camera is off and Scan Packing is enabled.
  await expect(page.getByTestId('camera-scanner')).toHaveCount(0);
  await expect(page.getByTestId('action-button')).toBeEnabled();
  await snap(page, 'orders-07-picked');

  // Scan Packing shows the recomputed total: the missing product is not charged.
  const expectedTotal = twice.price * twice.qty + once.price * once.qty;
  await page.getByTestId('action-button').click();
  const packModal = page.getByRole('dialog', { name: 'Scan Packing' });
  await expect(packModal).toBeVisible();
  await expect(packModal.getByTestId('scan-packing-total')).toHaveText(rupiah(expectedTotal));
  await snap(page, 'orders-08-scan-packing');
  await packModal.getByTestId('scan-packing-confirm').click();
  const done = page.getByRole('dialog', { name: 'Pesanan siap' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Ke Pesanan Proses' }).click();
  await expect(page).toHaveURL(/\/list-proses$/);
  await expect(page.getByTestId(`order-card-${shipmentNo}`)).toBeVisible();
  await snap(page, 'orders-09-proses');

  // Handover at the counter: a wrong code changes nothing, the right one completes it.
  await page.getByTestId(`order-card-${shipmentNo}`).click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1103/${shipmentNo}/pickup$`));
  await page.getByTestId('action-button').click();
  await expect(page).toHaveURL(new RegExp(`/order/confirm/1103/${shipmentNo}$`));
  expect(order.pickupCode, 'the intake reply gives the channel the pickup code').toMatch(/^\d{6}$/);
  const pickupCode = order.pickupCode!;
  const wrong = pickupCode === '000000' ? '111111' : '000000';
  await page.getByTestId('pickup-code').fill(wrong);
  await page.getByTestId('receiver-name').fill('Rina');
  await page.getByTestId('handover-submit').click();
  await expect(page.getByTestId('pickup-code-error')).toHaveText('Kode pengambilan salah.');
  await expect(page).toHaveURL(new RegExp(`/order/confirm/1103/${shipmentNo}$`));
  await snap(page, 'orders-10-wrong-code');
  await page.getByTestId('pickup-code').fill(pickupCode);
  await page.getByTestId('handover-submit').click();
  await expect(page).toHaveURL(/\/list-done$/);
  await expect(page.getByText(`Pesanan ${shipmentNo} diserahkan kepada Rina.`)).toBeVisible();
  await expect(page.getByTestId(`order-card-${shipmentNo}`)).toBeVisible();
  await snap(page, 'orders-11-selesai');

  // Selesai archives it into History.
  await page.getByTestId(`order-card-${shipmentNo}`).click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1104/${shipmentNo}/pickup$`));
  await expect(page.getByTestId('order-history')).toContainText('Diserahkan ke pelanggan');
  await page.getByTestId('action-button').click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId(`order-card-${shipmentNo}`)).toBeVisible();
  await snap(page, 'orders-12-history');
});

test('a crew member who presses Packing too late is told who has the order', async ({ page, request, playwright, baseURL }) => {
  const plan = readOrderPlan();
  const { raw, headers } = signedOrder({
    orderNo: `E2E-RACE-${Date.now()}`,
    storeCode: TEST_STORE,
    deliveryType: 1,
    paymentId: 2,
    customer: { name: 'Dodi Pelanggan Uji', phone: '081298765432', address: 'Jl. Kemang Raya No. 1, Jakarta Selatan', latitude: -6.26, longitude: 106.81 },
    lines: [{ barcode: plan.outOfStock.barcode, qty: 1 }],
  });
  const intake = await request.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers });
  expect(intake.status()).toBe(201);
  const { shipmentNo } = ((await intake.json()) as { data: IntakeReply }).data;

  // This phone has lost its live connection, so its screen still shows "Baru".
  await page.route('**/api/events*', (route) => route.abort());
  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1101/${shipmentNo}/delivery`);
  await expect(page.getByTestId('action-button')).toHaveText('Packing');

  // Meanwhile the kepala toko claims it on another phone.
  const chief = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'gerai' } });
  expect((await chief.post('/api/auth/login', { data: { nik: '20000001', password: 'gerai123' } })).ok()).toBe(true);
  const claimed = await chief.post(`/api/orders/${shipmentNo}/claim`, { headers: { 'Idempotency-Key': `e2e-claim-${Date.now()}` }, data: {} });
  expect(claimed.status()).toBe(200);
  const chiefName = ((await claimed.json()) as { data: { pickerName: string } }).data.pickerName;
  await chief.dispose();

  await page.getByTestId('action-button').click();
  const dialog = page.getByRole('dialog', { name: 'Pesanan sudah diambil' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Pesanan ini sudah diambil oleh ${chiefName}.`);
  await snap(page, 'orders-13-already-claimed');
  await dialog.getByRole('button', { name: 'OK' }).click();
  // The screen says who took it instead of silently becoming a picking screen (decision 82).
  const notice = page.getByTestId('changed-elsewhere');
  await expect(notice).toContainText(`Pesanan diambil ${chiefName}`);
  await expect(page).toHaveURL(new RegExp(`/order/detail/1101/${shipmentNo}/delivery$`));
  // Helping is a choice: then Picking, with the chief as picker.
  await notice.getByRole('button', { name: 'Ikut bantu picking' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/detail/1102/${shipmentNo}/delivery$`));
  await expect(page.getByTestId('order-header')).toContainText(chiefName);
});

test('a claim made on another phone reaches this phone’s open order, and a reload keeps it', async ({ page, request, baseURL }) => {
  const [product] = await orderableProducts(baseURL!, 1);
  const shipmentNo = await newPickupOrder(request, 'LIVE', 'Lina Pelanggan Live', [{ barcode: product!.barcode, qty: 1 }]);
  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1101/${shipmentNo}/pickup`);
  await expect(page.getByTestId('action-button')).toHaveText('Packing');

  // The kepala toko claims it on their phone.
  const chief = await signInOnce(baseURL!, '20000001', 'test-results/orders-chief.json');
  const claimed = await chief.post(`/api/orders/${shipmentNo}/claim`, { headers: { 'Idempotency-Key': `e2e-live-claim-${Date.now()}` }, data: {} });
  expect(claimed.status()).toBe(200);
  const chiefName = ((await claimed.json()) as { data: { pickerName: string } }).data.pickerName;
  await chief.dispose();

  // This phone's open screen says so at once, without a reload (decision 82).
  await expect(page.getByTestId('changed-elsewhere')).toContainText(`Pesanan diambil ${chiefName}`);
  // Reloaded at once, it opens the order as claimed: from the saved copy, then from the server.
  await reloadKeeps(page, [`/api/orders/${shipmentNo}`], async () => {
    await expect(page.getByTestId('order-header')).toContainText(chiefName);
    await expect(page.getByTestId('picking-panel')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Packing', exact: true })).toHaveCount(0);
  });
});

function rupiah(amount: number): string {
  return new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amount);
}
