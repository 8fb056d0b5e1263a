/**
 * `DAY_PG_URL=<url> npx tsx bench/day-explain.ts [rounds=3]`: on a chain kept by day-keep.ts, the
 * day's rare writes (a booking created, taken and received; a return created and approved), plus an
 * intake, a claim, a scan and the orders list of an active store, each answered through the app
 * (inject) while every statement it sends is timed. Prints the time of each request and of its
 * slowest statements, then EXPLAIN (ANALYZE, BUFFERS) of every statement over `explain-ms=` (in a
 * transaction rolled back, so a write changes nothing).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDb, openDb } from '../src/db/client';
import { channelHeaders, processSecrets } from '../src/platform/process-test-kit';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { chiefNik, staffNik } from './day-setup';

const opts: Record<string, string> = { rounds: '3', 'explain-ms': '5', only: '' };
for (const word of process.argv.slice(2)) {
  const [name, value] = word.split('=');
  if (!(name! in opts) || value === undefined) throw new Error(`unknown option ${word}; options: ${Object.keys(opts).map((k) => `${k}=`).join(' ')}`);
  opts[name!] = value;
}
const url = process.env.DAY_PG_URL;
if (!url) throw new Error('DAY_PG_URL=<a database grown by bench/day-keep.ts>');

interface Timed {
  text: string;
  values: unknown[];
  ms: number;
  /** Sent at, ms since the process started (a slow request's timeline shows where it waited). */
  at: number;
}
let timed: Timed[] = [];
// Every statement any node-postgres client sends, with its time to answer.
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  const c = config as string | { text: string; values?: unknown[] };
  const entry: Timed = typeof c === 'string' ? { text: c, values: (values as unknown[]) ?? [], ms: 0, at: 0 } : { text: c.text, values: c.values ?? (values as unknown[]) ?? [], ms: 0, at: 0 };
  const t = performance.now();
  entry.at = t;
  const done = () => (entry.ms = performance.now() - t);
  // The pool sends with a callback (no promise back): time it through the callback.
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    timed.push(entry);
    args[args.length - 1] = (...a: unknown[]) => {
      done();
      return (last as (...x: unknown[]) => unknown)(...a);
    };
  }
  const res = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (res && typeof (res as Promise<unknown>).then === 'function') {
    timed.push(entry);
    void (res as Promise<unknown>).then(done, done);
  }
  return res;
} as typeof query;

const handle = await openDb({ databaseUrl: url });
// A kept chain may predate the branch's newest migrations (the server process migrates on start; this does not start one).
await migrateDb(handle);
const direct = new pg.Client({ connectionString: url });
await direct.connect();
const rows = async <T>(text: string, values: unknown[] = []) => (await direct.query(text, values)).rows as T[];

const secrets = processSecrets();
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, WEB_DIST: '/nonexistent', JWT_SECRET: secrets.JWT_SECRET, CHANNEL_SECRETS: secrets.CHANNEL_SECRETS });
const app = await buildApp({ config, handle, logger: false });
const tokens = new Map<string, string>();
async function auth(nik: string): Promise<Record<string, string>> {
  if (!tokens.has(nik)) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password: DEMO_PASSWORD } });
    tokens.set(nik, (res.json() as { data: { token: string } }).data.token);
  }
  return { authorization: `Bearer ${tokens.get(nik)}` };
}

