/**
 * The journeys of the load generator (day-load.ts): an online order from the channel to
 * "Selesai" (or its cancellation) with its bookings, chat and return, and a material transfer,
 * each request on the real route as a phone or a channel sends it.
 */
import { randomUUID } from 'node:crypto';
import { channelHeaders } from '../src/platform/process-test-kit';
import { background, call, chance, int, pick, sleep, state, type DayLoadSpec, type DayStore } from './day-http';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

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
  await call(spec, 'chat message (customer)', `/api/channels/${appId}/chat/messages`, { body, headers: channelHeaders(body, channel.secret) });
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
export async function orderJourney(spec: DayLoadSpec): Promise<void> {
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
    headers: channelHeaders(raw, channel.secret),
  });
  refreshPhones(spec, store, 1101);
  const shipment = intake.shipmentNo;
  await think();
  if (state.stopped) return;
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
      if (state.stopped) return;
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
  if (state.stopped) return;
  await call(spec, 'pack', `/api/orders/${shipment}/pack`, { token: store.staff, body: {} });
  refreshPhones(spec, store, 1103);
  await think();
  if (state.stopped) return;
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
  if (state.stopped) return;
  const finished = await call<Detail>(spec, 'finish', `/api/orders/${shipment}/finish`, { token: store.staff, body: {} });
  refreshPhones(spec, store, 1105);
  state.ordersFinished++;
  if (chance(0.01)) {
    const photo = await call<{ id: string }>(spec, 'upload', '/api/uploads', { token: store.staff, raw: multipart(PNG) });
    const line = finished.products[0]!;
    await call(spec, 'return', '/api/returns', { token: store.staff, body: { shipmentNo: shipment, reasonId: spec.returnReasonId, lines: [{ lineId: line.lineId, qty: 1 }], photoIds: [photo.id] } });
  }
}

/** A material transfer between two active stores: sent, confirmed with its PIN, counted in. */
export async function transferJourney(spec: DayLoadSpec): Promise<void> {
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
