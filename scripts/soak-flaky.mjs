// `npm run soak:flaky`: the crew's actions through a flaky network. Starts Gerai on a fresh
// embedded database, puts a small HTTP proxy in front of it that (with a fixed-seed random)
// drops requests before the server sees them, drops replies after the server answered (the
// phone never hears it: the case that matters), and delays some past the client's timeout.
// A demo crew member claims, scans and packs orders — 200 actions by default — each with its
// own Idempotency-Key, retried through the proxy with the SAME key until it is answered, as the
// web's outbox does. Then it reads the orders back directly and checks that every action was
// applied exactly once. Prints a summary; exits 1 on any mismatch, 2 past the time limit.
// Loopback only (127.0.0.1), bounded in requests and time, stops by itself.
//
//   npm run soak:flaky                          200 actions, seed 20261122, 5 orders at a time
//   npm run soak:flaky -- --seed 7              another fixed random
//   npm run soak:flaky -- --actions 100         fewer actions (a multiple of 10)
//   npm run soak:flaky -- --drop-reply 0.3      harsher: more lost replies (also --drop-request, --delay)
//   npm run soak:flaky -- --fresh-keys          control: retries with a NEW key, which the check must catch (exits 1)
import { createHmac, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startApp, stopAfter } from './app-server.mjs';
import { freePort, startProxy } from './lib/flaky-proxy.mjs';
import { mulberry32 } from './lib/mulberry32.mjs';

const { values: opts } = parseArgs({
  options: {
    seed: { type: 'string', default: '20261122' },
    actions: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '5' },
    'drop-request': { type: 'string', default: '0.15' },
    'drop-reply': { type: 'string', default: '0.15' },
    delay: { type: 'string', default: '0.15' },
    'fresh-keys': { type: 'boolean', default: false },
  },
});

const share = (name) => {
  const v = Number(opts[name]);
  if (!(v >= 0 && v < 0.9)) throw new Error(`--${name} must be a share between 0 and 0.9`);
  return v;
};
const SEED = Number(opts.seed) >>> 0;
/** Each order is one claim, UNITS scans (one unit each) and one pack. */
const LINE_QTYS = [3, 3, 2];
const UNITS = LINE_QTYS.reduce((a, b) => a + b, 0);
const PER_ORDER = 1 + UNITS + 1;
const ACTIONS = Math.max(PER_ORDER, Math.min(1000, Math.round(Number(opts.actions) / PER_ORDER) * PER_ORDER || 200));
const ORDERS = ACTIONS / PER_ORDER;
const CONCURRENCY = Math.max(1, Math.min(20, Number(opts.concurrency) || 5));
const FAULTS = { dropRequest: share('drop-request'), dropReply: share('drop-reply'), delay: share('delay') };
/** A phone gives up on an answer after this long and sends again (same key). */
const CLIENT_TIMEOUT_MS = 2000;
/** Delays: most short, a few beyond the client's timeout, so a retry races the late original. */
const DELAY_MS = { short: [50, 800], late: [CLIENT_TIMEOUT_MS + 200, CLIENT_TIMEOUT_MS + 1200] };
const LATE_SHARE = 0.3;
const MAX_ATTEMPTS = 40;
const HARD_LIMIT_MS = 5 * 60_000;
const CREW = { nik: '10000001', password: 'gerai123', store: 'T001' };
/** The first channel and its development secret (the app runs without CHANNEL_SECRETS). */
const CHANNEL = { appId: 379, secret: 'gerai-channel-379' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- direct calls (set-up and checks; not crew actions) ---------------------------------------

async function direct(base, path, { method = 'GET', token, body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** X-Gerai-Signature of the channel intake: t=<unix seconds>,sha256=<HMAC-SHA256 of "<t>.<signed>">. */
function signature(signed) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},sha256=${createHmac('sha256', CHANNEL.secret).update(`${t}.${signed}`).digest('hex')}`;
}

/** New pickup orders in the crew's store, each with three lines of LINE_QTYS units, through the signed intake. */
async function createOrders(base, n) {
  const catalogPath = `/api/channels/${CHANNEL.appId}/stores/${CREW.store}/products`;
  const catalog = await direct(base, catalogPath, { headers: { 'x-gerai-signature': signature(`GET ${catalogPath}`) } });
  if (catalog.items.length < LINE_QTYS.length * 2) throw new Error(`${CREW.store} sells too few products`);
  const created = [];
  for (let i = 0; i < n; i++) {
    const picks = LINE_QTYS.map((qty, j) => ({ barcode: catalog.items[(i * LINE_QTYS.length + j) % catalog.items.length].barcode, qty }));
    const body = JSON.stringify({
      orderNo: `SOAK-${SEED}-${Date.now().toString(36).toUpperCase()}-${i}`,
      storeCode: CREW.store,
      deliveryType: 0,
      paymentId: 1,
      customer: { name: `Pelanggan Uji ${i + 1}`, phone: `0812000${String(i).padStart(5, '0')}` },
      lines: picks,
    });
    const data = await direct(base, `/api/channels/${CHANNEL.appId}/orders`, { method: 'POST', body, headers: { 'x-gerai-signature': signature(body) } });
    created.push(data.shipmentNo);
  }
  return created;
}

// --- the crew's actions through the proxy -------------------------------------------------------

const client = { sent: 0, retries: 0, timeouts: 0, connectionErrors: 0, inProgress: 0, retryable5xx: 0, replayed: 0, gaveUp: 0 };

/**
 * One crew action: POST with its own Idempotency-Key, sent again with the same key until the
 * server's answer arrives (no answer, 409 IDEMPOTENCY_IN_PROGRESS, 429 or 5xx: again), as the
 * outbox does. Returns the final answer { status, body }, or null when MAX_ATTEMPTS ran out.
 */
async function act(proxyBase, token, path, body, rand) {
  let key = randomUUID();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    // The control run: a client that forgets its key on retry, as a naive one would.
    if (attempt > 1 && opts['fresh-keys']) key = randomUUID();
    if (attempt > 1) {
      client.retries++;
      await sleep(Math.min(1000, 40 * 2 ** Math.min(attempt, 5)) * (0.5 + rand()));
    }
    client.sent++;
    let res;
    try {
      res = await fetch(`${proxyBase}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
    } catch (err) {
      if (err?.name === 'TimeoutError') client.timeouts++;
      else client.connectionErrors++;
      continue;
    }
    let json;
    try {
      json = await res.json();
    } catch {
      // The reply was cut off mid-body: no answer.
      client.connectionErrors++;
      continue;
    }
    if (res.status === 409 && json?.code === 'IDEMPOTENCY_IN_PROGRESS') {
      // The first copy is still running on the server: ask again for its answer.
      client.inProgress++;
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      client.retryable5xx++;
      continue;
    }
    if (res.headers.get('idempotent-replayed') === 'true') client.replayed++;
    return { status: res.status, body: json };
  }
  client.gaveUp++;
  return null;
}

