import { expect, test } from '@playwright/test';
import { snap } from './fixtures';
import { BOOKING_PHONE as PHONE, holdFirstRead, productServedNearby, T001_CREW, T003_CREW } from './support/bookings';
import { watchErrors } from './support/phone';
import { newPickupOrder } from './support/channel';
import { signInOnce } from './support/pod';
import { signInPeople } from './support/people';

// Issue 12: the ordering phone (T001) follows a booking the serving store (T003) takes, in place and
// from its saved copy, and a read begun before the take never lands as "Menunggu".

const T003_STATE = 'test-results/booking-t003.json';

const { api, state } = signInPeople('bookings-follow', { t001: T001_CREW });

test.use({ ...PHONE, storageState: state.t001 });

test('the ordering phone follows the serving store in place: T003 takes, T001 is told what changed and gets the receive panel, its saved copy too', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const t003 = await signInOnce(baseURL!, T003_CREW, T003_STATE);
  const product = await productServedNearby(api.t001, baseURL!, 2);
  const shipmentNo = await newPickupOrder(api.t001, 'BOOKLIVE', 'Ayu Pelanggan Live', [{ barcode: product.barcode, qty: 2 }]);
  await api.t001.post(`/api/orders/${shipmentNo}/claim`, { data: {}, headers: { 'Idempotency-Key': `e2e-booklive-claim-${Date.now()}` } });
  const lineId = ((await (await api.t001.get(`/api/orders/${shipmentNo}`)).json()) as { data: { products: Array<{ lineId: number }> } }).data.products[0]!.lineId;
  // Gerai proposes T003 first (T001's kelurahan): one unit booked there twice.
  const proposal = ((await (await api.t001.get(`/api/bookings/proposal?shipmentNo=${shipmentNo}&lineId=${lineId}`)).json()) as { data: { stores: Array<{ storeCode: string }> } }).data;
  expect(proposal.stores[0]!.storeCode).toBe('T003');
  const book = async (n: number) => {
    const res = await api.t001.post('/api/bookings', { data: { shipmentNo, lineId, qty: 1, storeCode: 'T003' }, headers: { 'Idempotency-Key': `e2e-booklive-${n}-${Date.now()}` } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: { bookID: number } }).data.bookID;
  };
  const [first, second] = [await book(1), await book(2)];
  const errors = watchErrors(page);
  const take = (bookID: number) => t003.post(`/api/bookings/${bookID}/take`, { data: {}, headers: { 'Idempotency-Key': `e2e-booklive-take-${bookID}-${Date.now()}` } });

  // 1. The booking open on T001's phone while T003's crew take it on theirs.
  await page.goto(`/get-product/${first}`);
  await expect(page.getByTestId('booking-status-chip').first()).toHaveText('Menunggu');
  const t003Context = await browser.newContext({ ...PHONE, baseURL, storageState: T003_STATE });
  const serving = await t003Context.newPage();
  await serving.goto(`/get-product/${first}`);
  await serving.getByTestId('booking-take').click();
  await serving.getByRole('dialog', { name: 'Ambil booking?' }).getByRole('button', { name: 'Ya, ambil' }).click();
  await expect(serving.getByTestId('booking-store-taken')).toHaveText('T003');
  await expect(page.getByTestId('booking-change-text')).toHaveText('Diambil oleh T003 · 1 unit', { timeout: 15_000 });
  await expect(page.getByTestId('receive-panel')).toBeVisible();
  await expect(page.getByTestId('booking-store-taken')).toHaveText('T003');
  await expect(page).toHaveURL(new RegExp(`/get-product/${first}$`));
  await expect(page.getByText('Booking berubah')).toHaveCount(0);
  await snap(page, 'booking-13-t001-taken-in-place');
  await t003Context.close();

  // 2. The other booking was seen, then left for the order; it is taken while no screen shows it, and
  //    its read is slow: opened from the order line it is "Diambil" with the receive panel at once.
  await page.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await page.getByTestId(`line-booking-${second}`).click();
  await expect(page.getByTestId('booking-status-chip').first()).toHaveText('Menunggu');
  await page.getByRole('button', { name: 'Kembali' }).click();
  await expect(page.getByTestId(`line-booking-${second}-taken`)).toHaveText('Diambil: -');
  await page.route(`**/api/bookings/${second}`, async (route) => {
    await new Promise((r) => setTimeout(r, 6_000));
    await route.continue().catch(() => undefined);
  });
  expect((await take(second)).ok()).toBe(true);
  await expect(page.getByTestId(`line-booking-${second}-taken`)).toHaveText('Diambil: T003 · 1', { timeout: 15_000 });
  await page.getByTestId(`line-booking-${second}`).click();
  await expect(page.getByTestId('receive-panel')).toBeVisible({ timeout: 3_000 });
  await expect(page.getByTestId('booking-status-chip').first()).toHaveText('Diambil');
  await expect(page.getByTestId('booking-store-taken')).toHaveText('T003');
  await expect(page.getByTestId('booking-change')).toHaveCount(0);
  // The phone's saved copy too: reloaded (the read still slow), the booking opens as taken.
  await page.getByRole('button', { name: 'Kembali' }).click();
  await page.waitForTimeout(1_500);
  await page.reload();
  await page.getByTestId(`line-booking-${second}`).click();
  await expect(page.getByTestId('receive-panel')).toBeVisible({ timeout: 3_000 });
  await page.unroute(`**/api/bookings/${second}`);
  expect(errors).toEqual([]);
  await t003.dispose();
});

