import { expect, test, type APIRequestContext } from '@playwright/test';
import { channelSignature, newPickupOrder, orderableProducts, TEST_CHANNEL } from './support/channel';
import { leaveLoginBudget, signInOnce } from './support/pod';
import { pushPhone } from './support/push-phone';

// Issue 28, the web half: a crew phone of T001 subscribes through the app's real flow (the service
// worker, PushManager, PUT /api/push/devices) to a push service of the test's own; the server's real
// encrypted pushes reach the app's service worker (CDP). A new order shows a notification, a second one
// updates it (one notification, the count), the kepala toko's claim on another phone updates the
// count quietly, a customer's chat message is withdrawn when the kepala toko reads it, and a tap on the
// new-order notification opens the order list in the open window.

const CREW = '10000001';
const CHIEF = '20000001';
const CREW_STATE = 'test-results/push-crew.json';
const CHIEF_STATE = 'test-results/push-chief.json';
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, locale: 'id-ID', timezoneId: 'Asia/Jakarta' } as const;
const NEW_ORDERS_TAG = 'order.new:T001';

let crewApi: APIRequestContext;
let chief: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  crewApi = await signInOnce(baseURL!, CREW, CREW_STATE);
  chief = await signInOnce(baseURL!, CHIEF, CHIEF_STATE);
});

test.afterAll(async () => {
  await Promise.all([crewApi?.dispose(), chief?.dispose()]);
  await leaveLoginBudget();
});

const countIn = (body: string) => Number(/(\d+) pesanan baru/.exec(body)?.[1] ?? NaN);

test('pushes reach the service worker: a new order, its count, a claim elsewhere, a chat withdrawn, the tap', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ ...PHONE, baseURL, storageState: CREW_STATE });
  await context.grantPermissions(['notifications']);
  const { phone: attach, subscription } = await pushPhone(context);
  const page = await context.newPage();

  // /akun: the app subscribed this phone (permission granted) and offers the switches of a crew member.
  const subscribed = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/push\/devices\//.test(r.url()) && r.ok());
  await page.goto('/akun');
  const put = await subscribed;
  expect(put.request().postDataJSON()).toEqual({ transport: 'webpush', endpoint: subscription.body.endpoint, keys: subscription.body.keys });
  await expect(page.getByTestId('push-state-on')).toBeVisible();
  await expect(page.getByTestId('push-kind-order.new')).toBeChecked();
  await expect(page.getByTestId('push-kind-order.new')).toBeDisabled();
  const phone = await attach(page, baseURL!);

  // A new order at T001: the server's push, delivered to the worker, is the store's one new-order notification.
  const [product] = await orderableProducts(baseURL!, 4);
  const first = await newPickupOrder(crewApi, 'PUSH1', 'Pelanggan Push', [{ barcode: product!.barcode, qty: 1 }]);
  const one = await phone.nextPush((p) => p.tag === NEW_ORDERS_TAG && !p.withdraw);
  expect(one.payload).toMatchObject({ kind: 'order.new', title: 'Pesanan baru', renotify: true, open: { screen: 'orders' } });
  await phone.deliver(one.plaintext);
  await expect.poll(() => phone.notifications(NEW_ORDERS_TAG)).toEqual([{ title: 'Pesanan baru', body: one.payload.body, tag: NEW_ORDERS_TAG }]);
  const count = countIn(one.payload.body);

  // A second order: still one notification, with the count.
  const second = await newPickupOrder(crewApi, 'PUSH2', 'Pelanggan Push', [{ barcode: product!.barcode, qty: 1 }]);
  const two = await phone.nextPush((p) => p.tag === NEW_ORDERS_TAG && countIn(p.body) === count + 1, one.index);
  await phone.deliver(two.plaintext);
  await expect.poll(() => phone.notifications(NEW_ORDERS_TAG)).toEqual([{ title: 'Pesanan baru', body: two.payload.body, tag: NEW_ORDERS_TAG }]);

  // The kepala toko claims the second order on his phone: the count goes down quietly on this one.
  const claim = await chief.post(`/api/orders/${second}/claim`, { data: {}, headers: { 'Idempotency-Key': `e2e-push-claim-${Date.now()}` } });
  expect(claim.ok(), await claim.text()).toBe(true);
  const quiet = await phone.nextPush((p) => p.tag === NEW_ORDERS_TAG && countIn(p.body) === count, two.index);
  expect(quiet.payload.renotify).toBe(false);
  await phone.deliver(quiet.plaintext);
  await expect.poll(async () => (await phone.notifications(NEW_ORDERS_TAG)).map((n) => n.body)).toEqual([quiet.payload.body]);

  // The customer writes about the first order: a chat notification; the kepala toko reads it, and it is withdrawn here.
  const raw = JSON.stringify({ shipmentNo: first, messageId: `e2e-push-${Date.now()}`, body: 'Kak, pesanan saya sudah siap?' });
  const wrote = await crewApi.post(`/api/channels/${TEST_CHANNEL}/chat/messages`, { data: raw, headers: { 'content-type': 'application/json', 'x-gerai-signature': channelSignature(raw) } });
  expect(wrote.ok(), await wrote.text()).toBe(true);
  const chatTag = `chat:${first}`;
  const chat = await phone.nextPush((p) => p.tag === chatTag && !p.withdraw);
  await phone.deliver(chat.plaintext);
  await expect.poll(() => phone.notifications(chatTag)).toEqual([{ title: `Chat pelanggan · ${first}`, body: 'Kak, pesanan saya sudah siap?', tag: chatTag }]);
  const room = (await (await chief.get(`/api/chat/rooms/${first}`)).json()) as { data: { items: Array<{ id: number; sender: string }> } };
  const upToId = Math.max(...room.data.items.filter((m) => m.sender === 'customer').map((m) => m.id));
  const read = await chief.post(`/api/chat/rooms/${first}/read`, { data: { upToId }, headers: { 'Idempotency-Key': `e2e-push-read-${Date.now()}` } });
  expect(read.ok(), await read.text()).toBe(true);
  const withdrawal = await phone.nextPush((p) => p.tag === chatTag && p.withdraw, chat.index);
  await phone.deliver(withdrawal.plaintext);
  await expect.poll(() => phone.notifications(chatTag)).toEqual([]);
  expect(await phone.notifications(NEW_ORDERS_TAG)).toHaveLength(1);

  // The tap on the new-order notification: the open window goes to the order list.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (tag) => {
    // The worker's own types (the e2e tsconfig has the DOM's only).
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
    const NotificationEventOf = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new NotificationEventOf('notificationclick', { notification: notification! }));
  }, NEW_ORDERS_TAG);
  await expect(page).toHaveURL(/\/order$/);
  expect(await phone.notifications(NEW_ORDERS_TAG)).toEqual([]);

  await phone.close();
  await context.close();
});
