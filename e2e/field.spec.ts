import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { newPickupOrder, orderableProducts } from './support/channel';
import { signInOnce } from './support/pod';

// The crew's screen as a crew member meets it in the field, on a 360 × 640 phone: the picking
// screen keeps the products and the main action in view, toasts never cover the list or a
// modal's title, every touch target is at least 44 px, and an order another phone takes is
// said, not silently turned into a picking screen.

const MIN_TARGET = 44;

/** A new pickup order for T001 with three products, two of each. */
async function newOrder(baseURL: string, request: APIRequestContext) {
  const items = await orderableProducts(baseURL, 3);
  return newPickupOrder(request, 'FIELD', 'Pelanggan Uji Lapangan', items.slice(0, 3).map((i) => ({ barcode: i.barcode, qty: 2 })));
}

/** Visible interactive elements smaller than a fingertip, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"]';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const r = el.getBoundingClientRect();
      // Hidden, screen-reader-only (clipped) and off-screen elements are not touched.
      if (r.width <= 1 || r.height <= 1 || r.bottom <= 0 || r.top >= innerHeight) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"]')) continue;
      if (r.width < min || r.height < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('placeholder') ?? '').trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  }, MIN_TARGET);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;

test('picking fits a 360×640 screen, toasts stay off the list and the modal title, targets are 44 px', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const shipmentNo = await newOrder(baseURL!, request);
  await loginAndWaitForHome(page, '10000001');
  expect(await smallTargets(page), 'home').toEqual([]);

  await page.goto('/order');
  await expect(page.getByTestId(`order-card-${shipmentNo}`)).toBeVisible();
  expect(await smallTargets(page), 'order list').toEqual([]);

  await page.getByTestId(`order-card-${shipmentNo}`).click();
  await expect(page.getByTestId('order-status')).toHaveText('Baru');
  expect(await smallTargets(page), 'order detail').toEqual([]);

  await page.getByTestId('action-button').click();
  await expect(page.getByTestId('order-progress')).toHaveText('0 dari 6 barang');
  const toast = page.getByTestId('toasts').getByRole('button');
  await expect(toast).toContainText('Pesanan diambil');
  await snap(page, 'field-01-picking');

  // Without scrolling: the scanner, the first product with its two buttons, and the main action.
  expect(await page.evaluate(() => scrollY)).toBe(0);
  const viewport = page.viewportSize()!;
  const firstLine = page.locator('[data-testid^="line-"][data-barcode]').first();
  for (const [what, target] of [
    ['typed code', page.getByLabel('Ketik barcode')],
    ['first product', firstLine],
    ['its out-of-stock button', firstLine.getByRole('button', { name: 'Stok Kosong' })],
    ['Scan Packing', page.getByTestId('action-button')],
  ] as const) {
    const b = await box(target);
    expect(b.y + b.height, `${what} is in view`).toBeLessThanOrEqual(viewport.height);
    expect(b.y, `${what} is in view`).toBeGreaterThanOrEqual(0);
  }
  // The toast sits over the header: not over the picking panel or the products.
  const toastBox = await box(toast);
  expect(overlaps(toastBox, await box(page.getByTestId('picking-panel'))), 'toast over the picking panel').toBe(false);
  expect(overlaps(toastBox, await box(page.getByTestId('order-products'))), 'toast over the products').toBe(false);
  expect(await smallTargets(page), 'picking').toEqual([]);

  // A modal opened while a toast shows: its title stays readable.
  await firstLine.getByRole('button', { name: 'Edit Jumlah' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Jumlah' });
  await expect(modal).toBeVisible();
  const title = modal.getByRole('heading', { name: 'Edit Jumlah' });
  if (await toast.isVisible()) expect(overlaps(await box(toast), await box(title)), 'toast over the modal title').toBe(false);
  // Whenever one shows: a toast is at most 56 px tall from 4 px down, and a modal starts below that strip.
  expect((await box(modal)).y).toBeGreaterThanOrEqual(60);
  expect(await smallTargets(page), 'edit-quantity modal').toEqual([]);
  await snap(page, 'field-02-modal');
});

test('an order another phone claims while it is open is said, with the way back, not turned into picking', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const shipmentNo = await newOrder(baseURL!, request);
  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1101/${shipmentNo}/pickup`);
  await expect(page.getByTestId('order-status')).toHaveText('Baru');

  // The kepala toko claims it on their phone.
  const chief = await signInOnce(baseURL!, '20000001', 'test-results/field-chief.json');
  expect((await chief.post(`/api/orders/${shipmentNo}/claim`, { data: {} })).status()).toBe(200);

  const notice = page.getByTestId('changed-elsewhere');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Pesanan diambil Agus Setiawan');
  await expect(page.getByLabel('Ketik barcode')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/order/detail/1101/${shipmentNo}/`));
  expect(await smallTargets(page), 'notice').toEqual([]);
  await snap(page, 'field-03-claimed-elsewhere');

  await notice.getByRole('link', { name: 'Kembali ke daftar' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await chief.dispose();
});
