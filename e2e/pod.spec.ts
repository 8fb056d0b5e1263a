import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from './fixtures';
import { signInPeople } from './support/people';
import { reloadKeeps } from './support/phone';
import { createDeliveryOrder, findDeliveryOrder, northOf, type LatLng } from './support/pod';

/**
 * Scan-and-go proof of delivery, checked by the server against the customer's
 * coordinates, and the supervisor's approval queue. The phone's position is set
 * by the test (Playwright geolocation); the supervisor works in a second browser.
 */
const CREW = '10000001';
const CHIEF = '20000001';
/** Near T001 (Toko Kemang Raya): customers of the orders this test makes. */
const T001_AREA: LatLng = { lat: -6.2607, long: 106.8137 };

/** Each person signs in once for the whole spec (logins are rate-limited); their phones reuse the cookies. */

const people = signInPeople('pod', { crew: CREW, chief: CHIEF });

test.use({ storageState: people.state.crew });

/** Home of a signed-in phone. */
async function openHome(page: Page, name: string) {
  await page.goto('/');
  await expect(page.getByTestId('member-name')).toHaveText(name);
}

/** The kepala toko's phone (a second browser), set up like the project's 360 × 640 Pixel 5. */
async function newPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { viewport: _v, ...pixel } = devices['Pixel 5'];
  return browser.newContext({
    ...pixel,
    viewport: { width: 360, height: 640 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    baseURL,
    storageState: people.state.chief,
  });
}

async function standAt(context: BrowserContext, p: LatLng, accuracy = 12) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: p.lat, longitude: p.long, accuracy });
}

/** The receiver part of the scan-and-go form. */
async function fillReceiver(page: Page, name: string, relation = 'Pemesan', plastic = 1) {
  const form = page.getByTestId('scan-go-form');
  await form.getByLabel('Nama penerima').fill(name);
  await form.getByLabel('Hubungan dengan pemesan').selectOption(relation);
  for (let i = 0; i < plastic; i++) await form.getByRole('button', { name: 'Tambah' }).click();
}

/**
 * Outside the radius: "Kirim POD" takes the position and sends, the spec's meaning comes back,
 * then "Ajukan POD" with a reason — from the modal, or (after closing it) from the action bar.
 */
async function sendPodRequest(page: Page, reason: string, text?: string, via: 'modal' | 'action-bar' = 'modal') {
  await page.getByTestId('scan-go-submit').click();
  const modal = page.getByRole('dialog', { name: 'Lokasi tidak sesuai' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Lokasi Anda tidak berada di area pemesan.');
  await expect(modal).toContainText(/Lokasi Anda \d+ m ke arah selatan dari titik pelanggan, di luar radius 150 m\./);
  await snap(page, 'pod-04-outside-modal');
  if (via === 'modal') {
    await modal.getByRole('button', { name: 'Ajukan POD' }).click();
  } else {
    await modal.getByRole('button', { name: 'Tutup' }).click();
    // What was taken stays beside the action, and the way on is in the bar.
    await expect(page.getByTestId('location-status')).toHaveText(/^Di luar area · \d+ m dari pelanggan · Akurasi ±12 m$/);
    await expect(page.getByTestId('open-pod-request')).toBeInViewport({ ratio: 1 });
    await snap(page, 'pod-04b-outside-action-bar');
    await page.getByTestId('open-pod-request').click();
  }
  const form = page.getByTestId('pod-request-form');
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: reason }).check();
  if (text) await form.getByLabel('Tulis alasan').fill(text);
  await snap(page, 'pod-05-request-form');
  await form.getByRole('button', { name: 'Kirim Pengajuan' }).click();
  await expect(page.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('pod-request-state')).toContainText('Menunggu persetujuan');
}

