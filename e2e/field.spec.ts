import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { newPickupOrder, orderableProducts } from './support/channel';
import { signInOnce } from './support/pod';
import { TINY_PNG, findReturn, findReturnableOrder } from './support/returns';

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
      // A radio or checkbox inside its label is touched through the label: the label is the target.
      const label = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : null;
      const r = (label ?? el).getBoundingClientRect();
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

/** The bottom edge of what the screen shows above the fixed action bar and the bottom navigation. */
async function expectAboveNavigation(page: Page, action: Locator, what: string) {
  await expect(action, `${what}: main action in view`).toBeInViewport({ ratio: 1 });
  const bar = await box(action);
  const nav = await box(page.getByRole('navigation', { name: 'Navigasi utama' }));
  expect(bar.y + bar.height, `${what}: the action bar is above the navigation`).toBeLessThanOrEqual(nav.y);
}

/** Scrolled to the end, the last block of the screen ends above the action bar (room is kept for it). */
async function expectEndClearOfActionBar(page: Page, last: Locator, action: Locator, what: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  const end = await box(last);
  expect(end.y + end.height, `${what}: the end of the screen is not under the action bar`).toBeLessThanOrEqual((await box(action)).y);
}

test('return screens fit a 360×640 screen: the request and the detail keep their action in view, nothing under it, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');

  // The return request of a completed order (nothing is sent: only a photo is uploaded).
  const order = await findReturnableOrder(page.request);
  await page.goto(`/retur/request/${order.shipmentNo}/${order.method}`);
  await expect(page.getByTestId('return-request-form')).toBeVisible();
  await expect(page.getByTestId('return-reason-picker')).toBeVisible();
  const submit = page.getByTestId('return-submit');
  await expectAboveNavigation(page, submit, 'return request');
  expect(await smallTargets(page), 'return request').toEqual([]);
  await page.getByTestId(`return-qty-${order.line.lineId}-increase`).click();
  await page.getByTestId('return-photo-input').setInputFiles({ name: 'retur.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done');
  await page.getByTestId('return-photos').scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'return request: reasons and photos').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('return-photos'), submit, 'return request');
  expect(await smallTargets(page), 'return request: end').toEqual([]);
  await snap(page, 'field-04-return-request');

  // The detail of an approved return: its next action (receive at the counter, or collect at the address) in the bar.
  const approved = await findReturn(page.request, 'approved');
  expect(approved, 'the seed has an approved return in T001').not.toBeNull();
  await page.goto(`/retur/detail/${approved!.shipmentNo}/${approved!.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  await expect(page.getByTestId('return-status-chip')).toHaveText('Disetujui');
  const action = approved!.deliveryType === 1 ? page.getByTestId('return-collect') : page.getByTestId('return-receive');
  await expectAboveNavigation(page, action, 'return detail');
  expect(await smallTargets(page), 'return detail').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('return-history'), action, 'return detail');
  expect(await smallTargets(page), 'return detail: end').toEqual([]);
  await snap(page, 'field-05-return-detail');
});

test('the cancellation screen fits 360×640: reasons, the main action and the decision, targets are 44 px', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const direct = await newOrder(baseURL!, request);
  const asked = await newOrder(baseURL!, request);
  // A crew member asks for the second one to be cancelled, on their phone.
  const staff = await signInOnce(baseURL!, '10000001', 'test-results/field-staff.json');
  const reasons = (await (await staff.get('/api/cancellations/reasons')).json()).data.items as Array<{ id: number; requiresText: boolean }>;
  const reason = reasons.find((r) => !r.requiresText)!;
  expect((await staff.post('/api/cancellations', { data: { shipmentNo: asked, reasonId: reason.id } })).status()).toBe(201);

  // The kepala toko: the order offers the cancellation itself.
  await loginAndWaitForHome(page, '20000001');
  expect(await smallTargets(page), 'home with the cancellation badge').toEqual([]);
  await page.goto(`/order/detail/1101/${direct}/pickup`);
  await expect(page.getByTestId('order-status')).toHaveText('Baru');
  await expect(page.getByTestId('request-cancel')).toHaveText('Batalkan Pesanan');
  expect(await smallTargets(page), 'order detail with its cancel action').toEqual([]);

  await page.getByTestId('request-cancel').click();
  await expect(page).toHaveURL(new RegExp(`/request-cancel\\?shipmentNo=${direct}$`));
  const form = page.getByTestId('cancel-form');
  await expect(form.getByRole('radio').first()).toBeVisible();
  expect(await smallTargets(page), 'request-cancel form').toEqual([]);
  // The main action stays in view in its bar; scrolled to the end, the form ends above the bar.
  const submit = page.getByTestId('cancel-submit');
  await expect(submit).toHaveText('Batalkan Pesanan');
  await expectAboveNavigation(page, submit, 'request cancel');
  await form.getByRole('radio', { name: 'Lainnya' }).check();
  await expect(page.getByTestId('cancel-reason-text')).toBeVisible();
  expect(await smallTargets(page), 'request-cancel form with "Lainnya"').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('cancel-hint'), submit, 'request cancel');
  await snap(page, 'field-06-request-cancel');

  // The confirm-cancel modal: its buttons too.
  await form.getByRole('radio').first().check();
  await submit.click();
  const modal = page.getByRole('dialog', { name: 'Batalkan pesanan?' });
  await expect(modal).toBeVisible();
  expect(await smallTargets(page), 'confirm-cancel modal').toEqual([]);
  await modal.getByRole('button', { name: 'Kembali' }).click();
  await expect(modal).toBeHidden();

  // The request another phone sent: the decision, Tolak with its note.
  await page.goto(`/request-cancel?shipmentNo=${asked}`);
  await expect(page.getByTestId('cancel-waiting-for')).toHaveText('Menunggu keputusan Kepala Toko');
  const approve = page.getByTestId('cancel-approve');
  await expectAboveNavigation(page, approve, 'cancel decision');
  expect(await smallTargets(page), 'request-cancel decision').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('cancel-request-state'), approve, 'cancel decision');
  await page.getByTestId('cancel-reject').click();
  await expect(page.getByTestId('cancel-reject-form')).toBeVisible();
  expect(await smallTargets(page), 'request-cancel rejection').toEqual([]);
  await snap(page, 'field-07-request-cancel-decide');

  // Batal: the requests waiting above the list.
  await page.goto('/list-cancel');
  await expect(page.getByTestId(`cancel-request-${asked}`)).toBeVisible();
  expect(await smallTargets(page), 'Batal list with the requests waiting').toEqual([]);
  await staff.dispose();
});

test('stock and booking screens fit 360×640: the lookup, the lists, a booking and the stores that can serve, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');
  const found = (await (await page.request.get('/api/stock/products?q=Indomie&size=1')).json()) as { data: { items: Array<{ productID: string }> } };
  const productId = found.data.items[0]!.productID;

  // Cek stok of one product: my store, then the nearest stores with their stock.
  await page.goto(`/cek-stock?productId=${productId}`);
  await expect(page.getByText('Toko Bangka Indah').first()).toBeVisible();
  expect(await smallTargets(page), 'cek stok').toEqual([]);
  await snap(page, 'field-08-cek-stock');

  // The booking lists, and a booking of T001's seeded in the demo data.
  await page.goto('/booking-list-product');
  await expect(page.getByTestId('booking-direction-in')).toBeVisible();
  expect(await smallTargets(page), 'booking list by product').toEqual([]);
  await page.goto('/booking-list-store');
  await expect(page.getByTestId('booking-direction-out')).toBeVisible();
  expect(await smallTargets(page), 'booking list by store').toEqual([]);
  const mine = (await (await page.request.get('/api/bookings?direction=out&status=1131')).json()) as { data: { items: Array<{ bookID: number }> } };
  await page.goto(`/get-product/${mine.data.items[0]!.bookID}`);
  await expect(page.getByTestId('booking-store-taken')).toHaveText('-');
  expect(await smallTargets(page), 'booking detail').toEqual([]);
  await snap(page, 'field-09-booking-detail');

  // The stores of my kecamatan that can serve the product.
  await page.goto(`/booking-list-kecamatan?productId=${productId}&qty=1`);
  await expect(page.locator('[data-testid^="ring-"]').first()).toBeVisible();
  expect(await smallTargets(page), 'stores that can serve').toEqual([]);
  await snap(page, 'field-10-booking-stores');
});

test('MAT screens fit 360×640: the entry, a list, a detail of each side, the count and the confirmation, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');
  await page.goto('/mat');
  await expect(page.getByTestId('mat-send')).toBeVisible();
  expect(await smallTargets(page), 'MAT entry').toEqual([]);
  await snap(page, 'field-11-mat-entry');

  // The seeded transfers of T001 in each status: a list, the sender's detail, the receiver's count.
  await page.goto('/mat-out-new');
  const outCard = page.locator('[data-testid^="mat-card-"]').first();
  await expect(outCard).toBeVisible();
  expect(await smallTargets(page), 'MAT out list').toEqual([]);
  await outCard.click();
  await expect(page.getByTestId('mat-secret-missing')).toBeVisible();
  expect(await smallTargets(page), 'MAT out detail').toEqual([]);
  await snap(page, 'field-12-mat-detail-out');

  const incoming = (await (await page.request.get('/api/transfers?side=in&status=process')).json()) as { data: { items: Array<{ idTbsms: string }> } };
  await page.goto(`/confirm-mat/proces/${incoming.data.items[0]!.idTbsms}`);
  await expect(page.getByTestId('mat-count-view')).toBeVisible();
  // Scanner and Selesai stay in view while the lines scroll under them.
  await expect(page.getByTestId('mat-count-scanner')).toBeInViewport();
  await expect(page.getByTestId('mat-count-submit')).toBeInViewport();
  expect(await smallTargets(page), 'MAT count').toEqual([]);
  await snap(page, 'field-13-mat-count');

  const waiting = (await (await page.request.get('/api/transfers?side=in&status=new')).json()) as { data: { items: Array<{ idTbsms: string }> } };
  await page.goto(`/confirm-mat/new/${waiting.data.items[0]!.idTbsms}`);
  await expect(page.getByTestId('mat-pin-input')).toBeVisible();
  expect(await smallTargets(page), 'MAT confirmation').toEqual([]);
  await snap(page, 'field-14-mat-confirm');
});

test('the chat modal fits 360×640: the messages scroll, the text and send stay in view, targets are 44 px', async ({ page }) => {
  await loginAndWaitForHome(page, '10000001');
  // A seeded conversation of T001 (an order on its way).
  const listed = (await (await page.request.get('/api/orders?status=1103&size=50')).json()) as { data: { items: Array<{ shipmentNo: string; deliveryType: number }> } };
  let talked: { shipmentNo: string; deliveryType: number } | undefined;
  for (const o of listed.data.items) {
    const room = (await (await page.request.get(`/api/chat/rooms/${o.shipmentNo}`)).json()) as { data: { items: unknown[] } };
    if (room.data.items.length > 0) {
      talked = o;
      break;
    }
  }
  expect(talked, 'a seeded chat of T001').toBeDefined();
  await page.goto(`/order/detail/1103/${talked!.shipmentNo}/${talked!.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  await page.getByTestId('open-chat').click();
  const chat = page.getByRole('dialog', { name: 'Chat Pelanggan' });
  await expect(chat.getByTestId('chat-messages')).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Tulis pesan' })).toBeInViewport();
  await expect(chat.getByRole('button', { name: 'Kirim', exact: true })).toBeInViewport();
  await expect(chat.getByRole('button', { name: 'Kirim foto' })).toBeInViewport();
  expect(await smallTargets(page), 'chat modal').toEqual([]);
  await snap(page, 'field-15-chat');
});

