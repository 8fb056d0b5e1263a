import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startApp } from '../scripts/app-server.mjs';
import { snap } from './fixtures';
import { newPickupOrder, orderableProducts } from './support/channel';
import { signInOnce } from './support/pod';

/**
 * Monitoring and escalation on 360 × 640 phones. The service levels and escalation thresholds are
 * seconds here, so this spec runs its own server (the shared one keeps the defaults the other specs
 * rely on): a new order must be claimed within 6 s, it escalates to the store's phones at 6 s, to the
 * kepala toko at 12 s and to the area supervisor at 18 s, the job looking every second.
 *
 * The area supervisor watches /monitoring while an order arrives at T001 (one of the area's stores):
 * it is counted live, then goes late and is listed; the kepala toko of T001, on a second phone, gets
 * the escalation banner beside the new-order banner and opens the order, whose history shows the
 * escalation; the area supervisor's own escalation follows.
 */
const PORT = process.env.E2E_MONITORING_PORT ?? '3105';
const SUPERVISOR = '30000001';
const CHIEF = '20000001';
const SUPERVISOR_STATE = path.resolve('test-results/.auth/monitoring-supervisor.json');
const CHIEF_STATE = path.resolve('test-results/.auth/monitoring-chief.json');

let app: { base: string; stop: () => void } | undefined;
let supervisorApi: APIRequestContext;
let chiefApi: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startApp({
    port: PORT,
    env: {
      NODE_ENV: 'test',
      LOGIN_RATE_LIMIT: '100',
      SLA_NEW_MINUTES: '0.1',
      ESCALATION_STORE_MINUTES: '0.1',
      ESCALATION_CHIEF_MINUTES: '0.2',
      ESCALATION_AREA_MINUTES: '0.3',
      ESCALATION_POLL_SECONDS: '1',
    },
    readyTimeoutMs: 200_000,
  });
  mkdirSync(path.dirname(SUPERVISOR_STATE), { recursive: true });
  supervisorApi = await signInOnce(app.base, SUPERVISOR, SUPERVISOR_STATE);
  chiefApi = await signInOnce(app.base, CHIEF, CHIEF_STATE);
});

test.afterAll(async () => {
  await supervisorApi?.dispose();
  await chiefApi?.dispose();
  app?.stop();
});