test('a booking read begun before the serving store took it never lands as "Menunggu" on the ordering phone, nor after a reload', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const t003 = await signInOnce(baseURL!, T003_CREW, T003_STATE);
  const product = await productServedNearby(api.t001, baseURL!, 2);
  const shipmentNo = await newPickupOrder(api.t001, 'BOOKRACE', 'Dina Pelanggan Race', [{ barcode: product.barcode, qty: 2 }]);
  await api.t001.post(`/api/orders/${shipmentNo}/claim`, { data: {}, headers: { 'Idempotency-Key': `e2e-bookrace-claim-${Date.now()}` } });
  const lineId = ((await (await api.t001.get(`/api/orders/${shipmentNo}`)).json()) as { data: { products: Array<{ lineId: number }> } }).data.products[0]!.lineId;
  const booked = await api.t001.post('/api/bookings', { data: { shipmentNo, lineId, qty: 2, storeCode: 'T003' }, headers: { 'Idempotency-Key': `e2e-bookrace-${Date.now()}` } });
  const bookID = ((await booked.json()) as { data: { bookID: number } }).data.bookID;

  // T001's crew open the booking from the order line on a slow network: the read leaves before T003
  // takes it, and its answer ("Menunggu") arrives after the take's event.
  await page.goto(`/order/detail/1102/${shipmentNo}/pickup`);
  await expect(page.getByTestId(`line-booking-${bookID}-taken`)).toHaveText('Diambil: -');
  const read = await holdFirstRead(page, `**/api/bookings/${bookID}`);
  await page.getByTestId(`line-booking-${bookID}`).click();
  await expect(page.getByTestId('booking-detail-loading')).toBeVisible();
  // Meanwhile T003's crew take it on their phone.
  const t003Context = await browser.newContext({ ...PHONE, baseURL, storageState: T003_STATE });
  const serving = await t003Context.newPage();
  await serving.goto(`/get-product/${bookID}`);
  await serving.getByTestId('booking-take').click();
  await serving.getByRole('dialog', { name: 'Ambil booking?' }).getByRole('button', { name: 'Ya, ambil' }).click();
  await expect(serving.getByTestId('booking-store-taken')).toHaveText('T003');
  await t003Context.close();
  read.release();

  // The answer from before the take is not taken as the booking now: taken by T003, the receive panel.
  await expect(page.getByTestId('booking-status-chip').first()).toHaveText('Diambil', { timeout: 5_000 });
  await expect(page.getByTestId('booking-store-taken')).toHaveText('T003');
  await expect(page.getByTestId('receive-panel')).toBeVisible();
  await snap(page, 'booking-14-t001-read-raced-take');
  // Reloaded at once: the saved copy opens it as taken too.
  await page.reload();
  await expect(page.getByTestId('booking-status-chip').first()).toHaveText('Diambil');
  await expect(page.getByTestId('receive-panel')).toBeVisible();
  await t003.dispose();
});