test('help center screens fit 360×640: the home, the form with its action in view, a list and a ticket, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');
  await page.goto('/help-center');
  await expect(page.getByTestId('faq-list')).toBeVisible();
  await expect(page.getByTestId('store-tickets').locator('[data-testid^="ticket-card-"]').first()).toBeVisible();
  expect(await smallTargets(page), 'help center').toEqual([]);
  await snap(page, 'field-16-help-center');

  await page.goto('/help-center/create');
  await expect(page.getByTestId('ticket-form')).toBeVisible();
  const submit = page.getByTestId('ticket-submit');
  await expectAboveNavigation(page, submit, 'ticket form');
  expect(await smallTargets(page), 'ticket form').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('ticket-files'), submit, 'ticket form');
  expect(await smallTargets(page), 'ticket form: end').toEqual([]);
  await snap(page, 'field-17-ticket-form');

  await page.goto('/reported-list/store/T001');
  const card = page.locator('[data-testid^="ticket-card-"]').first();
  await expect(card).toBeVisible();
  expect(await smallTargets(page), 'ticket list').toEqual([]);
  await card.click();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  expect(await smallTargets(page), 'ticket detail').toEqual([]);
  await page.getByTestId('ticket-conversation').scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'ticket detail: conversation').toEqual([]);
  await snap(page, 'field-18-ticket-detail');
});

