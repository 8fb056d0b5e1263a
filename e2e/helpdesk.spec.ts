import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { snap } from './fixtures';
import { leaveLoginBudget, signInOnce } from './support/pod';
import { TINY_PNG } from './support/returns';

/**
 * The help center on a 360 × 640 phone: a crew member reports a problem with a photo from an order's
 * detail, a second ticket for the same shipment is refused with the spec's message, the helpdesk
 * (a second browser) finds the ticket in its queue, replies and resolves it, and the crew's screen
 * shows the reply and the new status without a reload.
 */
const CREW = '10000001';
const HELPDESK = '40000001';
const CREW_STATE = path.resolve('test-results/.auth/helpdesk-crew.json');
const HELPDESK_STATE = path.resolve('test-results/.auth/helpdesk-agent.json');
let crewApi: APIRequestContext;
let helpdeskApi: APIRequestContext;

test.use({ storageState: CREW_STATE });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(150_000);
  mkdirSync(path.dirname(CREW_STATE), { recursive: true });
  crewApi = await signInOnce(baseURL!, CREW, CREW_STATE);
  helpdeskApi = await signInOnce(baseURL!, HELPDESK, HELPDESK_STATE);
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  await crewApi?.dispose();
  await helpdeskApi?.dispose();
  await leaveLoginBudget();
});

