import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginAndWaitForHome } from './fixtures';
import { orderableProducts, signedOrder, TEST_CHANNEL, TEST_STORE, type IntakeReply } from './support/channel';
import { signInOnce } from './support/pod';

// The recap (/rekap-ac) as the kepala toko of T001 reads it on a 360 × 640 phone: today's numbers are
// the API's, the channels CSV downloads for Excel in Indonesia (BOM, `;`) with the same numbers, the
// charts show the same figures, and printing shows the report without the app's navigation.

const SHOTS = '/tmp/shots';

interface RecapReply {
  from: string;
  to: string;
  totals: { orders: number; completed: number; cancelled: number; open: number; returns: number; podExceptions: number };
  byChannel: Array<{ appId: number; orders: number; completed: number; cancelled: number }>;
}

/** Today in WIB (UTC+7 all year), as the page's default range. */
const todayInWib = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A pickup order of T001 taken to completion today, as the crew does it: intake, claim, scan, pack, handover. */
async function completeOrderToday(chief: APIRequestContext, baseURL: string): Promise<string> {
  const [item] = await orderableProducts(baseURL, 2);
  if (!item) throw new Error('no product in stock at T001');
  const { raw, headers } = signedOrder({
    orderNo: `E2E-RECAP-${Date.now()}`,
    storeCode: TEST_STORE,
    deliveryType: 0,
    paymentId: 1,
    customer: { name: 'Pelanggan Rekap', phone: '081234500009' },
    lines: [{ barcode: item.barcode, qty: 1 }],
  });
  const order = await data<IntakeReply>(await chief.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers }), 'intake');
  const sn = order.shipmentNo;
  await data(await chief.post(`/api/orders/${sn}/claim`, { data: {} }), 'claim');
  await data(await chief.post(`/api/orders/${sn}/scan`, { data: { barcode: item.barcode } }), 'scan');
  await data(await chief.post(`/api/orders/${sn}/pack`, { data: {} }), 'pack');
  await data(await chief.post(`/api/orders/${sn}/handover`, { data: { pickupCode: order.pickupCode, receiverName: 'Rina' } }), 'handover');
  return sn;
}

/** A table's body rows as cells: the first (the name) as text, the others as numbers (id-ID: dots group thousands). */
async function tableRows(page: Page, testId: string): Promise<Array<[string, ...number[]]>> {
  const rows = await page.getByTestId(testId).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
  return rows.map(([name, ...figures]) => [name!, ...figures.map((f) => Number(f.replace(/\./g, '').replace(',', '.')))]);
}

const tile = async (page: Page, key: string) => Number((await page.getByTestId(`recap-total-${key}-value`).textContent())!.replace(/\./g, ''));

test("the kepala toko's recap of today: the API's numbers, the channels CSV with the same, drawn and printable", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const chief = await signInOnce(baseURL!, '20000001', 'test-results/recap-chief.json');
  await completeOrderToday(chief, baseURL!);
  await chief.dispose();

  await loginAndWaitForHome(page, '20000001');
  await page.goto('/rekap-ac');
  await expect(page.getByRole('heading', { name: 'Rekap Pesanan' })).toBeVisible();
  await expect(page.getByTestId('recap-summary')).toBeVisible();
  await expect(page.getByTestId('recap-quick-today')).toHaveAttribute('aria-pressed', 'true');
  // One store: named, no store filter.
  await expect(page.getByTestId('recap-scope')).toHaveText(/^T001 · /);
  await expect(page.getByTestId('recap-store')).toHaveCount(0);

  // The same range asked of the API with the page's own cookies.
  const today = todayInWib();
  const recap = await data<RecapReply>(await page.request.get(`/api/recap?from=${today}&to=${today}`), 'recap');
  expect(recap.totals.completed, 'the order completed above is counted').toBeGreaterThan(0);
  for (const key of ['orders', 'completed', 'cancelled', 'open', 'returns', 'podExceptions'] as const) {
    expect(await tile(page, key), key).toBe(recap.totals[key]);
  }
  const shown = await tableRows(page, 'recap-table-channels');
  expect(shown.map(([, ...figures]) => figures)).toEqual(recap.byChannel.map((c) => [c.orders, c.completed, c.cancelled]));

  // The charts come with the figures (SVG, no library): a bar per channel and series with its value, the
  // channels named, the value axis from zero.
  await page.screenshot({ path: `${SHOTS}/recap-01-top.png` });
  const chart = page.getByRole('img', { name: 'Pesanan per kanal. Angkanya ada di tabel di bawah.' });
  await chart.scrollIntoViewIfNeeded();
  const titles = await chart.locator('[data-bar] > title').allTextContents();
  const nonZero = recap.byChannel.flatMap((c) => [c.orders, c.completed, c.cancelled]).filter((n) => n > 0);
  expect(titles, 'one bar per channel and series with a value').toHaveLength(nonZero.length);
  for (const [name] of shown) await expect(chart.getByText(name, { exact: true })).toBeVisible();
  await expect(chart.locator('[data-tick]').first()).toHaveText('0');
  const chartBox = (await chart.boundingBox())!;
  expect(chartBox.width, 'the chart takes its card').toBeGreaterThan(280);
  await expect(page.getByTestId('recap-chart-channels-legend')).toHaveText(/Pesanan.*Selesai.*Batal/);
  await page.screenshot({ path: `${SHOTS}/recap-02-chart.png` });

  // The channels CSV: UTF-8 with a BOM, `;` between fields, the page's numbers.
  const link = page.getByTestId('recap-table-channels-csv');
  await link.scrollIntoViewIfNeeded();
  await expect(link).toHaveAttribute('href', `/api/recap/csv/channels?from=${today}&to=${today}`);
  await page.screenshot({ path: `${SHOTS}/recap-03-tables.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)], 'UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(header).toBe('Kanal;Pesanan;Selesai;Batal');
  const csvRows = records.map((line) => {
    const [name, ...figures] = line.split(';');
    return [name, ...figures.map(Number)];
  });
  expect(csvRows).toEqual(shown);

  // Printing: the report alone, headed by its range and store; no navigation, header, filters or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Navigasi utama' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Kembali' })).toBeHidden();
  await expect(page.getByTestId('recap-filters')).toBeHidden();
  await expect(page.getByTestId('recap-print')).toBeHidden();
  await expect(link).toBeHidden();
  await expect(page.getByTestId('recap-heading')).toContainText('Rekap Pesanan · ');
  await expect(page.getByTestId('recap-scope')).toBeVisible();
  // A chart takes the page's width, and no more.
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(width);
  expect((await chart.boundingBox())!.width).toBeGreaterThan(chartBox.width);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/recap-04-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Navigasi utama' })).toBeVisible();
});

test('a range longer than the limit is said before asking, in Indonesian', async ({ page }) => {
  await loginAndWaitForHome(page, '20000001');
  await page.goto('/rekap-ac');
  await expect(page.getByTestId('recap-summary')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/recap') asked.push(r.url());
  });
  await page.getByLabel('Dari tanggal').fill('2025-01-01');
  await page.getByLabel('Sampai tanggal').fill('2025-03-01');
  await expect(page.getByRole('alert')).toHaveText('Rentang rekap paling lama 31 hari');
  await page.screenshot({ path: `${SHOTS}/recap-05-range-too-long.png` });
  await page.getByLabel('Sampai tanggal').fill('2025-01-31');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('recap-range')).toHaveText('1 Jan 2025 – 31 Jan 2025');
  expect(asked.map((u) => new URL(u).search)).toEqual(['?from=2025-01-01&to=2025-01-31']);
});