test('monitoring fits 360×640 for an area supervisor: the figures, the store filter, the late list and the stores, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '30000001');
  await page.goto('/monitoring');
  await expect(page.getByTestId('monitoring-status-1101-count')).toBeVisible();
  await expect(page.getByTestId('monitoring-stores')).toBeVisible();
  // The status tiles fit side by side.
  const tile = await box(page.getByTestId('monitoring-status-1103'));
  expect(tile.x + tile.width, 'the third status tile fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await smallTargets(page), 'monitoring').toEqual([]);
  await snap(page, 'field-20-monitoring');
  // Over the area a tile opens its stores under the tiles, each a row to tap.
  await page.getByTestId('monitoring-status-1101').click();
  await expect(page.getByTestId('monitoring-tile-stores-status-1101')).toBeVisible();
  expect(await smallTargets(page), 'monitoring: a tile\'s stores').toEqual([]);
  await page.getByTestId('monitoring-status-1101').click();

  await page.getByTestId('monitoring-store-filter-toggle').click();
  await expect(page.getByTestId('store-option-T001')).toBeVisible();
  expect(await smallTargets(page), 'monitoring: store filter').toEqual([]);
  await page.getByTestId('monitoring-store-filter-toggle').click();

  // The seed's area has more late orders than the first few shown.
  const toggle = page.getByTestId('monitoring-late-toggle');
  await toggle.click();
  await toggle.scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'monitoring: every late order').toEqual([]);
  await page.getByTestId('monitoring-stores').scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'monitoring: per store').toEqual([]);
  await snap(page, 'field-21-monitoring-stores');
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