/** The helpdesk's phone (a second browser), set up like the project's 360 × 640 Pixel 5. */
async function helpdeskPhone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { viewport: _v, ...pixel } = devices['Pixel 5'];
  return browser.newContext({ ...pixel, viewport: { width: 360, height: 640 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta', baseURL, storageState: HELPDESK_STATE });
}

/** A completed order of T001 that has no ticket yet (the seed's history). */
async function orderWithoutTicket(api: APIRequestContext): Promise<{ shipmentNo: string; statusId: number; deliveryType: number }> {
  const tickets = (await (await api.get('/api/helpdesk/tickets?size=100')).json()) as { data: { items: Array<{ shipmentNo: string }> } };
  const taken = new Set(tickets.data.items.map((t) => t.shipmentNo));
  const orders = (await (await api.get('/api/orders?status=1104&size=100')).json()) as { data: { items: Array<{ shipmentNo: string; statusId: number; deliveryType: number }> } };
  const order = orders.data.items.find((o) => !taken.has(o.shipmentNo));
  if (!order) throw new Error('no completed order of T001 without a ticket');
  return order;
}

test('the crew reports a problem with a photo, a second ticket is refused, the helpdesk replies and resolves it, live', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const order = await orderWithoutTicket(crewApi);
  const { shipmentNo } = order;

  // From the order's detail to the help center's form, the shipment already filled in.
  await page.goto(`/order/detail/${order.statusId}/${shipmentNo}/${order.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  await page.getByTestId('report-problem').click();
  await expect(page).toHaveURL(new RegExp(`/help-center/create/${shipmentNo}`));
  await expect(page.getByTestId('ticket-shipment')).toHaveValue(shipmentNo);
  await page.getByTestId('ticket-problem').selectOption({ index: 1 });
  await page.getByTestId('ticket-description').fill('Pesanan sudah diserahkan tetapi status di aplikasi channel belum berubah.');
  await page.getByTestId('ticket-file-input').setInputFiles({ name: 'layar.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('ticket-files')).toContainText('layar.png');
  await expect(page.getByTestId('ticket-submit')).toBeInViewport({ ratio: 1 });
  await snap(page, 'helpdesk-01-create');
  await page.getByTestId('ticket-submit').click();

  await expect(page).toHaveURL(/\/reported-detail\/store\/\d+$/);
  const ticketId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('ticket-status-chip')).toHaveText('Terbuka');
  await expect(page.getByTestId('ticket-files-card').getByRole('img', { name: 'layar.png' })).toBeVisible();
  await snap(page, 'helpdesk-02-detail');

  // A second ticket for the same shipment: the spec's message, then the help center.
  await page.goto(`/help-center/create/${shipmentNo}`);
  await page.getByTestId('ticket-problem').selectOption({ index: 1 });
  await page.getByTestId('ticket-description').fill('Masih belum berubah.');
  await page.getByTestId('ticket-submit').click();
  const refusal = page.getByRole('dialog');
  await expect(refusal).toContainText('Shipment ini masih memiliki tiket yang aktif.');
  await snap(page, 'helpdesk-03-refused');
  await refusal.getByRole('button', { name: 'Ke Pusat Bantuan' }).click();
  await expect(page).toHaveURL(/\/help-center(\/store\/[^/]+)?$/);

  // The crew keeps the ticket open while the helpdesk works on it.
  await page.goto(`/reported-detail/store/${ticketId}`);
  await expect(page.getByTestId('ticket-status-chip')).toHaveText('Terbuka');

  // The helpdesk finds it in the queue (every store), replies and resolves it.
  const agentContext = await helpdeskPhone(browser, baseURL!);
  const agent = await agentContext.newPage();
  await agent.goto('/help-center/helpdesk');
  await agent.getByTestId(`ticket-card-${ticketId}`).click();
  await expect(agent).toHaveURL(new RegExp(`/reported-detail/helpdesk/${ticketId}$`));
  await agent.getByTestId('ticket-reply').fill('Status sudah kami perbarui di channel. Silakan cek kembali.');
  await agent.getByTestId('ticket-reply-send').click();
  await expect(agent.getByTestId('toasts')).toContainText('Balasan terkirim.');
  await agent.getByTestId('ticket-move-resolved').click();
  await expect(agent.getByTestId('ticket-status-chip')).toHaveText('Selesai');
  await snap(agent, 'helpdesk-04-agent');

  // The crew's screen follows without a reload: the reply and the new status, and it may close or reopen.
  await expect(page.getByTestId('ticket-conversation')).toContainText('Status sudah kami perbarui di channel.');
  await expect(page.getByTestId('ticket-status-chip')).toHaveText('Selesai');
  await expect(page.getByTestId('ticket-move-closed')).toBeVisible();
  await expect(page.getByTestId('ticket-move-in_progress')).toHaveText('Buka kembali');
  await snap(page, 'helpdesk-05-crew-live');
  await agentContext.close();
});

test('a 10 MB file is refused on the phone with "Pilih file lain" and nothing is sent; a long description is kept whole', async ({ page }) => {
  const order = await orderWithoutTicket(crewApi);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/helpdesk/')) sent.push(r.url());
  });
  await page.goto(`/help-center/create/${order.shipmentNo}`);
  await page.getByTestId('ticket-problem').selectOption({ index: 1 });
  const description = page.getByTestId('ticket-description');
  const long = 'Status pesanan di aplikasi channel belum berubah. '.repeat(44);
  expect(long.trim().length).toBeGreaterThan(2000);
  await description.focus();
  await page.keyboard.insertText(long);
  await expect(description).toHaveValue(long);
  await expect(page.getByTestId('ticket-description-counter')).toHaveText(`${long.trim().length} / 2000`);
  await expect(page.getByTestId('ticket-description-too-long')).toContainText('Terlalu panjang');
  await expect(page.getByTestId('ticket-submit')).toBeDisabled();

  const big = Buffer.alloc(10 * 1024 * 1024);
  TINY_PNG.copy(big);
  await page.getByTestId('ticket-file-input').setInputFiles({ name: 'rekaman-layar.png', mimeType: 'image/png', buffer: big });
  const refused = page.getByTestId('ticket-file-refused');
  await expect(refused).toHaveText('rekaman-layar.png: Ukuran lampiran terlalu besar (maksimal 5 MB per file).');
  await expect(page.getByTestId('ticket-files').getByText('Pilih file lain')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hapus rekaman-layar.png dari daftar' })).toHaveCount(0);
  await refused.scrollIntoViewIfNeeded();
  await snap(page, 'helpdesk-07-file-refused');
  expect(sent).toEqual([]);
});

test('a ticket closed on the helpdesk phone reaches the store phone open on it, and a reload on either phone keeps it closed', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const order = await orderWithoutTicket(crewApi);
  const problems = (await (await crewApi.get('/api/helpdesk/problems')).json()) as { data: { items: Array<{ id: number }> } };
  const problemId = problems.data.items[0]!.id;
  const created = await crewApi.post('/api/helpdesk/tickets', {
    data: { shipmentNo: order.shipmentNo, problemId, description: 'Status pesanan di aplikasi channel belum berubah.' },
    headers: { 'Idempotency-Key': `e2e-ticket-live-${Date.now()}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const ticketId = ((await created.json()) as { data: { id: number } }).data.id;
  const resolved = await helpdeskApi.put(`/api/helpdesk/tickets/${ticketId}`, { data: { status: 'resolved' }, headers: { 'Idempotency-Key': `e2e-ticket-live-resolve-${ticketId}` } });
  expect(resolved.ok(), await resolved.text()).toBe(true);

  // The store's phone has the resolved ticket open: it may close it or reopen it.
  await page.goto(`/reported-detail/store/${ticketId}`);
  await expect(page.getByTestId('ticket-status-chip')).toHaveText('Selesai');
  await expect(page.getByTestId('ticket-move-in_progress')).toHaveText('Buka kembali');

  // The helpdesk closes it on its own phone.
  const agentContext = await helpdeskPhone(browser, baseURL!);
  try {
    const agent = await agentContext.newPage();
    await agent.goto(`/reported-detail/helpdesk/${ticketId}`);
    await agent.getByTestId('ticket-move-closed').click();
    await expect(agent.getByTestId('ticket-status-chip')).toHaveText('Ditutup');

    // The store's open screen follows without a reload: closed, nothing left to move.
    await expect(page.getByTestId('ticket-status-chip')).toHaveText('Ditutup');
    await expect(page.getByTestId('ticket-moves')).toHaveCount(0);
    await expect(page.getByTestId('ticket-closed-note')).toBeVisible();
    await snap(page, 'helpdesk-08-crew-closed-live');

    // A reload at once, on either phone: the saved copy never brings back "Selesai" with its buttons.
    for (const phone of [page, agent]) {
      await phone.reload();
      await expect(phone.getByTestId('ticket-status-chip')).toHaveText('Ditutup');
      await expect(phone.getByTestId('ticket-moves')).toHaveCount(0);
    }
    await snap(page, 'helpdesk-09-crew-closed-reloaded');
  } finally {
    await agentContext.close();
  }
});