/** A phone of its own (a second browser), set up like the project's 360 × 640 Pixel 5, on this spec's server. */
async function phone(browser: Browser, storageState: string): Promise<BrowserContext> {
  const { viewport: _v, ...pixel } = devices['Pixel 5'];
  return browser.newContext({ ...pixel, viewport: { width: 360, height: 640 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta', baseURL: app!.base, storageState });
}

async function numberIn(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).replace(/\D/g, ''));
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** The late order's card, opening the whole list when it is past the first few. */
async function lateCard(page: Page, shipmentNo: string): Promise<Locator> {
  const card = page.getByTestId(`late-order-${shipmentNo}`);
  // The list is read when its section comes near the screen.
  await page.getByTestId('monitoring-late').scrollIntoViewIfNeeded();
  await expect(async () => {
    if (!(await card.isVisible())) {
      const toggle = page.getByTestId('monitoring-late-toggle');
      if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    }
    await expect(card).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

test('the area supervisor watches an order arrive and go late, the escalation reaches the kepala toko and its history', async ({ browser }) => {
  test.setTimeout(150_000);
  const items = await orderableProducts(app!.base, 2);
  expect(items.length, 'T001 has products in stock').toBeGreaterThan(0);

  // The kepala toko of T001 on a second phone, at home (opened first: its live side is up long before the order).
  const chiefContext = await phone(browser, CHIEF_STATE);
  const chief = await chiefContext.newPage();
  const chiefStream = chief.waitForResponse((r) => r.url().includes('/api/events'));
  await chief.goto('/');
  await expect(chief.getByTestId('member-name')).toBeVisible();
  await chiefStream;

  // The area supervisor's phone: every store of the area, then T001 alone (tapping its row).
  const supervisorContext = await phone(browser, SUPERVISOR_STATE);
  const supervisor = await supervisorContext.newPage();
  const supervisorStream = supervisor.waitForResponse((r) => r.url().includes('/api/events'));
  await supervisor.goto('/monitoring');
  await supervisorStream;
  await expect(supervisor.getByTestId('monitoring-store-filter-value')).toContainText('Semua toko · 10 toko');
  // "Per toko" is read when it comes near the screen.
  await supervisor.getByTestId('monitoring-stores').scrollIntoViewIfNeeded();
  const t001Row = supervisor.getByTestId('monitoring-store-T001');
  await expect(t001Row).toBeVisible();
  await snap(supervisor, 'monitoring-01-area');
  const t001Figures = supervisor.waitForResponse((r) => r.url().includes('/api/monitoring?storeCode=T001') && r.ok());
  await t001Row.click();
  await t001Figures;
  await expect(supervisor).toHaveURL(/\/monitoring\?storeCode=T001$/);
  await expect(supervisor.getByTestId('monitoring-store-filter-value')).toContainText('T001');
  await expect(supervisor.getByTestId('monitoring-stores')).toHaveCount(0);
  await expect(supervisor.getByTestId('monitoring-figures')).not.toHaveAttribute('aria-busy', 'true');
  const newCount = supervisor.getByTestId('monitoring-status-1101-count');
  const before = await numberIn(newCount);
  const lateBefore = (await supervisor.getByTestId('monitoring-status-1101-late').count()) ? await numberIn(supervisor.getByTestId('monitoring-status-1101-late')) : 0;

  // A new order arrives at T001 through the signed channel intake: counted live, no reload.
  const shipmentNo = await newPickupOrder(supervisorApi, 'MON', 'Pelanggan Monitoring', [{ barcode: items[0]!.barcode, qty: 1 }]);
  await expect(newCount).toHaveText(String(before + 1));
  await snap(supervisor, 'monitoring-02-arrived');

  // The kepala toko: the new-order banner, then the escalation banner in the same stack, neither covering the other.
  const escalation = chief.getByTestId('escalation-banner');
  await expect(escalation).toContainText(shipmentNo, { timeout: 20_000 });
  await expect(escalation).toContainText('Pesanan belum diambil');
  // The new-order banner stays 15 s; the first escalation comes at 6 s.
  const newOrder = chief.getByTestId('new-order-banner');
  await expect(newOrder).toContainText(shipmentNo);
  const [a, b] = [await box(newOrder), await box(escalation)];
  expect(a.y + a.height <= b.y || b.y + b.height <= a.y, 'the escalation banner does not cover the new-order banner').toBe(true);
  await expect(escalation).toBeInViewport({ ratio: 1 });
  await snap(chief, 'monitoring-04-chief-escalation');

  // By then it is late on the area supervisor's screen: highlighted, counted late, listed.
  const baru = supervisor.getByTestId('monitoring-status-1101');
  await expect(baru).toHaveAttribute('data-late', 'true');
  await expect(supervisor.getByTestId('monitoring-status-1101-late')).toHaveText(`Terlambat ${lateBefore + 1}`, { timeout: 20_000 });
  const card = await lateCard(supervisor, shipmentNo);
  await expect(card).toContainText('T001');
  await expect(card).toContainText('Alfagift · Baru');
  await expect(card).toContainText('Belum diambil');
  await card.scrollIntoViewIfNeeded();
  await snap(supervisor, 'monitoring-03-late');

  // Level 2 (the kepala toko's own) arrives; the banner opens the order, whose history shows the escalations.
  await expect(async () => {
    const history = (await (await chiefApi.get(`/api/orders/${shipmentNo}`)).json()) as { data: { history: Array<{ action: string }> } };
    expect(history.data.history.filter((h) => h.action === 'escalate').length).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 30_000 });
  await expect(escalation).toContainText(shipmentNo);
  await escalation.getByRole('button', { name: /Pesanan belum diambil/ }).click();
  await expect(chief).toHaveURL(new RegExp(`/order/detail/1101/${shipmentNo}/pickup$`));
  const history = chief.getByTestId('order-history');
  await expect(history).toContainText('Eskalasi: belum diambil');
  await history.scrollIntoViewIfNeeded();
  await snap(chief, 'monitoring-05-history');

  // Level 3 reaches the area supervisor, on the monitoring screen, and the late card says so.
  const supervisorBanner = supervisor.getByTestId('escalation-banner');
  await expect(supervisorBanner).toContainText(shipmentNo, { timeout: 30_000 });
  await expect(card.getByTestId('late-order-escalation')).toHaveText('Eskalasi 3 · Area Supervisor', { timeout: 20_000 });
  await snap(supervisor, 'monitoring-06-supervisor-escalation');
  await supervisorBanner.getByRole('button', { name: 'Tutup peringatan eskalasi' }).click();
  await expect(supervisorBanner).toHaveCount(0);

  await chiefContext.close();
  await supervisorContext.close();
});

/** The number a list says it holds ("12 pesanan", "3 retur"). */
async function listTotal(page: Page, testId: string): Promise<number> {
  const total = page.getByTestId(`${testId}-total`);
  await expect(total).toBeVisible();
  return numberIn(total);
}

test('a tile and the list it opens show the same set: over the area a tile opens its stores, each store its own list', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await phone(browser, SUPERVISOR_STATE);
  const page = await context.newPage();
  const me = (await (await supervisorApi.get('/api/members/me')).json()) as { data: { store: { storeCode: string } | null } };
  const active = me.data.store?.storeCode ?? null;

  // Every store of the area: "Baru" counts the area, so it opens its stores, which add up to it.
  await page.goto('/monitoring');
  await expect(page.getByTestId('monitoring-store-filter-value')).toContainText('Semua toko');
  const baru = page.getByTestId('monitoring-status-1101');
  const areaCount = await numberIn(page.getByTestId('monitoring-status-1101-count'));
  expect(areaCount, 'the demo area has new orders').toBeGreaterThan(0);
  await baru.click();
  await expect(baru).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByTestId('monitoring-tile-stores-status-1101');
  await expect(panel.getByTestId('monitoring-tile-stores-status-1101-total')).toHaveText(String(areaCount));
  await snap(page, 'monitoring-07-tile-stores');

  // A store of the area other than the active one: it becomes the active store and its list opens.
  const rows = panel.locator('[data-testid^="monitoring-tile-store-status-1101-T"]:not([data-testid$="-count"])');
  const codes = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.split('-').pop()!))).filter((c) => c !== active);
  expect(codes.length, 'another store of the area has new orders').toBeGreaterThan(0);
  const store = codes[0]!;
  const storeCount = await numberIn(panel.getByTestId(`monitoring-tile-store-status-1101-${store}-count`));
  await panel.getByTestId(`monitoring-tile-store-status-1101-${store}`).click();
  await expect(page).toHaveURL(/\/order$/);
  expect(await listTotal(page, 'order-list')).toBe(storeCount);
  await snap(page, 'monitoring-08-store-list');

  // That store alone, now the active one: each waiting row opens its list at once, with as many as it counts.
  await page.goto(`/monitoring?storeCode=${store}`);
  const returns = page.getByTestId('monitoring-waiting-returnsRequested');
  await expect(returns).toHaveAttribute('href', '/retur/list/requested');
  const returnCount = await numberIn(page.getByTestId('monitoring-waiting-returnsRequested-count'));
  await returns.click();
  await expect(page).toHaveURL(/\/retur\/list\/requested$/);
  if (returnCount > 0) expect(await listTotal(page, 'return-list')).toBe(returnCount);
  else await expect(page.getByText('Belum ada retur', { exact: false }).or(page.getByTestId('return-list-total'))).toBeVisible();
  await context.close();
});
