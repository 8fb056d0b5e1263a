import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginAndWaitForHome } from './fixtures';
import { fetchCatalog, signedOrder, TEST_CHANNEL, TEST_STORE, type IntakeReply } from './support/channel';
import { signInOnce } from './support/pod';

// Printing for the crew at 360 × 640: from a packed order's detail, the packing slip and the shelf
// label in the print preview; printed (print media), the page is the sheet alone, with its QR; and
// Chromium's PDF of it comes out on the sheet's own paper size.

const SHOTS = '/tmp/shots';
const CUSTOMER = 'Dewi Cetak Uji';
const ADDRESS = 'Jl. Uji Cetak No. 7, Kebayoran Baru';
const MM_IN_PT = 72 / 25.4;

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A T001 delivery order packed the way the crew does it: two products (one unit of the first out of
 * stock), a paper bag, claim, scans, pack. Answers its shipmentNo and product names.
 */
async function packedDeliveryOrder(crew: APIRequestContext, baseURL: string) {
  const items = (await fetchCatalog(baseURL)).filter((i) => /^\d{13}$/.test(i.barcode) && i.stock >= 3 && !/^Kantong/i.test(i.name)).slice(0, 2);
  if (items.length < 2) throw new Error('T001 has too few products in stock');
  const [first, second] = items as [(typeof items)[number], (typeof items)[number]];
  const { raw, headers } = signedOrder({
    orderNo: `E2E-PRINT-${Date.now()}-${Math.round(Math.random() * 1e6)}`,
    storeCode: TEST_STORE,
    deliveryType: 1,
    paymentId: 1,
    customer: { name: CUSTOMER, phone: '081298765432', address: ADDRESS, latitude: -6.2441, longitude: 106.8003 },
    lines: [
      { barcode: first.barcode, qty: 2 },
      { barcode: second.barcode, qty: 1 },
    ],
    paperBags: 1,
  });
  const { shipmentNo } = await data<IntakeReply>(await crew.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers }), 'intake');
  const path = `/api/orders/${shipmentNo}`;
  const claimed = await data<{ products: Array<{ lineId: number; barcode: string }> }>(await crew.post(`${path}/claim`, { data: {} }), 'claim');
  const firstLine = claimed.products.find((l) => l.barcode === first.barcode)!;
  await data(await crew.post(`${path}/scan`, { data: { barcode: first.barcode } }), 'scan');
  await data(await crew.post(`${path}/lines/${firstLine.lineId}/out-of-stock`, { data: { qtyOos: 1 } }), 'out of stock');
  await data(await crew.post(`${path}/scan`, { data: { barcode: second.barcode } }), 'scan');
  await data(await crew.post(`${path}/pack`, { data: {} }), 'pack');
  return { shipmentNo, names: [first.name, second.name] };
}

