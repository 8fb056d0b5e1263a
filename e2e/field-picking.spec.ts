import { expect, test, type Page } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { box, newOrder, overlaps, smallTargets } from './support/field';
import { signInOnce } from './support/pod';

// The crew's picking screen as a crew member meets it in the field, on a 360 × 640 phone: it keeps the
// products and the main action in view, toasts and live notices never cover the list, a control or a
// modal's title, every touch target is at least 44 px, and an order another phone takes is said, not
// silently turned into a picking screen.

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
  // The toast may time out between two reads: measured only while it is there.
  const toastNow = await toast.boundingBox();
  if (toastNow) expect(overlaps(toastNow, await box(title)), 'toast over the modal title').toBe(false);
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

test('the print preview fits 360×640: picking keeps its layout, the sheet fits, targets are 44 px', async ({ page, request, baseURL }) => {
  const shipmentNo = await newOrder(baseURL!, request);
  await loginAndWaitForHome(page, '10000001');
  await page.goto(`/order/detail/1101/${shipmentNo}/pickup`);
  await page.getByTestId('action-button').click();
  await expect(page.getByTestId('order-progress')).toHaveText('0 dari 6 barang');
  // "Cetak" is in the header: the scanner and the main action keep their places.
  const open = page.getByTestId('print-open');
  await expect(open).toBeInViewport();
  expect(overlaps(await box(open), await box(page.getByTestId('picking-panel'))), 'Cetak over the picking panel').toBe(false);
  await expect(page.getByTestId('action-button')).toBeInViewport({ ratio: 1 });

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Cetak' });
  await expect(dialog.getByTestId('packing-slip')).toBeVisible();
  expect((await box(dialog)).y, 'the toast strip stays free').toBeGreaterThanOrEqual(60);
  await expect(dialog.getByTestId('print-confirm')).toBeInViewport({ ratio: 1 });
  expect(await smallTargets(page), 'print preview: packing slip').toEqual([]);
  await dialog.getByText('Label rak', { exact: true }).click();
  const label = await box(dialog.getByTestId('shelf-label'));
  expect(label.x + label.width, 'the label fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await smallTargets(page), 'print preview: shelf label').toEqual([]);
  await snap(page, 'field-19-print-preview');
});

/**
 * Whatever arrived while the screen was open (a live banner, the toast, the connection pill) against
 * every visible control and heading: the overlaps, described for the failure message, and how many
 * of them were on screen.
 */
async function noticeOverlaps(page: Page): Promise<{ shown: string[]; overlaps: string[] }> {
  return page.evaluate(() => {
    const notices = Array.from(
      document.querySelectorAll<HTMLElement>(
        '[data-testid="new-order-banner"], [data-testid="escalation-banner"], [data-testid="pod-request-banner"], [data-testid="toasts"] > *, [data-testid="connection-status"]',
      ),
    );
    const targets = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], h1, h2, h3'));
    const visible = (r: DOMRect) => r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < innerHeight;
    const name = (el: HTMLElement) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.dataset.testid ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const shown: string[] = [];
    const overlaps: string[] = [];
    for (const notice of notices) {
      const a = notice.getBoundingClientRect();
      if (!visible(a)) continue;
      shown.push(name(notice));
      for (const el of targets) {
        if (notice.contains(el) || el.contains(notice)) continue;
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (!visible(r) || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
        const x = Math.min(a.right, r.right) - Math.max(a.left, r.left);
        const y = Math.min(a.bottom, r.bottom) - Math.max(a.top, r.top);
        if (x > 1 && y > 1) overlaps.push(`${name(notice)} over ${name(el)}`);
      }
    }
    return { shown, overlaps };
  });
}

test('a live banner, a toast and the connection pill have their place: none lies over a control or a heading', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  // The new order is sent once this phone's event stream is open, or its event would come before it.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events', { timeout: 30_000 });
  await loginAndWaitForHome(page, '10000001');
  await streamOpen;
  const banner = page.getByTestId('new-order-banner');
  const pill = page.getByTestId('connection-status');

  // Home: a new order's banner, then the connection lost while it shows.
  await newOrder(baseURL!, request);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await expect(pill).toBeVisible();
  let seen = await noticeOverlaps(page);
  expect(seen.shown, 'home: the banner and the pill').toHaveLength(2);
  expect(seen.overlaps, 'home').toEqual([]);
  await snap(page, 'field-24-home-notices');
  await context.setOffline(false);
  await expect(pill).toBeHidden();
  await banner.getByRole('button', { name: 'Tutup pemberitahuan' }).click();

  // The order list with its tabs and search: a banner.
  await page.goto('/order');
  await expect(page.getByTestId('order-search-input')).toBeVisible();
  const picked = await newOrder(baseURL!, request);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  seen = await noticeOverlaps(page);
  expect(seen.shown, 'order list: the banner').toHaveLength(1);
  expect(seen.overlaps, 'order list').toEqual([]);
  await snap(page, 'field-25-list-notices');

  // Picking (a detail with its back button): the banner of another new order, the claim's toast and the
  // pill together.
  await page.goto(`/order/detail/1101/${picked}/pickup`);
  await expect(page.getByTestId('order-status')).toHaveText('Baru');
  await newOrder(baseURL!, request);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('action-button').click();
  await expect(page.getByTestId('toasts').getByRole('button')).toContainText('Pesanan diambil');
  seen = await noticeOverlaps(page);
  expect(seen.shown, 'picking: the banner and the toast').toHaveLength(2);
  expect(seen.overlaps, 'picking').toEqual([]);
  await context.setOffline(true);
  await expect(pill).toBeVisible();
  seen = await noticeOverlaps(page);
  expect(seen.shown.length, 'picking: the banner and the pill (the toast, if still there)').toBeGreaterThanOrEqual(2);
  expect(seen.overlaps, 'picking, offline').toEqual([]);
  await expect(page.getByRole('button', { name: 'Kembali', exact: true })).toBeInViewport();
  await snap(page, 'field-26-picking-notices');
  await context.setOffline(false);
});
