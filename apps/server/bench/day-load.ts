/**
 * The load generator of `npm run bench -- day`, in its own process (as load.ts): reads a
 * DayLoadSpec as JSON on stdin, plays the peak hour for `durationSeconds` at
 * `ordersPerSecond`, writes a StepResult as JSON on stdout.
 *
 * Each order is walked through its lifecycle with real HTTP on the real routes (signed channel
 * intake, claim, a scan per unit, pack, handover or scan and go, finish; some cancelled, booked,
 * chatted about, returned), every write with an Idempotency-Key as the web app sends it; after
 * each status change the store's two other phones refresh count and list. Transfers, monitoring
 * and stock lookups run beside it at their share of the order rate (day-mix.ts), and
 * `sseStreams` phones hold GET /api/events open throughout.
 */
import { randomUUID } from 'node:crypto';
import { signBody } from '../src/modules/channels/signature';
import { statsOf, type StepResult } from './day-mix';

export interface DayStore {
  code: string;
  staff: string;
  chief: string;
  /** Products the store has in stock: lines of its orders, and what it sends in transfers. */
  products: Array<{ productId: string; barcode: string }>;
}

export interface DayLoadSpec {
  base: string;
  ordersPerSecond: number;
  durationSeconds: number;
  /** How long journeys in flight may finish after the window (their requests count). */
  drainSeconds: number;
  sseStreams: number;
  channels: Array<{ appId: number; secret: string }>;
  stores: DayStore[];
  areaToken: string;
  chainToken: string;
  cancelReasonId: number;
  returnReasonId: number;
  password: string;
  seed: number;
}

export type DayLoadResult = StepResult & { sseEvents: number; sseOpen: number; ordersFinished: number };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let stopped = false;
const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
const errorSamples: string[] = [];
const pending = new Set<Promise<unknown>>();
let ordersStarted = 0;
let ordersFinished = 0;
let skipped = 0;

