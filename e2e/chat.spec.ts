import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { defaultAnswer, PHOTO_SENT_ANSWER, photoSeenAnswer, startChatCustomer, type ChatCustomer, type ReceivedNotice } from '../apps/server/src/seed/chat-customer';
import { tinyPng } from '../apps/server/src/seed/tiny-png';
import { snap } from './fixtures';
import { newPickupOrder, orderableProducts } from './support/channel';
import { reloadKeeps } from './support/phone';
import { leaveLoginBudget, signInOnce } from './support/pod';

// The chat with a shipment's customer, at 360 × 640: the crew open it on an order, send a quick
// reply, and the customer (the same simulator as `npm run simulate -- --chat`, listening where
// scripts/e2e.mjs pointed the server's CHANNEL_WEBHOOKS) reads it and answers live. A history
// order's chat is read only.

const CREW = '10000001';
const CREW_STATE = 'test-results/chat-crew.json';
const CHANNEL_IDS = [379, 410, 91, 95, 901, 911, 87];
const QUICK_REPLY = 'Pesanan sedang disiapkan';

let crewApi: APIRequestContext;
let customer: ChatCustomer;

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, storageState: CREW_STATE });

test.beforeAll(async ({ baseURL }) => {
  crewApi = await signInOnce(baseURL!, CREW, CREW_STATE);
  customer = await startChatCustomer({
    gerai: baseURL!,
    // The demo channel secrets the e2e server runs with.
    secrets: Object.fromEntries(CHANNEL_IDS.map((id) => [String(id), `gerai-channel-${id}`])),
    port: Number(process.env.E2E_CHAT_PORT ?? 3199),
    readAfterMs: 500,
    answerAfterMs: 1000,
  });
});

test.afterAll(async () => {
  await customer?.close();
  await crewApi?.dispose();
  await leaveLoginBudget();
});

async function openChat(page: Page) {
  await page.getByTestId('open-chat').click();
  const chat = page.getByRole('dialog', { name: 'Chat Pelanggan' });
  await expect(chat).toBeVisible();
  return chat;
}

/** A new pickup order of the channel, its detail open and its (empty) chat opened: the shipment and the dialog. */
async function newOrderChat(page: Page, baseURL: string, what: string, customerName: string) {
  const products = await orderableProducts(baseURL, 1);
  const shipmentNo = await newPickupOrder(crewApi, what, customerName, [{ barcode: products[0]!.barcode, qty: 1 }]);
  await page.goto(`/order/detail/1101/${shipmentNo}/pickup`);
  const chat = await openChat(page);
  await expect(chat.getByTestId('chat-empty')).toBeVisible();
  return { shipmentNo, chat };
}

test('the crew send a quick reply, it is delivered and read, and the customer answers live', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { shipmentNo, chat } = await newOrderChat(page, baseURL!, 'CHAT', 'Rina Pelanggan Chat');
  // The text, its send button and the quick replies are in view without scrolling.
  for (const target of [chat.getByRole('textbox', { name: 'Tulis pesan' }), chat.getByRole('button', { name: 'Kirim', exact: true }), chat.getByRole('button', { name: QUICK_REPLY })]) {
    await expect(target).toBeInViewport();
  }
  await snap(page, 'chat-01-empty');

  await chat.getByRole('button', { name: QUICK_REPLY }).click();
  const mine = chat.locator('[data-testid="chat-message"][data-sender="store"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(QUICK_REPLY);
  // Delivered when the channel accepted it, read when the customer's app says so: no reload.
  await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', /delivered|read/);
  await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', 'read', { timeout: 15_000 });

  const answer = defaultAnswer({ data: { body: QUICK_REPLY } } as ReceivedNotice)!;
  const theirs = chat.locator('[data-testid="chat-message"][data-sender="customer"]');
  await expect(theirs).toHaveCount(1, { timeout: 15_000 });
  await expect(theirs).toContainText(answer);
  // Each message once, in order.
  await expect(chat.getByTestId('chat-message')).toHaveCount(2);
  await snap(page, 'chat-02-answered');
  // Reloaded at once and opened again, the chat keeps the customer's answer: from the saved copy, then from the server.
  await reloadKeeps(
    page,
    [`/api/chat/rooms/${shipmentNo}`],
    async () => {
      await expect(chat.getByTestId('chat-message')).toHaveCount(2);
      await expect(theirs).toContainText(answer);
    },
    async () => void (await openChat(page)),
  );

  // What the channel received: the store's message, signed, once.
  const told = customer.received.filter((n) => n.shipmentNo === shipmentNo && n.kind === 'chat.message');
  expect(told.map((n) => n.data.body)).toEqual([QUICK_REPLY]);
  // The server agrees: the customer's answer is read (the room was open), mine is read.
  const room = (await (await crewApi.get(`/api/chat/rooms/${shipmentNo}`)).json()) as { data: { items: Array<{ sender: string; state: string }>; unread: number } };
  expect(room.data.items.map((m) => [m.sender, m.state])).toEqual([
    ['store', 'read'],
    ['customer', 'read'],
  ]);
  expect(room.data.unread).toBe(0);
});