test('the recap fits 360×640 for an area supervisor: the range, the store filter, the figures and every table with its download, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '30000001');
  await page.goto('/rekap-ac');
  await page.getByTestId('recap-quick-last30').click();
  await expect(page.getByTestId('recap-summary')).toBeVisible();
  await expect(page.getByTestId('recap-store')).toBeVisible();
  // The tiles fit side by side.
  const tile = await box(page.getByTestId('recap-total-cancelled'));
  expect(tile.x + tile.width, 'the third tile fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await smallTargets(page), 'recap').toEqual([]);
  await snap(page, 'field-22-recap');

  // Every table with its CSV link, as it scrolls by; none wider than the screen but by its own scroll.
  for (const table of ['channels', 'statuses', 'crew', 'completion', 'out-of-stock', 'cancellations', 'returns', 'pod-exceptions']) {
    const section = page.getByTestId(`recap-table-${table}`);
    await section.scrollIntoViewIfNeeded();
    const b = await box(section);
    expect(b.x + b.width, `${table} fits the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await smallTargets(page), `recap: ${table}`).toEqual([]);
  }
  // Scrolled to the end, the last table ends above the bottom navigation.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  const last = await box(page.getByTestId('recap-table-pod-exceptions'));
  const nav = await box(page.getByRole('navigation', { name: 'Navigasi utama' }));
  expect(last.y + last.height, 'the last table is not under the navigation').toBeLessThanOrEqual(nav.y);
  await snap(page, 'field-23-recap-end');

  // A refused range is said under the dates: the fields and their message keep 44 px targets.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByLabel('Dari tanggal').fill('2020-01-01');
  await expect(page.getByTestId('recap-filters').getByRole('alert')).toBeVisible();
  expect(await smallTargets(page), 'recap: refused range').toEqual([]);
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