/** A small deterministic generator, so two runs of a step draw the same journeys. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let random = Math.random;
const chance = (p: number) => random() < p;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Failed extends Error {}

interface Call {
  method?: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: { data: Buffer; contentType: string };
}

/** One request, timed from send to the last byte of the reply; a non-2xx reply is an error of its endpoint. */
async function call<T = unknown>(spec: DayLoadSpec, endpoint: string, path: string, c: Call = {}): Promise<T> {
  const method = c.method ?? (c.body !== undefined || c.raw ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...c.headers };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  // Every change carries a key, as the web app's; a login is not a change.
  if (method === 'POST' && endpoint !== 'login') headers['idempotency-key'] = randomUUID();
  let body: string | Buffer | undefined;
  if (c.raw) {
    headers['content-type'] = c.raw.contentType;
    body = c.raw.data;
  } else if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  }
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(`${spec.base}${path}`, { method, headers, body });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = (err as Error).message;
  }
  const ms = performance.now() - started;
  if (!latencies.has(endpoint)) latencies.set(endpoint, []);
  latencies.get(endpoint)!.push(ms);
  if (status < 200 || status >= 300) {
    errors.set(endpoint, (errors.get(endpoint) ?? 0) + 1);
    if (errorSamples.length < 20) errorSamples.push(`${endpoint} ${status} ${text.slice(0, 200)}`);
    throw new Failed(`${endpoint}: ${status}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}

/** Fire and forget, but the step waits for it before it reports. */
function background(work: Promise<unknown>): void {
  const p = work.catch(() => undefined);
  pending.add(p);
  void p.finally(() => pending.delete(p));
}

/** The store's two other phones answer a status change: each refreshes its count and its list. */
function refreshPhones(spec: DayLoadSpec, store: DayStore, status: number): void {
  for (let phone = 0; phone < 2; phone++) {
    background(call(spec, 'orders count', '/api/orders/count', { token: store.staff }));
    background(call(spec, 'orders list', `/api/orders?status=${status}&page=1&size=20`, { token: store.staff }));
  }
}

interface Line {
  lineId: number;
  barcode: string;
  qty: number;
  qtyPicked: number;
}
interface Detail {
  shipmentNo: string;
  orderNo: string;
  products: Line[];
}

const staffTokens = new Map<string, Promise<string>>();

/** A store's crew token for a store outside the active set (a booking's serving store), signed in once. */
function staffOf(spec: DayLoadSpec, code: string): Promise<string> {
  const active = spec.stores.find((s) => s.code === code);
  if (active) return Promise.resolve(active.staff);
  if (!staffTokens.has(code)) {
    const nik = `1${code.slice(1).padStart(7, '0')}`;
    staffTokens.set(code, call<{ token: string }>(spec, 'login', '/api/auth/login', { body: { nik, password: spec.password } }).then((d) => d.token));
  }
  return staffTokens.get(code)!;
}

/** One unit booked from the nearest store that has it, taken there, fetched and received here. */
async function bookOne(spec: DayLoadSpec, store: DayStore, detail: Detail, line: Line): Promise<void> {
  const proposal = await call<{ stores: Array<{ storeCode: string }> }>(spec, 'booking proposal', `/api/bookings/proposal?shipmentNo=${detail.shipmentNo}&lineId=${line.lineId}`, { token: store.staff });
  // Bench stores have a crew member of their own (dataset.ts); the demo's own stores are left to the demo.
  const serving = proposal.stores.find((s) => /^T\d{4,}$/.test(s.storeCode));
  if (!serving) return;
  const booking = await call<{ bookID: number }>(spec, 'booking create', '/api/bookings', {
    token: store.staff,
    body: { shipmentNo: detail.shipmentNo, lineId: line.lineId, qty: 1, storeCode: serving.storeCode },
  });
  const servingToken = await staffOf(spec, serving.storeCode);
  await call(spec, 'booking take', `/api/bookings/${booking.bookID}/take`, { token: servingToken, body: {} });
  await call(spec, 'booking receive', `/api/bookings/${booking.bookID}/receive`, { token: store.staff, body: { barcode: line.barcode, qty: 1 } });
}

async function chat(spec: DayLoadSpec, store: DayStore, detail: Detail, appId: number): Promise<void> {
  await call(spec, 'chat message (crew)', `/api/chat/rooms/${detail.shipmentNo}/messages`, { token: store.staff, body: { messageId: randomUUID(), body: 'Halo Kak, pesanan sedang kami siapkan.' } });
  const channel = spec.channels.find((c) => c.appId === appId)!;
  const body = JSON.stringify({ shipmentNo: detail.shipmentNo, messageId: `bench-${randomUUID()}`, body: 'Baik, terima kasih.' });
  await call(spec, 'chat message (customer)', `/api/channels/${appId}/chat/messages`, { body, headers: { 'x-gerai-signature': signBody(body, channel.secret) } });
}

function multipart(file: Buffer): { data: Buffer; contentType: string } {
  const boundary = `bench${randomUUID().replace(/-/g, '')}`;
  const data = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="retur.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { data, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Pauses between a crew member's steps (compressed: a real picker scans every few seconds). */
const think = () => sleep(int(20, 120));

/** One online order from the channel to "Selesai" (or its cancellation), as the store's phones drive it. */
async function orderJourney(spec: DayLoadSpec): Promise<void> {
  const store = pick(spec.stores);
  const channel = pick(spec.channels);
  const delivery = chance(0.55);
  const lines = [...new Map(Array.from({ length: int(1, 5) }, () => pick(store.products)).map((p) => [p.barcode, p])).values()];
  const order = {
    orderNo: `DAY-${randomUUID().slice(0, 18)}`,
    storeCode: store.code,
    deliveryType: delivery ? 1 : 0,
    paymentId: 1,
    customer: { name: 'Pelanggan Puncak', phone: '081234567890', ...(delivery ? { address: 'Jl. Puncak No. 1', latitude: -6.2, longitude: 106.8 } : {}) },
    lines: lines.map((p) => ({ barcode: p.barcode, qty: int(1, 2) })),
    paperBags: 0,
  };
  const raw = JSON.stringify(order);
  const intake = await call<{ shipmentNo: string; pickupCode: string }>(spec, 'channel intake', `/api/channels/${channel.appId}/orders`, {
    body: raw,
    headers: { 'x-gerai-signature': signBody(raw, channel.secret) },
  });
  refreshPhones(spec, store, 1101);
  const shipment = intake.shipmentNo;
  await think();
  if (stopped) return;
  if (chance(0.03)) {
    await call(spec, 'cancel', '/api/cancellations', { token: store.chief, body: { shipmentNo: shipment, reasonId: spec.cancelReasonId } });
    refreshPhones(spec, store, 1106);
    return;
  }
  const detail = await call<Detail>(spec, 'claim', `/api/orders/${shipment}/claim`, { token: store.staff, body: {} });
  refreshPhones(spec, store, 1102);
  background(call(spec, 'order detail', `/api/orders/${shipment}`, { token: store.staff }));
  if (chance(0.3)) background(chat(spec, store, detail, channel.appId));
  // The booked unit still goes through the scanner once it arrives, so the scans below stay as they are.
  if (chance(0.02)) await bookOne(spec, store, detail, detail.products[0]!);
  const cancelAt = chance(0.02 / 0.97) ? int(0, 3) : -1;
  let scans = 0;
  for (const line of detail.products) {
    for (let unit = 0; unit < line.qty; unit++) {
      if (stopped) return;
      if (scans === cancelAt) {
        await call(spec, 'cancel', '/api/cancellations', { token: store.chief, body: { shipmentNo: shipment, reasonId: spec.cancelReasonId } });
        refreshPhones(spec, store, 1106);
        return;
      }
      await think();
      await call(spec, 'scan', `/api/orders/${shipment}/scan`, { token: store.staff, body: { barcode: line.barcode } });
      scans++;
    }
  }
  await think();
  if (stopped) return;
  await call(spec, 'pack', `/api/orders/${shipment}/pack`, { token: store.staff, body: {} });
  refreshPhones(spec, store, 1103);
  await think();
  if (stopped) return;
  if (delivery) {
    await call(spec, 'POD scan and go', '/api/pod/scan-go', {
      token: store.staff,
      body: {
        shipmentNo: shipment,
        orderNo: order.orderNo,
        lat: -6.2,
        long: 106.8,
        accuracy: 8,
        capturedAt: new Date().toISOString(),
        receiverName: 'Pelanggan Puncak',
        receiverRelation: 'Pemesan',
        isValidate: true,
        plasticQty: 0,
      },
    });
  } else {
    await call(spec, 'handover (pickup)', `/api/orders/${shipment}/handover`, { token: store.staff, body: { pickupCode: intake.pickupCode, receiverName: 'Pelanggan Puncak' } });
  }
  refreshPhones(spec, store, 1104);
  await think();
  if (stopped) return;
  const finished = await call<Detail>(spec, 'finish', `/api/orders/${shipment}/finish`, { token: store.staff, body: {} });
  refreshPhones(spec, store, 1105);
  ordersFinished++;
  if (chance(0.01)) {
    const photo = await call<{ id: string }>(spec, 'upload', '/api/uploads', { token: store.staff, raw: multipart(PNG) });
    const line = finished.products[0]!;
    await call(spec, 'return', '/api/returns', { token: store.staff, body: { shipmentNo: shipment, reasonId: spec.returnReasonId, lines: [{ lineId: line.lineId, qty: 1 }], photoIds: [photo.id] } });
  }
}

/** A material transfer between two active stores: sent, confirmed with its PIN, counted in. */
async function transferJourney(spec: DayLoadSpec): Promise<void> {
  const sender = pick(spec.stores);
  const receiver = pick(spec.stores.filter((s) => s.code !== sender.code));
  const product = pick(sender.products);
  const sent = await call<{ transfer: { matNo: string; idTbsms: string }; secret: { pin: string } }>(spec, 'transfer create', '/api/transfers', {
    token: sender.staff,
    body: { receiverStoreCode: receiver.code, lines: [{ productId: product.productId, qty: 1 }] },
  });
  await think();
  await call(spec, 'transfer confirm', `/api/transfers/by-tbsms/${sent.transfer.idTbsms}/confirm`, { token: receiver.staff, body: { pin: sent.secret.pin } });
  await think();
  await call(spec, 'transfer finish', `/api/transfers/${sent.transfer.matNo}/finish`, { token: receiver.staff, body: { lines: [{ productId: product.productId, qtyReceived: 1 }] } });
}

/** Phones with GET /api/events open, spread over the active stores; counts the events they receive. */
function openStreams(spec: DayLoadSpec): { events: () => number; open: () => number; close: () => void } {
  const controller = new AbortController();
  let events = 0;
  let open = 0;
  for (let i = 0; i < spec.sseStreams; i++) {
    const token = i === 0 ? spec.areaToken : spec.stores[i % spec.stores.length]!.staff;
    void (async () => {
      try {
        const res = await fetch(`${spec.base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
        if (!res.ok || !res.body) return;
        open++;
        const decoder = new TextDecoder();
        for await (const chunk of res.body) events += (decoder.decode(chunk as Uint8Array).match(/^event: /gm) ?? []).length;
      } catch {
        // closed at the end of the step
      }
    })();
  }
  return { events: () => events, open: () => open, close: () => controller.abort() };
}