/** One order as a phone works it: claim, scan every unit of every line, pack. */
async function workOrder(proxyBase, token, order, rand) {
  const claim = await act(proxyBase, token, `/api/orders/${order.shipmentNo}/claim`, undefined, rand);
  order.outcomes.push(['claim', claim]);
  if (claim?.status !== 200) return;
  order.claimed = true;
  for (const line of order.lines) {
    for (let u = 0; u < line.qty; u++) {
      const scan = await act(proxyBase, token, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }, rand);
      order.outcomes.push([`scan ${line.barcode}`, scan]);
      if (scan?.status !== 200) return;
      line.scansApplied++;
    }
  }
  const pack = await act(proxyBase, token, `/api/orders/${order.shipmentNo}/pack`, undefined, rand);
  order.outcomes.push(['pack', pack]);
  if (pack?.status === 200) order.packed = true;
}

// --- the run ---------------------------------------------------------------------------------

let app;
let proxy;
const cleanUp = () => {
  proxy?.close();
  app?.stop();
};
const limit = stopAfter(HARD_LIMIT_MS, 'soak:flaky', cleanUp);

const startedAt = Date.now();
let failures = [];
try {
  app = await startApp({ port: await freePort(), env: { ACCESS_TOKEN_TTL_SECONDS: '3600', LOG_LEVEL: 'error' } });
  // Sign-in goes direct: the soak is about the crew's actions, and login is rate-limited per address.
  const login = await direct(app.base, '/api/auth/login', { method: 'POST', body: { nik: CREW.nik, password: CREW.password }, headers: { origin: app.base } });
  const token = login.token;
  const shipmentNos = await createOrders(app.base, ORDERS);
  const orders = [];
  for (const shipmentNo of shipmentNos) {
    const detail = await direct(app.base, `/api/orders/${shipmentNo}`, { token });
    orders.push({ shipmentNo, lines: detail.products.map((p) => ({ lineId: p.lineId, barcode: p.barcode, qty: p.qty, scansApplied: 0 })), outcomes: [], claimed: false, packed: false });
  }
  const countsBefore = (await direct(app.base, '/api/orders/count', { token })).counts;

  const rand = mulberry32(SEED);
  proxy = await startProxy(app.base, mulberry32(SEED ^ 0x9e3779b9), { faults: FAULTS, delayMs: DELAY_MS, lateShare: LATE_SHARE });
  const runStart = Date.now();
  const queue = [...orders];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let order = queue.shift(); order; order = queue.shift()) await workOrder(proxy.base, token, order, rand);
    }),
  );
  const runMs = Date.now() - runStart;
  // Late originals may still be on their way to the server: let them land before reading back.
  await sleep(DELAY_MS.late[1] + 500);

  // --- read back directly and compare ----------------------------------------------------------
  let duplicates = 0;
  let missing = 0;
  let statusOk = 0;
  for (const order of orders) {
    const detail = await direct(app.base, `/api/orders/${order.shipmentNo}`, { token });
    const claims = detail.history.filter((h) => h.action === 'claim').length;
    const packs = detail.history.filter((h) => h.action === 'pack').length;
    duplicates += Math.max(0, claims - 1) + Math.max(0, packs - 1);
    missing += (order.claimed && claims === 0 ? 1 : 0) + (order.packed && packs === 0 ? 1 : 0);
    if (claims !== 1 || packs !== 1) failures.push(`${order.shipmentNo}: history has ${claims} claim(s) and ${packs} pack(s), expected 1 and 1`);
    if (detail.statusId !== 1103) failures.push(`${order.shipmentNo}: status ${detail.statusId}, expected 1103`);
    else statusOk++;
    for (const line of order.lines) {
      const now = detail.products.find((p) => p.lineId === line.lineId);
      const picked = now?.qtyPicked ?? -1;
      if (picked > line.scansApplied) duplicates += picked - line.scansApplied;
      if (picked < line.scansApplied) missing += line.scansApplied - picked;
      if (picked !== line.scansApplied || picked !== line.qty) {
        failures.push(`${order.shipmentNo} line ${line.lineId}: picked ${picked}, scan actions applied ${line.scansApplied}, ordered ${line.qty}`);
      }
    }
    for (const [what, outcome] of order.outcomes) {
      if (!outcome) failures.push(`${order.shipmentNo} ${what}: no answer after ${MAX_ATTEMPTS} attempts`);
      else if (outcome.status !== 200) failures.push(`${order.shipmentNo} ${what}: refused ${outcome.status} ${outcome.body?.code ?? ''} ${outcome.body?.message ?? ''}`);
    }
  }
  const countsAfter = (await direct(app.base, '/api/orders/count', { token })).counts;
  const delta = (s) => countsAfter[s] - countsBefore[s];
  const expectedDelta = { 1101: -ORDERS, 1102: 0, 1103: ORDERS };
  for (const [s, d] of Object.entries(expectedDelta)) {
    if (delta(s) !== d) failures.push(`count of ${s} changed by ${delta(s)}, expected ${d}`);
  }
  const actionsAnswered = orders.reduce((n, o) => n + o.outcomes.filter(([, x]) => x?.status === 200).length, 0);

  // --- summary -----------------------------------------------------------------------------------
  const p = proxy.stats;
  const pct = (n, of) => (of ? `${((100 * n) / of).toFixed(1)} %` : '-');
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
  const rows = [
    ['crew actions', `${ACTIONS} (${ORDERS} orders × claim + ${UNITS} scans + pack), ${CONCURRENCY} orders at a time, seed ${SEED}${opts['fresh-keys'] ? ', CONTROL: a new key per retry' : ''}`],
    ['applied (answered 200)', `${actionsAnswered} / ${ACTIONS}`],
    ['requests sent', `${client.sent} (${client.retries} retries with ${opts['fresh-keys'] ? 'a new' : 'the same'} key)`],
    ['dropped before the server', `${p.droppedBefore} (${pct(p.droppedBefore, p.received)})`],
    ['reply dropped after the server applied it', `${p.droppedAfter} (${pct(p.droppedAfter, p.received)})`],
    ['delays (request or reply)', `${p.delayed}, ${p.delayedLate} of them past the ${CLIENT_TIMEOUT_MS / 1000} s client timeout`],
    ['client saw', `${client.timeouts} timeouts, ${client.connectionErrors} lost connections, ${client.inProgress} × 409 in progress, ${client.retryable5xx} × 429/5xx`],
    ['answers replayed by the server', `${client.replayed}`],
    ['orders in 1103 with 1 claim and 1 pack', `${statusOk} / ${ORDERS}`],
    ['order counts', `1101 ${signed(delta('1101'))}, 1102 ${signed(delta('1102'))}, 1103 ${signed(delta('1103'))}`],
    ['duplicates applied', `${duplicates}`],
    ['actions lost', `${missing + client.gaveUp}`],
    ['time', `${(runMs / 1000).toFixed(1)} s for the actions, ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\nflaky-network soak');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  if (failures.length) {
    console.log(`\n✗ ${failures.length} mismatch(es):`);
    for (const f of failures.slice(0, 30)) console.log(`  - ${f}`);
  } else {
    console.log('\n✓ every crew action was applied exactly once');
  }
} catch (err) {
  failures = [String(err?.stack ?? err)];
  console.error(`✗ soak:flaky failed: ${err?.stack ?? err}`);
} finally {
  clearTimeout(limit);
  cleanUp();
}
process.exit(failures.length ? 1 : 0);
