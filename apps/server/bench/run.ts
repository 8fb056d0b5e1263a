/**
 * `npm run bench`: the API under load on a real PostgreSQL, next to a bare
 * Fastify route measured in the same run. Starts and removes its own
 * throwaway PostgreSQL; bounded in time; stops by itself.
 */
import { cpus } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDb, openDb, type DbHandle } from '../src/db/client';
import { users } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { DEMO_NIK, DEMO_PASSWORD } from '../src/seed/demo-data';
import { isoDateInWib, MONITORING_TILES } from '@gerai/contract';
import { BUDGETS } from './budgets';
import { growDataset, recapRanges, type BenchDataset } from './dataset';
import type { LoadResult, LoadSpec } from './load';
import { runLoad } from './run-load';
import { startProfile } from './profile';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from './postgres';
import { processSecrets, startServerProcess, type ServerProcess } from '../src/platform/process-test-kit';

// `npm run bench -- day`: the chain's peak hour (bench/day.ts) instead of the endpoint rows below.
if (process.argv[2] === 'day') {
  await import('./day');
  process.exit();
}
// `npm run bench -- push`: the push notification rows alone (bench/push.ts), on the demo data.
if (process.argv[2] === 'push') await (await import('./push')).runPushBenchAlone().then(() => process.exit());

const PORT = Number(process.env.BENCH_PG_PORT) || 55440;
/** A directory: each measured row's CPU profile of this process (the in-process servers) goes there (bench/profile.ts). */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const CONNECTIONS = 50;
/** The recap is a report one person asks for: its budget is a latency ("answers within 1 s"), measured with few connections. */
const RECAP_CONNECTIONS = 2;
const DURATION_S = 10;
const WARMUP_S = 2;
const TIME_LIMIT_MS = (Number(process.env.BENCH_TIME_LIMIT_MIN) || 10) * 60 * 1000; // the whole run with its push rows takes about 7 min on an idle 2-core host
const STORES = 2000;
const ORDERS = 200_000;
const SCAN_ORDERS = 200;
const ONLY = process.argv.slice(2);

let pg: ThrowawayPostgres | null = null;
let postgresVersion = '';
let handle: DbHandle | null = null;
const servers: FastifyInstance[] = [];
const processes: ServerProcess[] = [];

async function cleanup(): Promise<void> {
  await Promise.all(processes.splice(0).map((p) => p.stop().catch(() => undefined)));
  for (const s of servers.splice(0)) await s.close().catch(() => undefined);
  await handle?.close().catch(() => undefined);
  handle = null;
  pg?.stop();
  pg = null;
}

