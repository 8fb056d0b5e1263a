/**
 * `kill -9` of a real server process under load, on real PostgreSQL: what the
 * server acknowledged survives, a client retrying with its Idempotency-Keys
 * gets the first answers back, and once every key is retried each change is
 * applied exactly once, including those the dead process committed but never
 * answered. Needs
 * TEST_DATABASE_URL (CI's `.ci/run` sets it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { channelHeaders, createScratchDatabase, killOnExit, processSecrets, signIn, sqlConnection, startServerProcess, type ServerProcess } from './process-test-kit';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
// Said where the run's output shows it, not only in the skipped test's name.
if (!ADMIN_URL) console.info('[crash-recovery] skipped: needs a PostgreSQL server in TEST_DATABASE_URL (a server process on it is killed); .ci/run sets it');
const TITLE = 'a server process killed under load';
const ORDERS = 12;
const LINES = 2;
const SCANS_PER_LINE = 8;
/** Each line is ordered more than it is scanned, so a scan applied twice would be counted, not refused. */
const QTY = 20;
const WORKERS = 8;
/** The server is killed once this many changes were acknowledged, with more in flight. */
const KILL_AFTER_ACKS = 90;
/** Two server starts, the load and the retries: ~25 s on an idle 2-core machine; bounded well above that. */
const TEST_TIME_LIMIT_MS = 150_000;

