// `npm run simulate -- --store T001`: a stream of realistic, signed channel orders
// sent through the public intake endpoint of a running Gerai, until stopped.
// `npm run simulate -- --chat`: a customer who reads and answers the store's chat messages
// (start Gerai with CHANNEL_WEBHOOKS pointing at the address it prints): it opens the store's photos
// through their signed links and sends a photo of its own when asked for one (`--chat-photos`: with
// every answer).
import { parseArgs } from 'node:util';
import { fakerID_ID as faker } from '@faker-js/faker';
import { CHANNELS, offsetPoint, PAYMENT_IDS, type IntakeOrder } from '@gerai/contract';
import { defaultChannelSecrets } from '../config';
import { signBody } from '../modules/channels/signature';
import { startChatCustomer } from './chat-customer';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'T001' },
    url: { type: 'string', default: process.env.GERAI_URL ?? 'http://127.0.0.1:3000' },
    interval: { type: 'string', default: '8' },
    count: { type: 'string' },
    chat: { type: 'boolean', default: false },
    'chat-port': { type: 'string', default: '3199' },
    'chat-photos': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const base = values.url.replace(/\/$/, '');
const intervalMs = Math.max(0.2, Number(values.interval)) * 1000;
const limit = values.count ? Number(values.count) : Infinity;
const secrets: Record<string, string> = process.env.CHANNEL_SECRETS ? JSON.parse(process.env.CHANNEL_SECRETS) : defaultChannelSecrets();

if (values.chat) {
  const customer = await startChatCustomer({
    gerai: base,
    secrets,
    port: Number(values['chat-port']),
    ...(values['chat-photos'] ? { sendsPhoto: () => true } : {}),
    log: (line) => console.log(`${new Date().toLocaleTimeString('id-ID')}  ${line}`),
  });
  console.log(`Chat customer listening on ${customer.url}, answering through ${base}. Start Gerai with:`);
  console.log(`  CHANNEL_WEBHOOKS='${JSON.stringify(customer.webhooks(CHANNELS.map((c) => c.appId)))}'`);
  process.on('SIGINT', () => void customer.close().then(() => process.exit(0)));
  // Runs until stopped.
  await new Promise(() => {});
}

interface Catalog {
  storeCode: string;
  storeName: string;
  latitude: number;
  longitude: number;
  items: Array<{ barcode: string; name: string; price: number; stock: number }>;
}

async function signedFetch(appId: number, path: string, init: { method: 'GET' | 'POST'; body?: string }) {
  const secret = secrets[String(appId)];
  if (!secret) throw new Error(`no secret for channel ${appId}`);
  const signed = init.method === 'GET' ? `GET ${path}` : (init.body ?? '');
  // Signed at the moment of sending: the server refuses a timestamp outside its window (CHANNEL_SIGNATURE_TOLERANCE_SECONDS).
  return fetch(`${base}${path}`, {
    method: init.method,
    headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(signed, secret, new Date()) },
    body: init.body,
  });
}

async function loadCatalog(): Promise<Catalog> {
  const appId = CHANNELS[0].appId;
  const res = await signedFetch(appId, `/api/channels/${appId}/stores/${encodeURIComponent(values.store)}/products`, { method: 'GET' });
  const body = (await res.json()) as { data?: Catalog; message: string };
  if (!res.ok || !body.data) throw new Error(`cannot read the catalogue of ${values.store}: ${res.status} ${body.message}`);
  return body.data;
}

function makeOrder(catalog: Catalog): { appId: number; order: IntakeOrder } {
  const channel = faker.helpers.arrayElement(CHANNELS);
  const delivery = faker.datatype.boolean({ probability: 0.55 });
  const picks = faker.helpers.arrayElements(catalog.items, { min: 1, max: 4 });
  const spot = offsetPoint(catalog.latitude, catalog.longitude, faker.number.int({ min: 150, max: 2500 }), faker.number.float({ min: 0, max: Math.PI * 2 }));
  const name = faker.person.fullName();
  return {
    appId: channel.appId,
    order: {
      orderNo: `${channel.appName.toUpperCase()}-${Date.now().toString(36).toUpperCase()}${faker.string.alphanumeric({ length: 4, casing: 'upper' })}`,
      storeCode: catalog.storeCode,
      deliveryType: delivery ? 1 : 0,
      paymentId: faker.helpers.arrayElement(PAYMENT_IDS),
      customer: {
        name,
        phone: `08${faker.string.numeric(10)}`,
        ...(delivery
          ? { address: `${faker.location.streetAddress()}, ${catalog.storeName.replace(/^Toko /, '')}`, latitude: spot.lat, longitude: spot.lng }
          : {}),
      },
      lines: picks.map((p) => ({ barcode: p.barcode, qty: faker.number.int({ min: 1, max: Math.max(1, Math.min(3, p.stock)) }) })),
      paperBags: faker.number.int({ min: 0, max: 2 }),
    },
  };
}

let stopped = false;
process.on('SIGINT', () => {
  stopped = true;
  console.log('\nSimulator stopped.');
  process.exit(0);
});

const catalog = await loadCatalog();
console.log(`Sending orders to ${catalog.storeCode} ${catalog.storeName} at ${base} every ~${intervalMs / 1000}s (Ctrl+C to stop)`);
let sent = 0;
while (!stopped && sent < limit) {
  const { appId, order } = makeOrder(catalog);
  const body = JSON.stringify(order);
  try {
    const res = await signedFetch(appId, `/api/channels/${appId}/orders`, { method: 'POST', body });
    const reply = (await res.json()) as { data?: { shipmentNo: string }; message: string };
    sent++;
    console.log(`${new Date().toLocaleTimeString('id-ID')}  ${res.status}  channel ${appId}  ${order.orderNo} → ${reply.data?.shipmentNo ?? reply.message}`);
  } catch (err) {
    console.error(`could not reach ${base}: ${(err as Error).message}`);
  }
  if (sent < limit) await new Promise((r) => setTimeout(r, intervalMs * faker.number.float({ min: 0.6, max: 1.4 })));
}
