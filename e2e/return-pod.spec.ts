import { devices, expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { snap } from './fixtures';
import { signInPeople } from './support/people';
import { northOf, type LatLng } from './support/pod';
import { TINY_PNG, findReturnableOrder } from './support/returns';

/**
 * The return POD outside the radius on two 360 × 640 phones: the crew collecting a delivery
 * return's goods stand ~350 m from the customer (a fake position), the collection is refused and
 * the screen offers the POD request (type retur) with a reason; the kepala toko approves it from
 * the same queue as scan and go's, and the crew's open screen moves on live (the return is
 * collected). Then a rejection reaches the crew's open screen with its reason.
 */
const CREW = '10000001';
const CHIEF = '20000001';
const used: string[] = [];

const people = signInPeople('return-pod', { crew: CREW, chief: CHIEF });

test.use({ storageState: people.state.crew });

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A completed T001 delivery order with an approved return of one unit (recorded and approved through the API): its goods wait to be collected. */
async function approvedDeliveryReturn(): Promise<{ shipmentNo: string; customer: LatLng }> {
  const order = await findReturnableOrder(people.api.crew, { deliveryType: 1, skip: used });
  used.push(order.shipmentNo);
  const photo = await data<{ id: string }>(await people.api.crew.post('/api/uploads', { multipart: { file: { name: 'retur.png', mimeType: 'image/png', buffer: TINY_PNG } } }), 'upload');
  await data(await people.api.crew.post('/api/returns', { data: { shipmentNo: order.shipmentNo, reasonId: 1, lines: [{ lineId: order.line.lineId, qty: 1 }], photoIds: [photo.id] } }), 'return');
  const approved = await data<{ customerLatitude: number | null; customerLongitude: number | null }>(await people.api.chief.post(`/api/returns/${order.shipmentNo}/approve`, { data: {} }), 'approve return');
  if (approved.customerLatitude === null || approved.customerLongitude === null) throw new Error(`${order.shipmentNo} has no customer point`);
  return { shipmentNo: order.shipmentNo, customer: { lat: approved.customerLatitude, long: approved.customerLongitude } };
}

/** The kepala toko's phone (a second browser), set up like the project's 360 × 640 Pixel 5. */
async function chiefPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { viewport: _v, ...pixel } = devices['Pixel 5'];
  return browser.newContext({ ...pixel, viewport: { width: 360, height: 640 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta', baseURL, storageState: people.state.chief });
}

async function standAt(context: BrowserContext, p: LatLng) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: p.lat, longitude: p.long, accuracy: 12 });
}

