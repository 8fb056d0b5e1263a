import { devices, expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { snap } from './fixtures';
import { signInPeople } from './support/people';
import { reloadKeeps } from './support/phone';
import { TINY_PNG, findReturnableOrder, stockOf } from './support/returns';

/**
 * A return (retur) of a completed pickup order on a 360 × 640 phone: the crew records it with a
 * line and a photo, the kepala toko approves it on a second phone, the crew receives the goods
 * back into the sellable stock (the store's stock of the product goes up), the kepala toko
 * confirms the refund. While the return is open, a POD for the order is refused.
 */
const CREW = '10000001';
const CHIEF = '20000001';
/** Cookie-authenticated changes say they come from a script of ours (CSRF rule). */
const CSRF = { 'X-Requested-With': 'gerai-e2e' };

const people = signInPeople('returns', { crew: CREW, chief: CHIEF });

test.use({ storageState: people.state.crew });

/** The kepala toko's phone (a second browser), set up like the project's 360 × 640 Pixel 5. */
async function chiefPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { viewport: _v, ...pixel } = devices['Pixel 5'];
  return browser.newContext({ ...pixel, viewport: { width: 360, height: 640 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta', baseURL, storageState: people.state.chief });
}

test('a completed pickup order is returned with a photo, approved, received into stock and refunded; POD is refused meanwhile', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const order = await findReturnableOrder(people.api.crew, { deliveryType: 0 });
  const { shipmentNo, line } = order;
  const stockBefore = await stockOf(baseURL!, line.barcode);

  // The crew opens the completed order and starts a return from it.
  await page.goto(`/order/detail/1104/${shipmentNo}/pickup`);
  await expect(page.getByTestId('order-status')).toHaveText('Selesai');
  await page.getByTestId('request-return').click();
  await expect(page).toHaveURL(new RegExp(`/retur/request/${shipmentNo}/pickup$`));
  await expect(page.getByTestId('return-request-form')).toBeVisible();
  await expect(page.getByTestId('return-submit')).toBeInViewport({ ratio: 1 });

  // Nothing chosen yet: the form says what is missing and sends nothing.
  await page.getByTestId('return-submit').click();
  await expect(page.getByTestId('return-lines-error')).toHaveText('Pilih minimal satu barang yang diretur.');
  await expect(page.getByTestId('return-photos-error')).toHaveText('Lampirkan minimal 1 foto barang.');

  // One unit of one line, a reason, one photo (made small and uploaded at once).
  const increase = page.getByTestId(`return-qty-${line.lineId}-increase`);
  await increase.click();
  await expect(page.getByTestId(`return-qty-${line.lineId}-value`)).toHaveValue('1');
  await page.getByTestId('return-reason-picker').getByRole('radio').first().check();
  await page.getByTestId('return-photo-input').setInputFiles({ name: 'retur.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('return-photos-count')).toHaveText('1/5 foto');
  await snap(page, 'returns-01-request');

  await page.getByTestId('return-submit').click();
  await expect(page).toHaveURL(new RegExp(`/retur/detail/${shipmentNo}/pickup$`));
  await expect(page.getByTestId('return-status-chip')).toHaveText('Diajukan');
  await expect(page.getByTestId('toasts')).toContainText(`Retur ${shipmentNo} diajukan`);
  await expect(page.getByTestId('return-waiting')).toHaveText('Menunggu keputusan kepala toko.');
  await expect(page.getByTestId(`return-detail-line-${line.lineId}`)).toContainText('Diretur 1 · Belum diterima');
  await expect(page.getByTestId('return-gallery').getByRole('img')).toHaveCount(1);
  // Staff do not decide: no approve or reject here.
  await expect(page.getByTestId('return-approve')).toHaveCount(0);
  await snap(page, 'returns-02-detail-requested');

  // While the return is open, a POD for the order is refused with the spec's message.
  const refused = await page.request.post('/api/pod/scan-go', {
    headers: CSRF,
    data: {
      shipmentNo,
      orderNo: order.orderNo,
      lat: -6.2607,
      long: 106.8137,
      accuracy: 10,
      capturedAt: new Date().toISOString(),
      receiverName: 'Pelanggan Uji',
      receiverRelation: 'Pemesan',
      isValidate: true,
      plasticQty: 0,
    },
  });
  expect(refused.status()).toBe(422);
  const refusal = (await refused.json()) as { code: string; message: string };
  expect(refusal).toMatchObject({ code: 'POD_ORDER_IN_RETURN', message: 'Order sedang dalam pengajuan retur' });

  // The kepala toko, on a second phone, finds it in the list of requested returns and approves it.
  const chiefContext = await chiefPhone(browser, baseURL!);
  const chief = await chiefContext.newPage();
  await chief.goto('/retur/list/requested');
  await expect(chief.getByTestId('return-tab-requested')).toHaveAttribute('aria-pressed', 'true');
  await chief.getByTestId(`return-card-${shipmentNo}`).click();
  await expect(chief).toHaveURL(new RegExp(`/retur/detail/${shipmentNo}/pickup$`));
  await expect(chief.getByTestId('return-approve')).toBeInViewport({ ratio: 1 });
  await snap(chief, 'returns-03-chief-decides');
  await chief.getByTestId('return-approve').click();
  await chief.getByRole('dialog', { name: 'Setujui retur?' }).getByRole('button', { name: 'Ya, setujui' }).click();
  await expect(chief.getByTestId('return-status-chip')).toHaveText('Disetujui');

  // The crew's screen follows live: a pickup order's goods are received at the counter.
  await expect(page.getByTestId('return-status-chip')).toHaveText('Disetujui');
  const receive = page.getByTestId('return-receive-form');
  await expect(receive).toBeVisible();
  await expect(receive.getByTestId(`receive-qty-${line.lineId}-value`)).toHaveValue('1');
  await expect(receive.getByTestId(`receive-condition-${line.lineId}`).getByRole('radio', { name: 'Layak jual' })).toBeChecked();
  await snap(page, 'returns-04-receive');
  // Reloaded at once, the approval stays: from the saved copy, then from the server.
  await reloadKeeps(page, [`/api/returns/${shipmentNo}`], async () => {
    await expect(page.getByTestId('return-status-chip')).toHaveText('Disetujui');
    await expect(receive).toBeVisible();
  });
  await page.getByTestId('return-receive').click();
  await expect(page.getByTestId('return-status-chip')).toHaveText('Diterima di toko');
  const received = page.getByTestId(`return-detail-line-${line.lineId}`).getByTestId('return-line-received');
  await expect(received).toHaveText('Diterima 1 · Layak jual');
  await expect(received).toHaveAttribute('data-condition', 'sellable');

  // The unit is back in the store's sellable stock.
  await expect.poll(() => stockOf(baseURL!, line.barcode)).toBe(stockBefore + 1);

  // The kepala toko confirms the refund: the return is complete.
  await expect(chief.getByTestId('return-refund')).toBeVisible();
  await chief.getByTestId('return-refund').click();
  await chief.getByRole('dialog', { name: 'Dana sudah dikembalikan?' }).getByRole('button', { name: 'Ya, sudah dikembalikan' }).click();
  await expect(chief.getByTestId('return-status-chip')).toHaveText('Dana dikembalikan');
  await expect(chief.getByTestId('return-history-entry')).toHaveCount(4);
  await expect(page.getByTestId('return-status-chip')).toHaveText('Dana dikembalikan');
  await snap(chief, 'returns-05-refunded');
  // Refunded once: the stock did not move again.
  expect(await stockOf(baseURL!, line.barcode)).toBe(stockBefore + 1);

  await chiefContext.close();
});