test('the crew send a photo, the customer opens it and says so; the photo the customer sends appears live', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { shipmentNo, chat } = await newOrderChat(page, baseURL!, 'CHATFOTO', 'Dewi Pelanggan Foto');
  await chat.getByTestId('chat-photo-input').setInputFiles({ name: 'rak-depan.png', mimeType: 'image/png', buffer: tinyPng(96) });
  const mine = chat.locator('[data-testid="chat-message"][data-sender="store"]');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('img', { name: /^Foto dari / })).toBeVisible();

  // The customer fetched the photo through the notice's signed link, checked its bytes, and says so.
  const theirs = chat.locator('[data-testid="chat-message"][data-sender="customer"]');
  await expect(theirs).toHaveCount(1, { timeout: 15_000 });
  const told = customer.received.find((n) => n.shipmentNo === shipmentNo && n.kind === 'chat.message')!;
  const seen = customer.photos.get(told.id);
  expect(seen, 'the customer opened the photo').toBeTruthy();
  await expect(theirs).toContainText(photoSeenAnswer(seen!));
  await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', 'read', { timeout: 15_000 });
  await snap(page, 'chat-04-photo-seen');

  // Asked for a photo, the customer sends one: it appears in the open chat without a reload.
  await chat.getByRole('textbox', { name: 'Tulis pesan' }).fill('Boleh kirim foto patokan rumahnya, Kak?');
  await chat.getByRole('button', { name: 'Kirim', exact: true }).click();
  await expect(theirs).toHaveCount(2, { timeout: 15_000 });
  await expect(theirs.nth(1)).toContainText(PHOTO_SENT_ANSWER);
  const photo = theirs.nth(1).getByRole('img', { name: 'Foto dari Pelanggan' });
  await expect(photo).toBeVisible();
  // The picture itself loaded (the crew read it through the store's upload route).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The view followed the newest bubble once its photo grew it.
  await expect(theirs.nth(1).getByText(PHOTO_SENT_ANSWER)).toBeInViewport();
  await snap(page, 'chat-05-customer-photo');

  // The crew saw both answers: the channel is told with a read receipt.
  await expect.poll(() => customer.received.filter((n) => n.shipmentNo === shipmentNo && n.kind === 'chat.read').length, { timeout: 15_000 }).toBeGreaterThan(0);

  // An answer that arrives with the chat closed shows on the Chat button, live; opening the chat reads it.
  await chat.getByRole('button', { name: 'Kirim foto' }).waitFor();
  await chat.getByRole('button', { name: 'Mohon ditunggu sebentar ya Kak' }).click();
  await page.getByRole('button', { name: 'Tutup dialog' }).click();
  await expect(chat).toBeHidden();
  const badge = page.getByTestId('open-chat').getByTestId('chat-unread');
  await expect(badge).toHaveText('1', { timeout: 15_000 });
  await expect(badge).toHaveAccessibleName('1 pesan belum dibaca');
  await snap(page, 'chat-06-unread-badge');
  await openChat(page);
  await expect(badge).toHaveCount(0, { timeout: 10_000 });
});

test('a long pasted message is kept whole, counted and held; a 10 MB file is refused on the phone with "Pilih file lain"', async ({ page }) => {
  const listed = (await (await crewApi.get('/api/orders?status=1102&size=1')).json()) as { data: { items: Array<{ shipmentNo: string; deliveryType: number }> } };
  const order = listed.data.items[0]!;
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(uploads|chat\/rooms\/[^/]+\/messages)$/.test(new URL(r.url()).pathname)) sent.push(r.url());
  });
  await page.goto(`/order/detail/1102/${order.shipmentNo}/${order.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  const chat = await openChat(page);
  const input = chat.getByRole('textbox', { name: 'Tulis pesan' });
  const long = `${'Kak, pesanan sedang kami siapkan dan segera dikirim. '.repeat(23).slice(0, 1195)}akhir`;
  expect(long).toHaveLength(1200);
  await input.focus();
  // Pasted in one go, as a phone's paste inserts it.
  await page.keyboard.insertText(long);
  await expect(input).toHaveValue(long);
  await expect(chat.getByTestId('chat-input-counter')).toHaveText('1200 / 1000');
  await expect(chat.getByTestId('chat-input-too-long')).toHaveText('Terlalu panjang: 1200 dari maksimal 1000 karakter. Hapus 200 karakter agar bisa dikirim.');
  const send = chat.getByRole('button', { name: 'Kirim', exact: true });
  await expect(send).toBeDisabled();
  await expect(send).toBeInViewport();
  await input.press('Enter');
  await expect(input).toHaveValue(long);
  await snap(page, 'chat-07-too-long');

  // A 10 MB file that is no photo the phone can shrink: refused before any upload, another file offered.
  const big = Buffer.alloc(10 * 1024 * 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
  await chat.getByTestId('chat-photo-input').setInputFiles({ name: 'video-rak.png', mimeType: 'image/png', buffer: big });
  const problem = chat.getByTestId('chat-photo-problem');
  await expect(problem).toContainText('Ukuran file terlalu besar (maksimal 5 MB).');
  await expect(problem.getByRole('button', { name: 'Pilih file lain' })).toBeVisible();
  await expect(problem.getByRole('button', { name: 'Coba lagi' })).toHaveCount(0);
  await snap(page, 'chat-08-file-refused');
  expect(sent).toEqual([]);
});

test("a history order's chat is read only", async ({ page }) => {
  const listed = (await (await crewApi.get('/api/orders?status=1105&size=1')).json()) as { data: { items: Array<{ shipmentNo: string; deliveryType: number }> } };
  const order = listed.data.items[0]!;
  await page.goto(`/order/detail/1105/${order.shipmentNo}/${order.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  const chat = await openChat(page);
  await expect(chat.getByTestId('chat-read-only')).toContainText('Chat hanya dapat dibaca');
  await expect(chat.getByRole('textbox')).toHaveCount(0);
  await expect(chat.getByRole('button', { name: QUICK_REPLY })).toHaveCount(0);
  await snap(page, 'chat-03-read-only');
});