test('a delivery inside the radius completes by scan and go', async ({ page, context }) => {
  const order = await findDeliveryOrder(people.api.crew);
  // ~25 m north of the customer, a good fix.
  await standAt(context, northOf(order, 25), 8);

  await openHome(page, 'Budi Santoso');
  // From the order: Konfirmasi of a delivery order in Proses leads to scan and go.
  await page.goto(`/order/detail/1103/${order.shipmentNo}/delivery`);
  await page.getByTestId('action-button').click();
  await expect(page).toHaveURL(new RegExp(`/order/detail-scan-go/1103/${order.shipmentNo}/delivery$`));
  await expect(page.getByTestId('scan-go-customer')).toHaveText(order.customerName);
  // On a 360 × 640 phone the main action is in view without scrolling, above the bottom navigation,
  // and the order card, the package check and the start of the form are above the fold.
  const submit = page.getByTestId('scan-go-submit');
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expect(submit).toHaveText('Kirim POD');
  await expect(page.getByTestId('location-status')).toHaveText('Lokasi diambil otomatis saat Kirim POD.');
  for (const id of ['scan-go-order', 'package-check']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Nama penerima')).toBeInViewport({ ratio: 1 });
  const bar = (await submit.boundingBox())!;
  const nav = (await page.getByRole('navigation', { name: 'Navigasi utama' }).boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(nav.y);
  // Every touch target is at least 44 px each way.
  const targets = [
    page.getByTestId('scan-go-goods-toggle'),
    page.getByTestId('scan-go-phone'),
    page.getByTestId('open-package-check'),
    page.getByRole('button', { name: `Isi: ${order.customerName}` }),
    page.getByTestId('plastic-decrease'),
    page.getByTestId('plastic-increase'),
    submit,
  ];
  for (const target of targets) {
    const box = (await target.boundingBox())!;
    expect(Math.min(box.width, box.height), await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  // Nothing arriving after the first paint moves the form.
  const formTop = (await page.getByTestId('scan-go-form').boundingBox())!.y;
  await page.waitForTimeout(1500);
  expect((await page.getByTestId('scan-go-form').boundingBox())!.y).toBe(formTop);
  await snap(page, 'pod-01-scan-go');

  // The goods, behind "Barang (n)".
  await page.getByTestId('scan-go-goods-toggle').click();
  await expect(page.getByTestId('scan-go-goods')).toBeVisible();
  await snap(page, 'pod-01b-goods');
  await page.getByTestId('scan-go-goods-toggle').click();

  // The package: type its shipmentNo (the hardware/camera scanner does the same).
  await page.getByTestId('open-package-check').click();
  await page.getByLabel('Ketik no. shipment').fill(order.shipmentNo);
  await page.getByRole('button', { name: 'Kirim', exact: true }).click();
  await expect(page.getByTestId('package-verified')).toBeVisible();

  await fillReceiver(page, 'Ibu Pemesan', 'Lainnya', 2);
  await submit.click();
  // "Lainnya" needs the relation written out: the form says so and nothing is taken or sent.
  await expect(page.getByText('Tuliskan hubungan penerima untuk pilihan Lainnya.')).toBeVisible();
  await expect(page.getByTestId('location-status')).toHaveAttribute('data-state', 'idle');
  await expect(submit).toBeInViewport({ ratio: 1 });
  await snap(page, 'pod-02-form-lainnya');
  await page.getByLabel('Hubungan lainnya').fill('Asisten rumah tangga');
  // One tap: "Kirim POD" takes the position, then sends.
  await submit.click();

  const success = page.getByRole('dialog', { name: 'Scan & Go berhasil' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(`Pesanan ${order.shipmentNo} diterima oleh Ibu Pemesan, 25 m dari titik pelanggan.`);
  await snap(page, 'pod-03-success');
  await success.getByRole('button', { name: 'Ke Pesanan Selesai' }).click();
  await expect(page).toHaveURL(/\/list-done$/);
  await expect(page.getByTestId(`order-card-${order.shipmentNo}`)).toBeVisible();

  // The server recorded it: the order is completed.
  const detail = await people.api.crew.get(`/api/orders/${order.shipmentNo}`);
  expect(((await detail.json()) as { data: { statusId: number } }).data.statusId).toBe(1104);
});

test('a position that cannot be taken: "Kirim POD" says why and sends nothing; "Coba lagi" takes it and sends', async ({ page, context, baseURL }) => {
  const customer = { ...northOf(T001_AREA, 150), name: 'Sari Uji Lokasi' };
  const order = await createDeliveryOrder(people.api.crew, baseURL!, customer);
  // The crew has not allowed the position (the browser refuses it).
  await context.clearPermissions();
  await page.goto(`/order/detail-scan-go/1103/${order.shipmentNo}/delivery`);
  await fillReceiver(page, 'Sari', 'Pemesan', 0);
  const submit = page.getByTestId('scan-go-submit');
  await submit.click();

  const error = page.getByTestId('location-error');
  await expect(error).toContainText('POD belum dikirim: lokasi tidak didapat.');
  await expect(error).toContainText('Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.');
  await expect(submit).toHaveText('Coba lagi');
  // The reason and the way on are both in view, over the screen (nothing under them moved).
  await expect(error).toBeInViewport({ ratio: 1 });
  await expect(submit).toBeInViewport({ ratio: 1 });
  await snap(page, 'pod-02c-location-denied');
  const before = await people.api.crew.get(`/api/orders/${order.shipmentNo}`);
  expect(((await before.json()) as { data: { statusId: number } }).data.statusId).toBe(1103);

  // Allowed now: "Coba lagi" takes the position and sends.
  await standAt(context, northOf(customer, 10), 8);
  await submit.click();
  const success = page.getByRole('dialog', { name: 'Scan & Go berhasil' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(`Pesanan ${order.shipmentNo} diterima oleh Sari, 10 m dari titik pelanggan.`);
});

test('outside the radius: refused with the spec meaning, requested, approved by the kepala toko on another phone, completed live', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = { ...northOf(T001_AREA, 300), name: 'Dewi Uji Setuju' };
  const order = await createDeliveryOrder(people.api.crew, baseURL!, customer);
  // ~350 m south of the customer: outside the 150 m radius, inside the 1 km a request may come from.
  await standAt(context, northOf(customer, -350));

  // The kepala toko is already on the queue (second browser).
  const chiefContext = await newPhone(browser, baseURL!);
  const chief = await chiefContext.newPage();
  await openHome(chief, 'Agus Setiawan');
  await chief.getByTestId('feature-pod').click();
  // The tile counts the active store: it opens that store's queue.
  await expect(chief).toHaveURL(/\/list-pengajuan-pod\?storeCode=T001$/);
  await expect(chief.getByTestId('pod-tab-pending')).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`/order/detail-scan-go/1103/${order.shipmentNo}/delivery`);
  await fillReceiver(page, 'Dewi');
  await sendPodRequest(page, 'Pelanggan meminta bertemu di lokasi lain', undefined, 'action-bar');
  await expect(page.getByText(`Pengajuan POD ${order.shipmentNo} terkirim. Menunggu persetujuan.`)).toBeVisible();
  await snap(page, 'pod-06-crew-pending');

  // Live on the supervisor's phone: banner and the new request in the list.
  const banner = chief.getByTestId('pod-request-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(order.shipmentNo);
  const card = chief.getByTestId(`pod-request-${order.shipmentNo}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pelanggan meminta bertemu di lokasi lain');
  await snap(chief, 'pod-07-queue-live');
  await banner.getByRole('button', { name: 'Tutup pemberitahuan' }).click();

  await card.click();
  await expect(chief).toHaveURL(new RegExp(`/pengajuan-pod/detail/${order.shipmentNo}/1/order$`));
  await expect(chief.getByTestId('pod-requester')).toContainText('10000001');
  await expect(chief.getByTestId('pod-positions')).toContainText(/Posisi kru 350 m ke arah selatan dari titik pelanggan/);
  await expect(chief.getByTestId('pod-positions')).toContainText('±12 m');
  await snap(chief, 'pod-08-detail');
  // Under the sticky header: scroll the positions to the top of the screen.
  await chief.getByTestId('pod-positions').evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 64));
  await snap(chief, 'pod-09-detail-positions');

  await chief.getByTestId('pod-approve').click();
  const confirm = chief.getByRole('dialog', { name: 'Setujui pengajuan POD?' });
  await expect(confirm).toBeVisible();
  await snap(chief, 'pod-10-approve-confirm');
  await confirm.getByRole('button', { name: 'Ya, setujui' }).click();
  await expect(chief.getByTestId('pod-decision')).toContainText('Disetujui');
  await expect(chief.getByTestId('pod-approve')).toHaveCount(0);
  await snap(chief, 'pod-11-approved');

  // The crew's phone hears it at once: completed.
  const success = page.getByRole('dialog', { name: 'Scan & Go berhasil' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(`Pengajuan POD pesanan ${order.shipmentNo} disetujui oleh`);
  await snap(page, 'pod-12-crew-approved');
  await success.getByRole('button', { name: 'Ke Pesanan Selesai' }).click();
  await expect(page.getByTestId(`order-card-${order.shipmentNo}`)).toBeVisible();

  // Deciding twice: the message comes back inline.
  const again = await people.api.chief.post(`/api/pod/requests/${order.shipmentNo}/approve`, { form: {} });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('Approval POD Sudah Dilakukan.');
  await chiefContext.close();
});

test('a rejection reaches the crew with its reason; another request is possible', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = { ...northOf(T001_AREA, -250), name: 'Rudi Uji Tolak' };
  const order = await createDeliveryOrder(people.api.crew, baseURL!, customer);
  await standAt(context, northOf(customer, -400));

  await page.goto(`/order/detail-scan-go/1103/${order.shipmentNo}/delivery`);
  await fillReceiver(page, 'Rudi');
  await sendPodRequest(page, 'Lainnya', 'Pelanggan minta diantar ke pos satpam');

  const chiefContext = await newPhone(browser, baseURL!);
  const chief = await chiefContext.newPage();
  await openHome(chief, 'Agus Setiawan');
  // Home tells the kepala toko at once: the notice on top and the tile's badge.
  await expect(chief.getByTestId('pod-pending-notice')).toContainText(/\d+ POD menunggu keputusan/);
  await expect(chief.getByTestId('pod-pending-badge')).toBeAttached();
  await snap(chief, 'pod-13-home-notice');
  await chief.getByTestId('feature-pod').evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 200));
  await snap(chief, 'pod-13b-home-badge');
  await chief.goto(`/pengajuan-pod/detail/${order.shipmentNo}/1/order`);
  await expect(chief.getByTestId('pod-reason')).toHaveText('Pelanggan minta diantar ke pos satpam');
  await chief.getByTestId('pod-reject').click();
  const form = chief.getByTestId('pod-reject-form');
  await form.getByRole('radio', { name: 'Nama penerima tidak sesuai' }).check();
  await snap(chief, 'pod-14-reject-form');
  await form.getByRole('button', { name: 'Kirim Penolakan' }).click();
  await expect(chief.getByTestId('pod-decision')).toContainText('Ditolak');
  await expect(chief.getByTestId('pod-decision-reason')).toHaveText('Alasan penolakan: Nama penerima tidak sesuai');

  // The crew sees it live, with the reason, and may ask again.
  const state = page.getByTestId('pod-request-state');
  await expect(state).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByTestId('pod-reject-reason')).toContainText('Nama penerima tidak sesuai');
  await expect(page.getByText(`Pengajuan POD ${order.shipmentNo} ditolak: Nama penerima tidak sesuai`)).toBeVisible();
  await snap(page, 'pod-15-crew-rejected');
  // Reloaded at once, the crew's screen keeps the decision: from the saved copy, then from the server.
  await reloadKeeps(page, ['/api/pod/requests/mine'], async () => {
    await expect(state).toHaveAttribute('data-status', 'rejected');
    await expect(page.getByTestId('pod-reject-reason')).toContainText('Nama penerima tidak sesuai');
  });
  await page.getByTestId('request-again').click();
  await expect(page.getByTestId('pod-request-form')).toBeVisible();

  // The order is still in Proses.
  const detail = await people.api.crew.get(`/api/orders/${order.shipmentNo}`);
  expect(((await detail.json()) as { data: { statusId: number } }).data.statusId).toBe(1103);
  await chiefContext.close();
});

test('staff have no access to the queue', async ({ page }) => {
  await openHome(page, 'Budi Santoso');
  await expect(page.getByTestId('feature-pod')).toHaveCount(0);
  await page.goto('/list-pengajuan-pod');
  await expect(page.getByText('Anda tidak memiliki akses')).toBeVisible();
  await snap(page, 'pod-16-staff-no-access');
});