const slow: Array<{ step: string } & Timed> = [];
async function step<T>(name: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, payload?: unknown): Promise<T> {
  timed = [];
  const t = performance.now();
  const res = await app.inject({ method, url: path, headers: { ...headers, ...(method === 'POST' && !headers['idempotency-key'] ? { 'idempotency-key': randomUUID() } : {}) }, payload: payload as string });
  const ms = performance.now() - t;
  if (res.statusCode >= 300) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  const top = [...timed].sort((a, b) => b.ms - a.ms);
  console.log(`${name.padEnd(18)} ${ms.toFixed(1).padStart(7)} ms, ${timed.length} statements; slowest ${top.slice(0, 3).map((s) => `${s.ms.toFixed(1)} ms ${s.text.replace(/\s+/g, ' ').slice(0, 70)}`).join(' | ')}`);
  if (ms > 100) for (const s of timed) console.log(`    +${(s.at - t).toFixed(1)} ms (${s.ms.toFixed(1)} ms) ${s.text.replace(/\s+/g, ' ').slice(0, 90)}`);
  for (const s of top.filter((s) => s.ms >= Number(opts['explain-ms']))) slow.push({ step: name, ...s });
  return (res.json() as { data: T }).data;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const active = await rows<{ code: string }>(`select store_code as code from users where nik like '2%' and store_code like 'T1%' and role_id = 2 order by 1`);
// The first listed return reason that needs no text (the last, id 0, is "Lainnya").
const reasons = await app.inject({ method: 'GET', url: '/api/returns/reasons', headers: await auth(staffNik(active[0]!.code)) });
const returnReason = (reasons.json() as { data: { items: Array<{ id: number }> } }).data.items.find((r) => r.id !== 0)!.id;
const channels = Object.entries(JSON.parse(secrets.CHANNEL_SECRETS) as Record<string, string>);
const run = (name: string) => !opts.only || opts.only.split(',').some((w) => name.includes(w));

for (let round = 0; round < Number(opts.rounds); round++) {
  const store = active[(round * 37) % active.length]!.code;
  const staff = await auth(staffNik(store));
  const chief = await auth(chiefNik(store));
  console.log(`--- round ${round + 1}: store ${store}`);
  const [appId, secret] = channels[round % channels.length]!;
  const product = (await rows<{ ean13: string }>(`select p.ean13 from store_stock s join products p using (product_id) where s.store_code = $1 and s.qty >= 10 and p.name not ilike 'Kantong Kertas%' limit 1`, [store]))[0]!;
  /** A new order of the store from a channel, claimed by its crew: picking, its line of 2 units not scanned yet. */
  let pickupCode = '';
  const claimedOrder = async (): Promise<string> => {
    const raw = JSON.stringify({ orderNo: `EXPLAIN-${randomUUID().slice(0, 12)}`, storeCode: store, deliveryType: 0, paymentId: 1, customer: { name: 'Pelanggan Uji', phone: '081234567890' }, lines: [{ barcode: product.ean13, qty: 2 }], paperBags: 0 });
    const intake = await step<{ shipmentNo: string; pickupCode: string }>('channel intake', 'POST', `/api/channels/${appId}/orders`, { ...channelHeaders(raw, secret), 'content-type': 'application/json' }, raw);
    pickupCode = intake.pickupCode;
    await step('orders list', 'GET', '/api/orders?status=1101&page=1&size=20', staff);
    await step('orders count', 'GET', '/api/orders/count', staff);
    await step('claim', 'POST', `/api/orders/${intake.shipmentNo}/claim`, staff, {});
    return intake.shipmentNo;
  };
  if (run('order')) {
    // The whole walk of a pickup order: every status change the day's growth is judged on.
    const shipmentNo = await claimedOrder();
    await step('scan', 'POST', `/api/orders/${shipmentNo}/scan`, staff, { barcode: product.ean13 });
    await step('scan', 'POST', `/api/orders/${shipmentNo}/scan`, staff, { barcode: product.ean13 });
    await step('pack', 'POST', `/api/orders/${shipmentNo}/pack`, staff, {});
    await step('handover (pickup)', 'POST', `/api/orders/${shipmentNo}/handover`, staff, { pickupCode, receiverName: 'Pelanggan Uji' });
    await step('finish', 'POST', `/api/orders/${shipmentNo}/finish`, staff, {});
  }
  if (run('booking')) {
    // An order of the store being picked, with a line still lacking.
    const shipmentNo = await claimedOrder();
    const [target] = await rows<{ shipment_no: string; line_id: number; barcode: string }>(
      `select o.shipment_no, l.id as line_id, l.barcode from orders o join order_lines l on l.order_id = o.id where o.shipment_no = $1`,
      [shipmentNo],
    );
    if (target) {
      const proposal = await step<{ stores: Array<{ storeCode: string }> }>('booking proposal', 'GET', `/api/bookings/proposal?shipmentNo=${target.shipment_no}&lineId=${target.line_id}`, staff);
      const serving = proposal.stores.find((s) => /^T\d{4,}$/.test(s.storeCode));
      if (serving) {
        const booking = await step<{ bookID: number }>('booking create', 'POST', '/api/bookings', staff, { shipmentNo: target.shipment_no, lineId: target.line_id, qty: 1, storeCode: serving.storeCode });
        await step('booking take', 'POST', `/api/bookings/${booking.bookID}/take`, await auth(staffNik(serving.storeCode)), {});
        await step('booking receive', 'POST', `/api/bookings/${booking.bookID}/receive`, staff, { barcode: target.barcode, qty: 1 });
      }
    }
  }
  if (run('return')) {
    const [done] = await rows<{ shipment_no: string; line_id: number }>(
      `select o.shipment_no, l.id as line_id from orders o join order_lines l on l.order_id = o.id
       where o.store_code = $1 and o.status_id in (1104, 1105) and l.qty_picked > 0 and o.completed_at > now() - interval '6 days'
         and not exists (select 1 from returns r where r.order_id = o.id) order by o.id desc limit 1`,
      [store],
    );
    if (done) {
      const boundary = `explain${randomUUID().replace(/-/g, '')}`;
      const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="retur.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const photo = await step<{ id: string }>('upload', 'POST', '/api/uploads', { ...staff, 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
      await step('return create', 'POST', '/api/returns', staff, { shipmentNo: done.shipment_no, reasonId: returnReason, lines: [{ lineId: done.line_id, qty: 1 }], photoIds: [photo.id] });
      await step('return approve', 'POST', `/api/returns/${done.shipment_no}/approve`, chief, {});
    }
  }
}
pg.Client.prototype.query = query;
await app.close();

// The slow statements' plans, slowest first, each once; writes are rolled back.
const seen = new Set<string>();
for (const s of slow.sort((a, b) => b.ms - a.ms)) {
  if (seen.has(s.text) || !/^\s*(select|insert|update|delete|with)/i.test(s.text)) continue;
  seen.add(s.text);
  await direct.query('begin');
  try {
    const plan = await direct.query({ text: `explain (analyze, buffers) ${s.text}`, values: s.values });
    console.log(`\n=== ${s.step}: ${s.ms.toFixed(1)} ms in the app\n${s.text.replace(/\s+/g, ' ')}\n${JSON.stringify(s.values).slice(0, 300)}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
  } catch (err) {
    console.log(`\n=== ${s.step}: ${s.ms.toFixed(1)} ms: ${s.text.slice(0, 200)}\nEXPLAIN failed: ${(err as Error).message}`);
  } finally {
    await direct.query('rollback');
  }
}
await direct.end();
await handle.close();