test('a delivery return collected outside the radius: requested with a reason, approved on the kepala toko’s phone, the crew’s screen moves on live', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  const ret = await approvedDeliveryReturn();
  // ~350 m south of the customer: outside the 150 m radius, inside the 1 km a request may come from.
  await standAt(context, northOf(ret.customer, -350));

  const chiefContext = await chiefPhone(browser, baseURL!);
  const chief = await chiefContext.newPage();
  await chief.goto('/list-pengajuan-pod');
  await expect(chief.getByTestId('pod-tab-pending')).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`/retur/pod/${ret.shipmentNo}`);
  await page.getByLabel('Nama yang menyerahkan').fill('Dewi');
  await page.getByLabel('Hubungan dengan pemesan').selectOption('Pemesan');
  await page.getByTestId('return-pod-submit').click();

  // The refusal is next to the button, and the way on opens: the POD request of type retur.
  await expect(page.getByTestId('return-pod-blocked')).toContainText('Lokasi tidak sesuai');
  await expect(page.getByTestId('return-pod-blocked')).toBeInViewport();
  const form = page.getByTestId('pod-request-form');
  await expect(form).toHaveAttribute('data-type', 'retur');
  await expect(form).toBeInViewport();
  await snap(page, 'return-pod-01-refused-request');
  await form.getByRole('radio', { name: 'Lainnya' }).click();
  await form.getByLabel('Tulis alasan').fill('Pelanggan menunggu di gerbang komplek');
  await form.getByRole('button', { name: 'Kirim Pengajuan' }).click();
  await expect(page.getByText(`Pengajuan POD retur ${ret.shipmentNo} terkirim. Menunggu persetujuan.`)).toBeVisible();
  await expect(page.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');

  // Live on the kepala toko's phone: the banner and the request in the queue, named as a return POD.
  await expect(chief.getByTestId('pod-request-banner')).toContainText('Pengajuan POD retur baru');
  await chief.getByTestId('pod-request-banner').getByRole('button', { name: 'Tutup pemberitahuan' }).click();
  const card = chief.getByTestId(`pod-request-${ret.shipmentNo}`);
  await expect(card).toContainText('POD Retur');
  await expect(card).toContainText('Pelanggan menunggu di gerbang komplek');
  await card.click();
  await expect(chief).toHaveURL(new RegExp(`/pengajuan-pod/detail/${ret.shipmentNo}/1/retur$`));
  await expect(chief.getByTestId('pod-detail-type')).toHaveText('POD Retur');
  await expect(chief.getByTestId('pod-return-status')).toHaveText('Disetujui');
  await expect(chief.getByTestId('pod-positions')).toContainText(/Posisi kru 350 m ke arah selatan dari titik pelanggan/);
  await snap(chief, 'return-pod-02-detail');
  await chief.getByTestId('pod-approve').click();
  const confirm = chief.getByRole('dialog', { name: 'Setujui pengajuan POD retur?' });
  await confirm.getByRole('button', { name: 'Ya, setujui' }).click();
  await expect(chief.getByTestId('pod-decision')).toContainText('Disetujui');
  await expect(chief.getByTestId('pod-return-status')).toHaveText('Diambil dari pelanggan');

  // The crew's open screen moves on by itself: the return is collected, its next step is receiving it.
  await expect(page).toHaveURL(new RegExp(`/retur/detail/${ret.shipmentNo}/delivery$`));
  await expect(page.getByTestId('return-status-chip')).toHaveAttribute('data-status', 'collected');
  await snap(page, 'return-pod-03-crew-collected');
  await chiefContext.close();
});

test('a rejected return POD request reaches the crew’s open screen with its reason', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(90_000);
  const ret = await approvedDeliveryReturn();
  const at = northOf(ret.customer, -300);
  await standAt(context, at);
  await data(
    await people.api.crew.post('/api/pod/requests', {
      form: { shipmentNo: ret.shipmentNo, deliveryType: 1, type: 'retur', reasonId: 1, lat: at.lat, long: at.long, accuracy: 12, capturedAt: new Date().toISOString() },
    }),
    'return POD request',
  );
  await page.goto(`/retur/pod/${ret.shipmentNo}`);
  await expect(page.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');

  const chiefContext = await chiefPhone(browser, baseURL!);
  const chief = await chiefContext.newPage();
  await chief.goto(`/pengajuan-pod/detail/${ret.shipmentNo}/1/retur`);
  await chief.getByTestId('pod-reject').click();
  const reject = chief.getByTestId('pod-reject-form');
  await reject.getByRole('radio', { name: 'Lainnya' }).click();
  await reject.getByLabel('Tulis alasan').fill('Foto rumah pelanggan belum ada');
  await reject.getByRole('button', { name: 'Kirim Penolakan' }).click();
  await expect(chief.getByTestId('pod-decision')).toContainText('Ditolak');

  const state = page.getByTestId('pod-request-state');
  await expect(state).toHaveAttribute('data-status', 'rejected');
  await expect(state).toContainText('Pengajuan POD retur ditolak');
  await expect(page.getByTestId('pod-reject-reason')).toContainText('Foto rumah pelanggan belum ada');
  await expect(state.getByRole('button', { name: 'Ajukan lagi' })).toBeVisible();
  await snap(page, 'return-pod-04-crew-rejected');
  await chiefContext.close();
});
