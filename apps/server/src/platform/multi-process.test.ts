/**
 * Two real server processes (`src/main.ts`) on one PostgreSQL, as Gerai runs
 * behind a load balancer (docs/scaling.md): events and read-cache clearing
 * cross processes through LISTEN/NOTIFY, and a killed LISTEN connection comes
 * back with nothing lost. Needs TEST_DATABASE_URL (CI's `.ci/run` sets it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { channelHeaders, createScratchDatabase, killOnExit, processSecrets, signIn, sqlConnection, SseClient, startServerProcess, type ServerProcess } from './process-test-kit';
import { randomTag } from '../test/random';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
// Said where the run's output shows it, not only in the skipped test's name.
if (!ADMIN_URL) console.info('[multi-process] skipped: needs a PostgreSQL server in TEST_DATABASE_URL (PGlite is one process); .ci/run sets it');
const TITLE = 'two server processes on one PostgreSQL';
/** Each case waits on real processes and the network: seconds when idle, bounded for a busy machine. */
const CASE_LIMIT_MS = 60_000;

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? TITLE : `${TITLE} — skipped: set TEST_DATABASE_URL to a PostgreSQL server (PGlite is one process)`, () => {
  const secrets = processSecrets();
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let tokenA: string;
  let tokenB: string;
  let barcodes: string[];
  /** Admin connection to the scratch database (pg_stat_activity, pg_terminate_backend). */
  let sql: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;
  let closeSql: () => Promise<void>;

  beforeAll(async () => {
    db = await createScratchDatabase(ADMIN_URL!, 'gerai_mp');
    const env = {
      DATABASE_URL: db.url,
      JWT_SECRET: secrets.JWT_SECRET,
      CHANNEL_SECRETS: secrets.CHANNEL_SECRETS,
      // Long enough that a read served from a cache nobody cleared would show.
      READ_CACHE_TTL_MS: '60000',
      DATABASE_POOL_SIZE: '4',
    };
    // Started together on an empty database: the start-up lock makes one migrate and seed, the other wait.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    killOnExit([a, b]);
    [tokenA, tokenB] = await Promise.all([signIn(a.base, DEMO_NIK.STAFF, DEMO_PASSWORD), signIn(b.base, DEMO_NIK.STAFF, DEMO_PASSWORD)]);
    const path = '/api/channels/379/stores/T001/products';
    const catalogue = await fetch(`${a.base}${path}`, { headers: channelHeaders(`GET ${path}`, secrets.channelSecret(379)) });
    expect(catalogue.status).toBe(200);
    barcodes = ((await catalogue.json()) as { data: { items: Array<{ barcode: string }> } }).data.items.slice(0, 3).map((i) => i.barcode);
    ({ sql, close: closeSql } = await sqlConnection(db.url));
  });

  afterAll(async () => {
    await closeSql?.().catch(() => undefined);
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  /** A new order for T001 through `server`'s channel intake; its shipmentNo. */
  async function newOrder(server: ServerProcess): Promise<string> {
    const body = JSON.stringify({
      orderNo: `MP-${Date.now()}-${randomTag(6)}`,
      storeCode: 'T001',
      deliveryType: 0,
      paymentId: 1,
      customer: { name: 'Budi Santoso', phone: '081200000000' },
      lines: [{ barcode: barcodes[0]!, qty: 1 }],
    });
    const res = await fetch(`${server.base}/api/channels/379/orders`, { method: 'POST', headers: channelHeaders(body, secrets.channelSecret(379)), body });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: { shipmentNo: string } }).data.shipmentNo;
  }

  async function newOrders(count: number): Promise<string[]> {
    const made: string[] = [];
    for (let i = 0; i < count; i++) made.push(await newOrder(a));
    return made;
  }

  const countNew = async (server: ServerProcess, token: string) => {
    const res = await fetch(`${server.base}/api/orders/count`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: Array<{ statusId: number; total: number }> | Record<string, unknown> };
    return JSON.stringify(body.data);
  };

  it('migrated and seeded once although both started together', async () => {
    const [migrations] = await sql('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations!.n).toBeGreaterThan(0);
    const [stores] = await sql(`select count(*)::int as n from stores where code = 'T001'`);
    expect(stores!.n).toBe(1);
    const listeners = await sql(`select application_name from pg_stat_activity where datname = $1 and application_name like 'gerai-listen:%'`, [db.name]);
    expect(listeners.map((l) => l.application_name).sort()).toEqual([`gerai-listen:${a.pid}`, `gerai-listen:${b.pid}`].sort());
  }, CASE_LIMIT_MS);

  it('delivers an order made through one process to an SSE client of the other', async () => {
    const phone = await SseClient.open(b.base, tokenB);
    try {
      const shipmentNo = await newOrder(a);
      await phone.waitFor((f) => f.some((x) => x.event === 'order.created' && x.data.includes(shipmentNo)), 5_000);
    } finally {
      phone.close();
    }
  }, CASE_LIMIT_MS);

  it('clears the other process\'s read cache when a change is made through one', async () => {
    // Read twice through B: the second answer comes from its cache (60 s).
    const before = await countNew(b, tokenB);
    expect(await countNew(b, tokenB)).toBe(before);
    await newOrder(a);
    const fresh = await countNew(a, tokenA);
    expect(fresh).not.toBe(before);
    const until = Date.now() + 3_000;
    while ((await countNew(b, tokenB)) !== fresh) {
      if (Date.now() > until) throw new Error('B still serves the counts from before the change made through A');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, CASE_LIMIT_MS);

  it('recovers within seconds when the LISTEN connection\'s backend is killed, losing no event', async () => {
    const phone = await SseClient.open(b.base, tokenB);
    try {
      const first = await newOrder(a);
      await phone.waitFor((f) => f.some((x) => x.data.includes(first)), 5_000);
      const lastBefore = phone.frames.at(-1)!.id!;
      const [old] = await sql('select pid from pg_stat_activity where application_name = $1', [`gerai-listen:${b.pid}`]);
      expect(old).toBeDefined();
      // B is paused while its backend goes and the orders are made, so their NOTIFYs surely reach no one
      // at B: B must find them in the events table once it notices, reconnects and replays.
      process.kill(b.pid, 'SIGSTOP');
      let duringOutage: string[];
      try {
        await sql('select pg_terminate_backend($1)', [old!.pid]);
        const until = Date.now() + 5_000;
        while ((await sql('select 1 from pg_stat_activity where pid = $1', [old!.pid])).length > 0) {
          if (Date.now() > until) throw new Error('the LISTEN backend did not go');
          await new Promise((r) => setTimeout(r, 20));
        }
        duringOutage = await newOrders(3);
      } finally {
        process.kill(b.pid, 'SIGCONT');
      }
      const killedAt = Date.now();
      await phone.waitFor((f) => duringOutage.every((s) => f.some((x) => x.data.includes(s))), 15_000);
      const recoveredMs = Date.now() - killedAt;
      // B's log says they came from the table (its stdout may trail the stream by a moment).
      const replayedCounts = () =>
        b
          .output()
          .split('\n')
          .filter((l) => l.includes('missed events delivered'))
          .map((l) => (JSON.parse(l) as { replayed: number }).replayed);
      const logWait = Date.now() + 5_000;
      while (replayedCounts().reduce((x, y) => x + y, 0) < duringOutage.length && Date.now() < logWait) await new Promise((r) => setTimeout(r, 50));
      const replayed = replayedCounts();
      expect(replayed.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(duringOutage.length);
      const [fresh] = await sql('select pid from pg_stat_activity where application_name = $1', [`gerai-listen:${b.pid}`]);
      expect(fresh!.pid).not.toBe(old!.pid);
      expect(((await (await fetch(`${b.base}/api/health`)).json()) as { data: { listening: boolean } }).data.listening).toBe(true);
      expect(recoveredMs).toBeLessThan(10_000);
      // Live again, and in order with no gap or repeat.
      const after = await newOrder(a);
      await phone.waitFor((f) => f.some((x) => x.data.includes(after)), 5_000);
      // The orders were made one after another, so none committed out of order: every frame has its id.
      expect(phone.frames.map((f) => f.id)).not.toContain(null);
      const ids = phone.frames.map((f) => f.id!);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
      const stored = await sql(`select id from events where id > $1 and (store_code = 'T001' or store_code is null) order by id`, [lastBefore]);
      expect(ids.filter((id) => id > lastBefore)).toEqual(stored.map((r) => Number(r.id)));
      // A phone that reconnects to B with its Last-Event-ID gets the same events again.
      const resumed = await SseClient.open(b.base, tokenB, lastBefore);
      try {
        await resumed.waitFor((f) => f.some((x) => x.data.includes(after)), 5_000);
        expect(resumed.frames.map((f) => f.id)).toEqual(stored.map((r) => Number(r.id)));
      } finally {
        resumed.close();
      }
      // B's read cache was cleared: its counts match A's.
      expect(await countNew(b, tokenB)).toBe(await countNew(a, tokenA));
      console.info(`LISTEN backend of process B killed: ${duringOutage.length} orders made meanwhile reached B's phone ${recoveredMs} ms after B resumed (replayed from the table: ${replayed.join(', ')})`);
    } finally {
      phone.close();
    }
  }, CASE_LIMIT_MS);
});
