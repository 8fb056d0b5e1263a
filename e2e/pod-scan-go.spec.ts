import { expect, test } from '@playwright/test';
import { snap } from './fixtures';
import { signInPeople } from './support/people';
import { createDeliveryOrder, findDeliveryOrder, northOf } from './support/pod';
import { fillReceiver, openHome, standAt, T001_AREA } from './support/scan-go';

/**
 * Scan-and-go proof of delivery, checked by the server against the customer's
 * coordinates. The phone's position is set by the test (Playwright geolocation).
 */
const CREW = '10000001';

/** Each person signs in once for the whole spec (logins are rate-limited); their phones reuse the cookies. */

const people = signInPeople('pod-scan-go', { crew: CREW });

test.use({ storageState: people.state.crew });

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
