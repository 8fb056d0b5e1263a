// The phones of `npm run topology` (scripts/topology.mjs): crew phones sending actions with their
// Idempotency-Keys the way the web outbox does, phones on the event stream, and what they saw.
import { createHmac } from 'node:crypto';
import pg from 'pg';

/** Every demo account's password (seed/demo-data.ts). */
const PW = 'gerai123';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A crew action is retried (same key) at most this long: past the 2 min a dead request holds its key. */
const ACTION_RETRY_LIMIT_MS = 150_000;

export function createCrew({ NGINX, channelSecret }) {
  // ---------------------------------------------------------------- clients
  async function signIn(nik) {
    for (let i = 0; ; i++) {
      try {
        const res = await fetch(`${NGINX}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nik, password: PW }) });
        if (res.ok) return (await res.json()).data.token;
        if (i > 20) throw new Error(`login ${nik}: ${res.status} ${await res.text()}`);
      } catch (err) {
        if (i > 20) throw err;
      }
      await sleep(250);
    }
  }
  function signed(body) {
    const t = Math.floor(Date.now() / 1000);
    return { 'content-type': 'application/json', 'x-gerai-signature': `t=${t},sha256=${createHmac('sha256', channelSecret).update(`${t}.${body}`).digest('hex')}` };
  }

  /** Per phase: what the crew's phones saw. */
  const phases = [];
  let phase = null;
  function beginPhase(name) {
    phase = { name, started: Date.now(), requests: 0, attempts: 0, failures: 0, retried: 0, latencies: [], longestStall: 0, tryAgain: 0, longestTryAgainMs: 0, held: 0, failuresByCode: {}, answers: {}, notes: [], recoveryMs: null };
    phases.push(phase);
    return phase;
  }

  const acted = []; // every action: { key, path, shipmentNo, kind, lineId, ack }
  /**
   * One crew action with its Idempotency-Key, sent until it is answered, the way the web outbox does:
   * a network error, 502/503/504 and 409 "in progress" are sent again with the same key.
   */
  async function act(token, entry) {
    const p = phase;
    p.requests++;
    const t0 = Date.now();
    const record = { ...entry, ack: null, phase: p.name };
    acted.push(record);
    let wait = 200;
    let retried = false;
    for (;;) {
      const a0 = Date.now();
      p.attempts++;
      let status = 0;
      let code = 'network';
      try {
        const res = await fetch(`${NGINX}${entry.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': entry.key },
          body: entry.body ?? '{}',
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        const text = await res.text();
        code = status < 300 ? 'ok' : answerCode(status, text);
        if (code === 'SERVICE_UNAVAILABLE') {
          phase.tryAgain++;
          phase.longestTryAgainMs = Math.max(phase.longestTryAgainMs, Date.now() - a0);
        }
        if (status < 300 || code === 'IDEMPOTENCY_ALREADY_APPLIED') {
          record.ack = { status, code, replayed: res.headers.get('idempotent-replayed') === 'true' };
          const ms = Date.now() - t0;
          p.latencies.push(ms);
          p.longestStall = Math.max(p.longestStall, ms);
          if (retried) p.retried++;
          return true;
        }
      } catch {
        // network error: the outcome is unknown, the same key settles it
      }
      if (code !== 'ok') {
        const seen = (phase.answers[code] ??= { n: 0, longestMs: 0 });
        seen.n++;
        seen.longestMs = Math.max(seen.longestMs, Date.now() - a0);
      }
      const again = code === 'network' || [502, 503, 504].includes(status) || code === 'IDEMPOTENCY_IN_PROGRESS';
      if (code === 'IDEMPOTENCY_IN_PROGRESS') record.heldSeen = true;
      if (!again || Date.now() - t0 > ACTION_RETRY_LIMIT_MS) {
        p.failures++;
        p.failuresByCode[code] = (p.failuresByCode[code] ?? 0) + 1;
        record.failed = code;
        return false;
      }
      retried = true;
      await sleep(wait + Math.random() * wait);
      wait = Math.min(wait * 2, 2_000);
    }
  }

  /** The app's error code, or what answered instead (nginx's own page: `502 nginx`). */
  function answerCode(status, text) {
    try {
      const code = JSON.parse(text).code;
      if (typeof code === 'string') return code;
    } catch {
      // not the app's JSON
    }
    return `${status} ${/nginx/i.test(text) ? 'nginx' : 'other'}`;
  }

  let loadRunning = true;
  const orderQueue = { T001: [], T002: [], T003: [] };
  const workerOrders = { done: 0, stuck: 0 };
  async function crewWorker(store, token) {
    while (loadRunning) {
      const order = orderQueue[store].shift();
      if (!order) return;
      const base = `/api/orders/${order.shipmentNo}`;
      const k = (what) => `topo-${order.shipmentNo}-${what}`;
      const steps = [{ key: k('claim'), path: `${base}/claim`, kind: 'claim' }];
      for (const line of order.lines) for (let n = 0; n < line.qty; n++) steps.push({ key: k(`scan-${line.barcode}-${n}`), path: `${base}/scan`, body: JSON.stringify({ barcode: line.barcode }), kind: 'scan', barcode: line.barcode });
      steps.push({ key: k('pack'), path: `${base}/pack`, kind: 'pack' });
      for (const step of steps) {
        if (!(await act(token, { ...step, shipmentNo: order.shipmentNo }))) {
          workerOrders.stuck++;
          break;
        }
        await sleep(250);
      }
      if (steps.every((s) => acted.find((a) => a.key === s.key)?.ack)) {
        order.done = true;
        workerOrders.done++;
      }
    }
  }

  // ---------------------------------------------------------------- helpers on the database
  async function sqlClient(url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    c.on('error', () => undefined);
    return c;
  }

  /** Every table's row count and an order-independent checksum of its rows, in one snapshot. */
  async function contentsOf(client) {
    const tables = (await client.query(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.tablename);
    const out = {};
    for (const t of tables) {
      const { rows } = await client.query(`select count(*)::int as n, coalesce(md5(string_agg(h, '' order by h)), '') as sum from (select md5(x::text) as h from "${t}" x) s`);
      out[t] = rows[0];
    }
    return out;
  }

  async function waitRecovered(port, token, sinceMs) {
    // Recovered: answers a read of the database, and its LISTEN connection is back.
    for (;;) {
      try {
        const [count, health] = await Promise.all([
          fetch(`http://127.0.0.1:${port}/api/orders/count`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) }),
          fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) }).then((r) => r.json()),
        ]);
        if (count.ok && health.data?.listening === true) return Date.now() - sinceMs;
      } catch {
        // not yet
      }
      if (Date.now() - sinceMs > 60_000) return Infinity;
      await sleep(100);
    }
  }

  const pct = (list, p) => {
    if (!list.length) return 0;
    const s = [...list].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  };

  /** Every action against the database: audit rows of claim and pack, picked quantities and the scan log. */
  async function checkActions(db) {
    const touched = [...new Set(acted.map((a) => a.shipmentNo))];
    const orderRows = (await db.query(`select o.shipment_no, o.status_id, (select json_agg(json_build_object('id', l.id, 'barcode', l.barcode, 'qty', l.qty, 'picked', l.qty_picked)) from order_lines l where l.order_id = o.id) as lines from orders o where o.shipment_no = any($1)`, [touched])).rows;
    const audits = (await db.query(`select entity_id, action, count(*)::int as n from audit_log where entity = 'order' and entity_id = any($1) and action in ('claim', 'pack') group by 1, 2`, [touched])).rows;
    const scans = (await db.query(`select o.shipment_no, l.barcode, count(*)::int as n from order_scans s join order_lines l on l.id = s.line_id join orders o on o.id = l.order_id where o.shipment_no = any($1) and s.result = 'accepted' group by 1, 2`, [touched])).rows;
    const auditOf = (s, action) => audits.find((a) => a.entity_id === s && a.action === action)?.n ?? 0;
    const scansOf = (s, barcode) => scans.find((a) => a.shipment_no === s && a.barcode === barcode)?.n ?? 0;
    let lost = 0;
    let doubled = 0;
    for (const o of orderRows) {
      const mine = acted.filter((a) => a.shipmentNo === o.shipment_no);
      const ackedOf = (kind, barcode) => mine.filter((a) => a.ack && a.kind === kind && (!barcode || a.barcode === barcode)).length;
      const sentOf = (kind, barcode) => mine.filter((a) => a.kind === kind && (!barcode || a.barcode === barcode)).length;
      for (const kind of ['claim', 'pack']) {
        const n = auditOf(o.shipment_no, kind);
        if (n < ackedOf(kind)) lost++;
        if (n > Math.min(1, sentOf(kind))) doubled++;
      }
      for (const l of o.lines) {
        const picked = l.picked;
        const logged = scansOf(o.shipment_no, l.barcode);
        if (picked < ackedOf('scan', l.barcode) || logged < ackedOf('scan', l.barcode)) lost++;
        if (picked > sentOf('scan', l.barcode) || logged !== picked) doubled++;
      }
      if (ackedOf('pack') && o.status_id !== 1103) lost++;
    }
    return { lost, doubled };
  }

  /** The table of what each phase saw. */
  function printTable(perPhase) {
    for (const p of phases) {
      const answers = Object.entries(p.answers).map(([c, a]) => `${c} ${a.n} (longest ${a.longestMs} ms)`);
      if (answers.length) p.notes.unshift(`answers to resend: ${answers.join(', ')}`);
    }
    const rowsOut = phases.map((p) => {
      const ev = perPhase[p.name] ?? { expectedTotal: 0, seenTotal: 0, duplicated: 0, missing: 0 };
      return [p.name, p.requests, p.failures, p.attempts - p.requests, p.retried, pct(p.latencies, 99), p.longestStall, p.tryAgain ? `${p.tryAgain} (≤ ${p.longestTryAgainMs} ms)` : '0', `${ev.expectedTotal}/${ev.seenTotal}/${ev.duplicated}/${ev.missing}`, p.recoveryMs ?? '', p.notes.join('; ')];
    });
    const header = ['phase', 'actions', 'failed', 'resent', 'actions resent', 'p99 ms', 'longest stall ms', '503 try again', 'events expected/seen/dup/missing', 'recovery ms', 'notes'];
    const widths = header.map((h, i) => Math.max(h.length, ...rowsOut.map((r) => String(r[i]).length)));
    console.log('');
    console.log(header.map((h, i) => (i === header.length - 1 ? h : h.padEnd(widths[i]))).join(' | '));
    console.log(widths.map((w, i) => (i === header.length - 1 ? '-'.repeat(5) : '-'.repeat(w))).join('-|-'));
    for (const r of rowsOut) console.log(r.map((c, i) => (i === header.length - 1 ? String(c) : String(c).padEnd(widths[i]))).join(' | '));
  }

  /** `count` orders for `store` through the channel's signed intake, two lines of two units each, queued for the crew. */
  async function takeInOrders(store, count) {
    const catalogue = `/api/channels/379/stores/${store}/products`;
    const res = await fetch(`${NGINX}${catalogue}`, { headers: signed(`GET ${catalogue}`) });
    if (!res.ok) throw new Error(`catalogue of ${store}: ${res.status} ${await res.text()}`);
    const lines = (await res.json()).data.items.slice(0, 2).map((item) => ({ barcode: item.barcode, qty: 2 }));
    for (let i = 0; i < count; i++) {
      const body = JSON.stringify({ orderNo: `TOPO-${store}-${i}-${Date.now()}`, storeCode: store, deliveryType: 0, paymentId: 1, customer: { name: 'Siti Rahayu', phone: '081234567890' }, lines });
      const res = await fetch(`${NGINX}/api/channels/379/orders`, { method: 'POST', headers: signed(body), body });
      if (res.status !== 201) throw new Error(`intake: ${res.status} ${await res.text()}`);
      orderQueue[store].push({ shipmentNo: (await res.json()).data.shipmentNo, lines });
    }
  }

  return { DEMO_PASSWORD: PW, takeInOrders, checkActions, printTable, signIn, signed, phases, beginPhase, acted, act, orderQueue, workerOrders, crewWorker, stopLoad: () => (loadRunning = false), sqlClient, contentsOf, waitRecovered, pct };
}
