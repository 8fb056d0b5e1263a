import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { fetchCatalog, signedOrder, TEST_CHANNEL, TEST_STORE, type IntakeReply } from './channel';

/**
 * API helpers of the POD test: the crew's and the supervisor's own API
 * sessions (cookies), finding a seeded delivery order, and making a new one
 * through the signed channel intake and the crew's picking API.
 */
export const DEMO_PASSWORD = 'gerai123';

export interface LatLng {
  lat: number;
  long: number;
}

export interface DeliveryOrder extends LatLng {
  shipmentNo: string;
  orderNo: string;
  customerName: string;
}

/**
 * Signs in once through the API and keeps the session's cookies in a storage
 * state file: the spec's browsers and API calls reuse it. Logins are
 * rate-limited per address (LOGIN_RATE_LIMIT, 10 a minute) and the whole e2e
 * suite shares one server, so the POD spec signs each person in only once.
 */
export async function signInOnce(baseURL: string, nik: string, statePath: string): Promise<APIRequestContext> {
  // A clean jar: the spec's `use` storage state (this very file) does not exist yet.
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: HEADERS, storageState: { cookies: [], origins: [] } });
  let res = await api.post('/api/auth/login', { data: { nik, password: DEMO_PASSWORD } });
  if (res.status() === 429) {
    // Other specs used this minute's logins: wait for the window the server names, once.
    const wait = Number(res.headers()['retry-after'] ?? 60);
    await new Promise((r) => setTimeout(r, (Number.isFinite(wait) ? wait : 60) * 1000 + 500));
    res = await api.post('/api/auth/login', { data: { nik, password: DEMO_PASSWORD } });
  }
  if (!res.ok()) throw new Error(`login ${nik}: HTTP ${res.status()} ${await res.text()}`);
  await api.storageState({ path: statePath });
  const headers = res.headers();
  loginBudget = { remaining: Number(headers['x-ratelimit-remaining'] ?? Infinity), resetS: Number(headers['x-ratelimit-reset'] ?? 0) };
  return api;
}

let loginBudget: { remaining: number; resetS: number } = { remaining: Infinity, resetS: 0 };

/**
 * The specs after this one sign in too. When this spec's logins left little of
 * the minute's budget, wait for the window to reset so they are not refused.
 * (Raising LOGIN_RATE_LIMIT for the e2e server makes this a no-op.)
 */
export async function leaveLoginBudget(min = 5): Promise<void> {
  const { remaining, resetS } = loginBudget;
  if (!(remaining < min) || !Number.isFinite(resetS) || resetS <= 0) return;
  await new Promise((r) => setTimeout(r, Math.min(resetS, 65) * 1000 + 500));
}

/** Cookie-authenticated changes must say they come from a script of ours (CSRF rule). */
const HEADERS = { 'X-Requested-With': 'gerai-e2e' };

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A T001 delivery order waiting in 1103 (Proses) with customer coordinates and
 * no pending POD request, found as the crew finds it: GET /api/orders?status=1103,
 * then its customer from GET /api/orders/:shipmentNo.
 */
export async function findDeliveryOrder(crew: APIRequestContext, skip: readonly string[] = []): Promise<DeliveryOrder> {
  const list = await data<{ items: Array<{ shipmentNo: string; deliveryType: number }> }>(await crew.get('/api/orders?status=1103&size=100'), 'orders 1103');
  for (const o of list.items) {
    if (o.deliveryType !== 1 || skip.includes(o.shipmentNo)) continue;
    const detail = await data<{ shipmentNo: string; orderNo: string; customer: { name: string; latitude: number | null; longitude: number | null } }>(
      await crew.get(`/api/orders/${o.shipmentNo}`),
      `order ${o.shipmentNo}`,
    );
    if (detail.customer.latitude === null || detail.customer.longitude === null) continue;
    const mine = await data<{ items: Array<{ status: string }> }>(await crew.get(`/api/pod/requests/mine?shipmentNo=${o.shipmentNo}`), 'pod requests');
    if (mine.items.some((r) => r.status === 'pending')) continue;
    return { shipmentNo: detail.shipmentNo, orderNo: detail.orderNo, customerName: detail.customer.name, lat: detail.customer.latitude, long: detail.customer.longitude };
  }
  throw new Error('T001 has no delivery order in 1103 without a pending POD request');
}

/**
 * A new delivery order for T001 at `customer`, brought to 1103 the way a crew
 * does it: signed channel intake, claim, one scan per unit, pack.
 */
export async function createDeliveryOrder(crew: APIRequestContext, baseURL: string, customer: LatLng & { name: string }): Promise<DeliveryOrder> {
  const item = (await fetchCatalog(baseURL)).find((i) => /^\d{13}$/.test(i.barcode) && i.stock >= 2 && !/^Kantong/i.test(i.name));
  if (!item) throw new Error('no product in stock at T001');
  const { raw, headers } = signedOrder({
    orderNo: `E2E-POD-${Date.now()}-${Math.round(Math.random() * 1e6)}`,
    storeCode: TEST_STORE,
    deliveryType: 1,
    paymentId: 1,
    customer: { name: customer.name, phone: '081234500000', address: 'Jl. Uji POD No. 1, Jakarta Selatan', latitude: customer.lat, longitude: customer.long },
    lines: [{ barcode: item.barcode, qty: 1 }],
  });
  const intake = await crew.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers });
  const order = await data<IntakeReply>(intake, 'intake');
  const sn = order.shipmentNo;
  await data(await crew.post(`/api/orders/${sn}/claim`, { data: {} }), 'claim');
  await data(await crew.post(`/api/orders/${sn}/scan`, { data: { barcode: item.barcode } }), 'scan');
  await data(await crew.post(`/api/orders/${sn}/pack`, { data: {} }), 'pack');
  return { shipmentNo: sn, orderNo: order.orderNo, customerName: customer.name, lat: customer.lat, long: customer.long };
}

/** A point `m` metres north (negative: south) of `p`. */
export function northOf(p: LatLng, m: number): LatLng {
  return { lat: p.lat + m / 111_320, long: p.long };
}