/** Starts `work` at `perSecond` on average (Poisson arrivals) until the window ends; never more than `cap` in flight. */
async function arrivals(perSecond: number, until: number, cap: number, work: () => Promise<void>, onStart: () => void = () => undefined): Promise<void> {
  if (perSecond <= 0) return;
  let inFlight = 0;
  let next = performance.now();
  while (!stopped) {
    next += (-Math.log(1 - random()) * 1000) / perSecond;
    if (next >= until) break;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= cap) {
      skipped++;
      continue;
    }
    inFlight++;
    onStart();
    background(
      work()
        .catch((err: unknown) => {
          if (!(err instanceof Failed) && errorSamples.length < 20) errorSamples.push(String(err));
        })
        .finally(() => inFlight--),
    );
  }
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const spec = JSON.parse(input) as DayLoadSpec;
  random = mulberry32(spec.seed);
  const streams = openStreams(spec);
  await sleep(1000);
  const eventsBefore = streams.events();
  const started = performance.now();
  const until = started + spec.durationSeconds * 1000;
  const rate = spec.ordersPerSecond;
  await Promise.all([
    arrivals(rate, until, 5000, () => orderJourney(spec), () => ordersStarted++),
    arrivals(rate * 0.01, until, 100, () => transferJourney(spec)),
    arrivals(rate * 0.2, until, 100, async () => void (await call(spec, 'monitoring (area)', '/api/monitoring', { token: spec.areaToken }))),
    arrivals(rate * 0.02, until, 100, async () => void (await call(spec, 'monitoring (chain)', '/api/monitoring', { token: spec.chainToken }))),
    arrivals(rate * 0.1, until, 100, async () => {
      const store = pick(spec.stores);
      await call(spec, 'stock lookup', `/api/stock/products/${pick(store.products).productId}`, { token: store.staff });
    }),
  ]);
  const windowMs = performance.now() - started;
  // Journeys in flight finish their current step; no new step starts after the drain.
  const drain = sleep(spec.drainSeconds * 1000).then(() => (stopped = true));
  while (pending.size > 0 && !stopped) await Promise.race([drain, ...pending]);
  stopped = true;
  await Promise.race([Promise.all(pending), sleep(5000)]);
  const elapsedMs = performance.now() - started;
  const sseEvents = streams.events() - eventsBefore;
  const sseOpen = streams.open();
  streams.close();
  const endpoints = Object.fromEntries([...latencies].map(([endpoint, values]) => [endpoint, statsOf(values, errors.get(endpoint) ?? 0)]));
  const total = [...latencies.values()].reduce((n, v) => n + v.length, 0);
  const result: DayLoadResult = {
    ordersPerSecond: rate,
    achievedOrdersPerSecond: ordersStarted / (windowMs / 1000),
    skipped,
    requestsPerSecond: total / (elapsedMs / 1000),
    endpoints,
    sseEvents,
    sseOpen,
    ordersFinished,
  };
  for (const sample of errorSamples) process.stderr.write(`[day-load] ${sample}\n`);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

void main();