interface Sent {
  key: string;
  path: string;
  body: string;
  /** Line id for a scan; null for a claim. */
  lineId: number | null;
  shipmentNo: string;
  /** The answer the client got, or null when the connection broke first (the outcome is unknown to it). */
  ack: { status: number; body: string } | null;
}

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? TITLE : `${TITLE} — skipped: set TEST_DATABASE_URL to a PostgreSQL server`, () => {
  const secrets = processSecrets();
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let sql: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;
  let closeSql: () => Promise<void>;

  beforeAll(async () => {
    db = await createScratchDatabase(ADMIN_URL!, 'gerai_crash');
    env = { DATABASE_URL: db.url, JWT_SECRET: secrets.JWT_SECRET, CHANNEL_SECRETS: secrets.CHANNEL_SECRETS, DATABASE_POOL_SIZE: '6' };
    ({ sql, close: closeSql } = await sqlConnection(db.url));
  });

  afterAll(async () => {
    await closeSql?.().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  });

  async function start(): Promise<ServerProcess> {
    const server = await startServerProcess(env);
    servers.push(server);
    killOnExit([server]);
    return server;
  }

  it('loses nothing it acknowledged, and applies each change exactly once when the client retries its keys', async () => {
    const first = await start();
    const token = await signIn(first.base, DEMO_NIK.STAFF, DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Orders to work on, through the signed channel intake.
    const path = '/api/channels/379/stores/T001/products';
    const catalogue = (await (await fetch(`${first.base}${path}`, { headers: channelHeaders(`GET ${path}`, secrets.channelSecret(379)) })).json()) as {
      data: { items: Array<{ barcode: string }> };
    };
    const barcodes = catalogue.data.items.slice(0, LINES).map((i) => i.barcode);
    const shipments: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const body = JSON.stringify({
        orderNo: `CRASH-${i}-${Date.now()}`,
        storeCode: 'T001',
        deliveryType: 0,
        paymentId: 1,
        customer: { name: 'Siti Rahayu', phone: '081234567890' },
        lines: barcodes.map((barcode) => ({ barcode, qty: QTY })),
      });
      const res = await fetch(`${first.base}/api/channels/379/orders`, { method: 'POST', headers: channelHeaders(body, secrets.channelSecret(379)), body });
      expect(res.status).toBe(201);
      shipments.push(((await res.json()) as { data: { shipmentNo: string } }).data.shipmentNo);
    }
    const lineRows = await sql(
      `select o.shipment_no, l.id, l.barcode from order_lines l join orders o on o.id = l.order_id where o.shipment_no = any($1) order by l.id`,
      [shipments],
    );

    // The client: each worker claims an order, then scans its lines one unit at a time, one key per action.
    const sent: Sent[] = [];
    const queue = [...shipments];
    let acks = 0;
    let serverDown = false;
    let killing: Promise<void> | null = null;
    const call = async (entry: Omit<Sent, 'ack'>) => {
      const record: Sent = { ...entry, ack: null };
      sent.push(record);
      try {
        const res = await fetch(`${first.base}${entry.path}`, {
          method: 'POST',
          headers: { ...auth, 'idempotency-key': entry.key },
          body: entry.body,
          signal: AbortSignal.timeout(15_000),
        });
        record.ack = { status: res.status, body: await res.text() };
      } catch {
        serverDown = true;
        return false;
      }
      expect(record.ack.status, record.ack.body).toBeLessThan(300);
      if (++acks === KILL_AFTER_ACKS) killing = first.kill();
      return true;
    };
    const worker = async () => {
      for (let shipmentNo = queue.shift(); shipmentNo && !serverDown; shipmentNo = queue.shift()) {
        const url = `/api/orders/${shipmentNo}`;
        if (!(await call({ key: `crash-${shipmentNo}-claim`, path: `${url}/claim`, body: '{}', lineId: null, shipmentNo }))) return;
        for (let n = 0; n < SCANS_PER_LINE; n++) {
          for (const line of lineRows.filter((l) => l.shipment_no === shipmentNo)) {
            const entry = { key: `crash-${shipmentNo}-${String(line.id)}-${n}`, path: `${url}/scan`, body: JSON.stringify({ barcode: line.barcode }), lineId: Number(line.id), shipmentNo };
            if (!(await call(entry))) return;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await killing;
    const acked = sent.filter((s) => s.ack);
    const unknown = sent.filter((s) => !s.ack);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(unknown.length).toBeGreaterThan(0);

    // Restarted on the same database.
    const second = await start();
    const staffId = Number((await sql(`select id from users where nik = $1`, [DEMO_NIK.STAFF]))[0]!.id);
    const picked = async () => new Map((await sql(`select id, qty_picked from order_lines where id = any($1)`, [lineRows.map((l) => l.id)])).map((r) => [Number(r.id), Number(r.qty_picked)]));
    const keysOf = (lineId: number, list: Sent[]) => list.filter((s) => s.lineId === lineId).length;

    // Nothing acknowledged was lost.
    for (const claim of acked.filter((s) => s.lineId === null)) {
      const [order] = await sql(`select status_id, picker_user_id from orders where shipment_no = $1`, [claim.shipmentNo]);
      expect(order, claim.shipmentNo).toMatchObject({ status_id: 1102, picker_user_id: staffId });
    }
    let before = await picked();
    for (const line of lineRows) {
      const id = Number(line.id);
      expect(before.get(id), `line ${id}`).toBeGreaterThanOrEqual(keysOf(id, acked));
      expect(before.get(id), `line ${id}`).toBeLessThanOrEqual(keysOf(id, sent));
    }

    // The client retries every change it sent, acknowledged or not, with the same key and body.
    const outcomes: Record<string, number> = {};
    const heldByTheDead: Sent[] = [];
    for (const s of sent) {
      const res = await fetch(`${second.base}${s.path}`, { method: 'POST', headers: { ...auth, 'idempotency-key': s.key }, body: s.body, signal: AbortSignal.timeout(15_000) });
      const body = await res.text();
      if (s.ack) {
        // What the client was told the first time, word for word.
        expect(res.headers.get('idempotent-replayed'), s.key).toBe('true');
        expect(res.status, s.key).toBe(s.ack.status);
        expect(JSON.parse(body), s.key).toEqual(JSON.parse(s.ack.body));
      } else {
        // Never reached the server, or reached it: a replay, a first run, or 409 while its key is held by the dead request.
        const replayed = res.headers.get('idempotent-replayed') === 'true';
        const label = res.status < 300 ? (replayed ? 'replayed' : 'ran now') : `${res.status} ${(JSON.parse(body) as { code: string }).code}`;
        outcomes[label] = (outcomes[label] ?? 0) + 1;
        if (label.startsWith('409')) heldByTheDead.push(s);
        expect(['replayed', 'ran now', '409 IDEMPOTENCY_IN_PROGRESS'], `${s.key}: ${body}`).toContain(label);
      }
    }

    // Nothing applied twice: every line counts at most one unit per key sent, and its scan log agrees.
    before = await picked();
    for (const line of lineRows) {
      const id = Number(line.id);
      expect(before.get(id), `line ${id}`).toBeLessThanOrEqual(keysOf(id, sent));
      expect(before.get(id), `line ${id}`).toBeGreaterThanOrEqual(keysOf(id, acked));
      const [log] = await sql(`select count(*)::int as n from order_scans where line_id = $1 and result = 'accepted'`, [id]);
      expect(log!.n, `scan log of line ${id}`).toBe(before.get(id));
    }
    // A key the dead request held is refused (409) while it is younger than the takeover age. Past it, each is
    // either taken over and run (its change never committed) or answered "already applied" (it did: its
    // transaction marked the key, decision 80). Aged here instead of waited for.
    await sql(`update idempotency_keys set created_at = created_at - interval '10 minutes' where status = 'running'`);
    const afterTakeover: Record<string, number> = {};
    for (const s of heldByTheDead) {
      const res = await fetch(`${second.base}${s.path}`, { method: 'POST', headers: { ...auth, 'idempotency-key': s.key }, body: s.body, signal: AbortSignal.timeout(15_000) });
      const body = await res.text();
      const label = res.status < 300 ? 'ran now' : `${res.status} ${(JSON.parse(body) as { code: string }).code}`;
      afterTakeover[label] = (afterTakeover[label] ?? 0) + 1;
      expect(['ran now', '409 IDEMPOTENCY_ALREADY_APPLIED'], `${s.key}: ${body}`).toContain(label);
    }

    // Every change the client sent is now applied exactly once: each line counts one unit per key, and every claim holds.
    const final = await picked();
    for (const line of lineRows) {
      const id = Number(line.id);
      expect(final.get(id), `line ${id}`).toBe(keysOf(id, sent));
      const [log] = await sql(`select count(*)::int as n from order_scans where line_id = $1 and result = 'accepted'`, [id]);
      expect(log!.n, `scan log of line ${id}`).toBe(keysOf(id, sent));
    }
    for (const claim of sent.filter((s) => s.lineId === null)) {
      const [order] = await sql(`select status_id, picker_user_id from orders where shipment_no = $1`, [claim.shipmentNo]);
      expect(order, claim.shipmentNo).toMatchObject({ status_id: 1102, picker_user_id: staffId });
    }
    console.info(
      `killed after ${acked.length} acknowledged changes with ${unknown.length} in flight; their retries: ${JSON.stringify(outcomes)}; ` +
        `the ${heldByTheDead.length} keys held by the dead process, retried past the takeover age: ${JSON.stringify(afterTakeover)}`,
    );
  }, TEST_TIME_LIMIT_MS);
});