function log(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Options of one measurement; `connections` overrides the usual CONNECTIONS. */
interface MeasureOptions {
  connections?: number;
}

async function measure(name: string, spec: Omit<LoadSpec, 'connections' | 'durationSeconds'>, options: MeasureOptions = {}): Promise<LoadResult & { name: string }> {
  const connections = options.connections ?? CONNECTIONS;
  await runLoad({ ...spec, connections, durationSeconds: WARMUP_S });
  log(`measuring ${name} (${connections} connections, ${DURATION_S} s)`);
  const profiler = PROFILE_DIR ? await startProfile() : null;
  const result = await runLoad({ ...spec, connections, durationSeconds: DURATION_S });
  await profiler?.stop(path.join(PROFILE_DIR!, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`));
  return { name, ...result };
}

/**
 * The same load split over two server processes on the same PostgreSQL (half the
 * connections each, at the same time), as behind a load balancer: req/s and
 * errors add up; p50 and p99 are the worse of the two.
 */
async function measureSideBySide(name: string, specs: Array<Omit<LoadSpec, 'connections' | 'durationSeconds'>>): Promise<LoadResult & { name: string }> {
  const connections = Math.round(CONNECTIONS / specs.length);
  await Promise.all(specs.map((spec) => runLoad({ ...spec, connections, durationSeconds: WARMUP_S })));
  log(`measuring ${name} (${specs.length} × ${connections} connections, ${DURATION_S} s)`);
  const results = await Promise.all(specs.map((spec) => runLoad({ ...spec, connections, durationSeconds: DURATION_S })));
  const sum = (pick: (r: LoadResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    name,
    requestsPerSecond: sum((r) => r.requestsPerSecond),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    total: sum((r) => r.total),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  servers.push(app);
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) {
    console.error('No PostgreSQL binaries under /usr/lib/postgresql/*/bin. Install them with:\n\n  apt-get install -y postgresql\n');
    process.exit(1);
  }
  log(`starting a throwaway PostgreSQL from ${bin} on port ${PORT}`);
  pg = startThrowawayPostgres(bin, PORT);
  postgresVersion = path.basename(path.dirname(bin));
  handle = await openDb({ databaseUrl: pg.url });
  await migrateDb(handle);

  let t = Date.now();
  await seedDemo(handle.db);
  const [staff] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.STAFF));
  const data = await growDataset(handle.db, { storeTotal: STORES, orderTotal: ORDERS, scanOrders: SCAN_ORDERS, pickerUserId: staff!.id });
  log(`seeded ${data.stores} stores, ${data.orders} orders, ${data.lines} lines, ${data.stockRows} stock rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const secrets = processSecrets();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: pg.url, WEB_DIST: '/nonexistent', JWT_SECRET: secrets.JWT_SECRET, CHANNEL_SECRETS: secrets.CHANNEL_SECRETS });
  const api = await listen(await buildApp({ config, handle, logger: false }));
  // The same app with the store read cache off: what every count and list costs when the store has just changed.
  const uncached = await listen(await buildApp({ config: { ...config, READ_CACHE_TTL_MS: 0, STOCK_CACHE_TTL_MS: 0 }, handle, logger: false }));
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  const baseline = await listen(bare);

  const signIn = async (nik: string) => {
    const login = await fetch(`${api}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nik, password: DEMO_PASSWORD }) });
    if (!login.ok) throw new Error(`login ${nik} failed: ${login.status} ${await login.text()}`);
    return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  };
  const auth = await signIn(DEMO_NIK.STAFF);
  // Monitoring and the recap over many stores: the bench area supervisor's 10 stores, and the whole chain.
  const areaAuth = await signIn(data.areaSupervisorNik);
  const superAuth = await signIn(DEMO_NIK.SUPER_USER);
  const recap = recapRanges(isoDateInWib(new Date()));

  const scanPairs = data.scanTargets.flatMap((o) => o.barcodes.map((barcode) => ({ path: `/api/orders/${o.shipmentNo}/scan`, body: JSON.stringify({ barcode }) })));
  const scan: Omit<LoadSpec, 'connections' | 'durationSeconds'> = {
    url: api,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    paths: scanPairs.map((p) => p.path),
    bodies: scanPairs.map((p) => p.body),
  };
  const bookingPaths = data.stockProducts.map((id) => `/api/bookings/stores?productId=${id}&qty=1&scope=nearby`);
  const endpoints: Array<[string, Omit<LoadSpec, 'connections' | 'durationSeconds'>, MeasureOptions?]> = [
    ['bare Fastify (baseline)', { url: `${baseline}/hello`, method: 'GET', headers: {} }],
    // The platform's floor for a signed-in request: token check, principal lookup, one small query.
    ['signed-in floor (members/me)', { url: `${api}/api/members/me`, method: 'GET', headers: auth }],
    ['orders count', { url: `${api}/api/orders/count`, method: 'GET', headers: auth }],
    ['orders list (1101, facets)', { url: `${api}/api/orders?status=1101&page=1&size=20`, method: 'GET', headers: auth }],
    ['orders count, cache off', { url: `${uncached}/api/orders/count`, method: 'GET', headers: auth }],
    ['orders list (1101, facets), cache off', { url: `${uncached}/api/orders?status=1101&page=1&size=20`, method: 'GET', headers: auth }],
    ['order detail', { url: api, method: 'GET', headers: auth, paths: data.detailShipments.map((s) => `/api/orders/${s}`) }],
    // Decision 88: my store and the nearest stores (KNN walk of stores.location) for one product at a time.
    ['stock lookup (nearest stores)', { url: api, method: 'GET', headers: auth, paths: data.stockProducts.map((id) => `/api/stock/products/${id}`) }],
    // The booking screen's store list: T001's kelurahan and kecamatan rings, then the nearest with stock, up to 50.
    ['booking stores (nearby ring)', { url: api, method: 'GET', headers: auth, paths: bookingPaths }],
    // Decision 90: the same two reads with the stock reply cache off, what they cost right after stock moved.
    ['stock lookup (nearest stores), cache off', { url: uncached, method: 'GET', headers: auth, paths: data.stockProducts.map((id) => `/api/stock/products/${id}`) }],
    ['booking stores (nearby ring), cache off', { url: uncached, method: 'GET', headers: auth, paths: bookingPaths }],
    ['scan', scan],
    ['scan with Idempotency-Key', { ...scan, idempotencyKeys: true }],
    // Issue 15: monitoring, live on supervisors' screens, at the usual load.
    ['monitoring (area supervisor, 10 stores)', { url: `${api}/api/monitoring`, method: 'GET', headers: areaAuth }],
    ['monitoring (super user, 2,000 stores)', { url: `${api}/api/monitoring`, method: 'GET', headers: superAuth }],
    // The same with the reply cache off: what the first read after a change in the scope costs.
    ['monitoring (area supervisor, 10 stores), cache off', { url: `${uncached}/api/monitoring`, method: 'GET', headers: areaAuth }],
    ['monitoring (super user, 2,000 stores), cache off', { url: `${uncached}/api/monitoring`, method: 'GET', headers: superAuth }],
    // Reads of their own since issue 27: a tile's stores (every tile in turn) when a tile is opened, "Per toko" and the late list when their section nears the screen.
    ["monitoring tile's stores (super user, 2,000 stores), cache off", { url: uncached, method: 'GET', headers: superAuth, paths: MONITORING_TILES.map((t) => `/api/monitoring/tiles/${t}`) }],
    ['monitoring per toko (area supervisor, 10 stores), cache off', { url: `${uncached}/api/monitoring/stores`, method: 'GET', headers: areaAuth }],
    ['monitoring per toko (super user, 2,000 stores), cache off', { url: `${uncached}/api/monitoring/stores`, method: 'GET', headers: superAuth }],
    ['monitoring late list (area supervisor, 10 stores), cache off', { url: `${uncached}/api/monitoring/late`, method: 'GET', headers: areaAuth }],
    ['monitoring late list (super user, 2,000 stores), cache off', { url: `${uncached}/api/monitoring/late`, method: 'GET', headers: superAuth }],
    // The recap answers within 1 s: a latency, measured with few connections.
    [
      'recap (area, 10 stores × 30 days)',
      { url: `${api}/api/recap?from=${recap.area.from}&to=${recap.area.to}`, method: 'GET', headers: areaAuth },
      { connections: RECAP_CONNECTIONS },
    ],
    [
      'recap (all 2,000 stores, 1 day)',
      { url: `${api}/api/recap?from=${recap.allStores.from}&to=${recap.allStores.to}`, method: 'GET', headers: superAuth },
      { connections: RECAP_CONNECTIONS },
    ],
    // The longest range the recap takes (RECAP_MAX_DAYS) over the whole chain: every order of the dataset.
    [
      'recap (all 2,000 stores × 31 days)',
      { url: `${api}/api/recap?from=${recap.allStoresMonth.from}&to=${recap.allStoresMonth.to}`, method: 'GET', headers: superAuth },
      { connections: RECAP_CONNECTIONS },
    ],
  ];
  t = Date.now();
  const results = [];
  // The baseline always runs; `npm run bench -- scan count` measures only endpoints whose name contains a word given.
  for (const [name, spec, options] of endpoints) {
    if (results.length > 0 && ONLY.length > 0 && !ONLY.some((w) => name.includes(w))) continue;
    results.push(await measure(name, spec, options));
  }
  // Scale-out: two real server processes (src/main.ts) on the same PostgreSQL, the load split between them.
  const sideBySide: Array<[string, (bases: string[]) => Array<Omit<LoadSpec, 'connections' | 'durationSeconds'>>]> = [
    ['orders count, two processes side by side', (bases) => bases.map((b) => ({ url: `${b}/api/orders/count`, method: 'GET', headers: auth }))],
    ['scan, two processes side by side', (bases) => bases.map((b) => ({ ...scan, url: b }))],
  ];
  const wanted = sideBySide.filter(([name]) => ONLY.length === 0 || ONLY.some((w) => name.includes(w)));
  if (wanted.length > 0) {
    log('starting two server processes on 127.0.0.1');
    // The bench orders' first escalation pass (hundreds of unclaimed orders at once) is not what these rows measure.
    const env = {
      DATABASE_URL: pg.url,
      JWT_SECRET: secrets.JWT_SECRET,
      CHANNEL_SECRETS: secrets.CHANNEL_SECRETS,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'info',
      ESCALATION_STORE_MINUTES: '10000',
      ESCALATION_CHIEF_MINUTES: '10020',
      ESCALATION_AREA_MINUTES: '10040',
    };
    const started = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    processes.push(...started);
    const bases = started.map((p) => p.base);
    for (const [name, specs] of wanted) results.push(await measureSideBySide(name, specs(bases)));
  }
  log(`load phase took ${((Date.now() - t) / 1000).toFixed(0)} s`);
  report(results, data);
  // Push notifications (issue 28): intake → push request, and one event's fan-out to 2,000 phones.
  if (ONLY.length === 0) await import('./push').then(async (p) => p.reportPushBench(await p.pushBench(handle!, pg!.url, log), config.PUSH_CONCURRENCY));
  const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (failed.length > 0) {
    console.error(`\nRequests failed on: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

function report(results: Array<LoadResult & { name: string }>, data: Pick<BenchDataset, 'stores' | 'orders' | 'lines' | 'storeOrders' | 'stockRows' | 't001Rings' | 'recapOrders'>): void {
  const base = results[0]!.requestsPerSecond;
  const rows = results.map((r) => [r.name, r.requestsPerSecond.toFixed(0), `${r.p50} ms`, `${r.p99} ms`, `${(r.requestsPerSecond / base).toFixed(3)}`, String(r.non2xx + r.errors + r.timeouts)]);
  const head = ['endpoint', 'req/s', 'p50', 'p99', 'ratio to baseline', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\nGerai API on PostgreSQL ${postgresVersion}: ${data.stores} stores, ${data.orders} orders (${data.storeOrders} in T001, the measured store), ${data.lines} lines`);
  console.log(`${data.stockRows} stock rows (every store × every product); T001's kelurahan ring ${data.t001Rings.kelurahan} stores, kecamatan ring ${data.t001Rings.kecamatan}`);
  console.log(`Recap: ${data.recapOrders.area30Days} orders in the area's 10 stores over 30 days, ${data.recapOrders.allStoresDay} in all stores on the measured day`);
  console.log(`${CONNECTIONS} connections (recap rows: ${RECAP_CONNECTIONS}), ${DURATION_S} s per endpoint, 127.0.0.1; Node ${process.version}, ${cpus().length} CPUs (server, PostgreSQL and load generator share them)\n`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log('\nBudgets (p99):');
  for (const b of BUDGETS) {
    const r = results.find((x) => x.name === b.endpoint);
    if (!r) continue;
    console.log(`  ${r.p99 < b.p99 ? 'PASS' : 'FAIL'}  ${b.endpoint}: p99 ${r.p99} ms < ${b.p99} ms`);
  }
}

const deadline = setTimeout(() => {
  log(`time limit of ${TIME_LIMIT_MS / 60000} min reached; stopping`);
  void cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    clearTimeout(deadline);
  });
