import { expect, test } from '@playwright/test';
import { snap } from './fixtures';
import { signInPeople } from './support/people';
import { reloadKeeps } from './support/phone';
import { createDeliveryOrder, northOf } from './support/pod';
import { fillReceiver, newPhone, openHome, sendPodRequest, standAt, T001_AREA } from './support/scan-go';

/**
 * Scan-and-go proof of delivery, checked by the server against the customer's
 * coordinates, and the supervisor's approval queue. The phone's position is set
 * by the test (Playwright geolocation); the supervisor works in a second browser.
 */
const CREW = '10000001';
const CHIEF = '20000001';

/** Each person signs in once for the whole spec (logins are rate-limited); their phones reuse the cookies. */

const people = signInPeople('pod-approval', { crew: CREW, chief: CHIEF });

test.use({ storageState: people.state.crew });

test('outside the radius: refused with the spec meaning, requested, approved by the kepala toko on another phone, completed live', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = { ...northOf(T001_AREA, 300), name: 'Dewi Uji Setuju' };
  const order = await createDeliveryOrder(people.api.crew, baseURL!, customer);
  // ~350 m south of the customer: outside the 150 m radius, inside the 1 km a request may come from.
  await standAt(context, northOf(customer, -350));

  // The kepala toko is already on the queue (second browser).
  const chiefContext = await newPhone(browser, baseURL!, people.state.chief);
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

  const chiefContext = await newPhone(browser, baseURL!, people.state.chief);
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