/** Visible boxes on the page that are neither the sheet, inside it, nor a box around it. */
async function strays(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sheet = document.querySelector('[data-print-sheet]');
    if (!sheet) return ['no sheet'];
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el === sheet || sheet.contains(el) || el.contains(sheet)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.getAttribute('data-testid') ?? el.textContent ?? '').trim().slice(0, 30)}`);
    }
    return out;
  });
}

/** The page sizes (in mm) of a PDF Chromium wrote, read from its MediaBoxes. */
function pdfPages(path: string): Array<{ width: number; height: number }> {
  const text = readFileSync(path).toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => ({ width: Math.round(Number(m[1]) / MM_IN_PT), height: Math.round(Number(m[2]) / MM_IN_PT) }));
}

/**
 * Print media: the sheet alone (no header, navigation or preview buttons), its QR as SVG; then
 * Chromium's PDF of it (page.pdf prints with the media emulated now: print), on `paper` (mm).
 */
async function expectPrintsAlone(page: Page, sheet: Locator, shipmentNo: string, name: string, paper: { width: number; height: number }, pdf: boolean) {
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigasi utama' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Detail Pesanan' })).toBeHidden();
  await expect(page.getByTestId('print-confirm')).toBeHidden();
  await expect(page.getByTestId('action-button')).toBeHidden();
  const qr = sheet.getByTestId('print-qr');
  await expect(qr).toHaveAttribute('data-qr-value', shipmentNo);
  await expect(qr.locator('svg')).toBeVisible();
  expect(await strays(page), `${name}: only the sheet prints`).toEqual([]);
  // Black on white, no shadow.
  const look = await sheet.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor, shadow: getComputedStyle(el).boxShadow }));
  expect(look).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)', shadow: 'none' });
  await page.screenshot({ path: `${SHOTS}/print-${name}-print.png`, fullPage: true });
  let pages: Array<{ width: number; height: number }> | null = null;
  // page.pdf exists on Chromium only (headless).
  if (pdf) {
    const path = `${SHOTS}/print-${name}.pdf`;
    await page.pdf({ path, preferCSSPageSize: true, printBackground: true });
    pages = pdfPages(path);
    expect(pages.length, `${name}: pages`).toBeGreaterThanOrEqual(1);
    expect(pages[0], `${name}: paper`).toEqual(paper);
  }
  await page.emulateMedia({ media: null });
  return pages;
}

test('a crew member prints the packing slip and the shelf label of a packed order', async ({ page, baseURL, browserName }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const crew = await signInOnce(baseURL!, '10000001', 'test-results/print-staff.json');
  const { shipmentNo, names } = await packedDeliveryOrder(crew, baseURL!);
  await crew.dispose();

  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1103/${shipmentNo}/delivery`);
  await expect(page.getByTestId('order-status')).toHaveText('Proses');
  // "Cetak" sits in the header: the main action keeps its bar.
  const open = page.getByRole('button', { name: 'Cetak slip pengemasan atau label rak' });
  await expect(open).toBeInViewport();
  await expect(page.getByTestId('action-button')).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/print-detail.png` });

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Cetak' });
  const slip = dialog.getByTestId('packing-slip');
  await expect(slip).toBeVisible();
  await expect(slip.getByTestId('slip-shipment-no')).toHaveText(shipmentNo);
  await expect(slip.getByTestId('slip-store')).toContainText('(T001)');
  await expect(slip.getByTestId('slip-delivery')).toHaveText('Diantar ke alamat');
  await expect(slip.getByTestId('slip-customer')).toHaveText(CUSTOMER);
  await expect(slip.getByTestId('slip-phone')).toHaveText('0812••••5432');
  await expect(slip.getByTestId('slip-address')).toHaveText(ADDRESS);
  await expect(slip.getByTestId('slip-lines')).toContainText(names[0]!);
  await expect(slip.getByTestId('slip-lines')).toContainText(names[1]!);
  await expect(slip.getByTestId('slip-paper-bags')).toContainText('1 ×');
  await expect(slip.getByTestId('slip-picker')).not.toHaveText('-');
  await expect(slip.getByTestId('slip-total')).toHaveText(/^Rp\s[\d.]+$/);
  await expect(slip.getByTestId('print-qr')).toHaveAttribute('data-qr-value', shipmentNo);
  await page.screenshot({ path: `${SHOTS}/print-slip-screen.png` });

  // On A6 (105 × 148 mm).
  await expectPrintsAlone(page, slip, shipmentNo, 'slip', { width: 105, height: 148 }, browserName === 'chromium');

  // The shelf label: the same order, the last digits large, one 80 × 50 mm label.
  await dialog.getByText('Label rak', { exact: true }).click();
  const label = dialog.getByTestId('shelf-label');
  await expect(label).toBeVisible();
  await expect(slip).toHaveCount(0);
  await expect(label.getByTestId('label-shipment-no')).toHaveText(shipmentNo);
  await expect(label.getByTestId('label-digits')).toHaveText(shipmentNo.slice(-4));
  await expect(label.getByTestId('label-customer')).toHaveText(CUSTOMER);
  await expect(label.getByTestId('label-route')).toContainText('Diantar ke alamat');
  await expect(label.getByTestId('label-count')).toHaveText('2 barang · 1 kantong');
  // The label fits the phone's preview without scrolling sideways.
  const labelBox = (await label.boundingBox())!;
  expect(labelBox.x).toBeGreaterThanOrEqual(0);
  expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/print-label-screen.png` });

  // Exactly one 80 × 50 mm label.
  const labelPages = await expectPrintsAlone(page, label, shipmentNo, 'label', { width: 80, height: 50 }, browserName === 'chromium');
  if (labelPages) expect(labelPages).toHaveLength(1);

  await dialog.getByTestId('print-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Proses');
});
