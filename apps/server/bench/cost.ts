/**
 * What one read costs in CPU, apart from queueing: `npx tsx bench/cost.ts` seeds the bench's dataset
 * on a throwaway PostgreSQL and answers each read N times one after another through the app
 * (inject: routing, access, the handler, the serializer), then prints the server's and PostgreSQL's
 * CPU per request. On a shared machine these stay comparable where req/s under load does not.
 * `COST_PG_URL=<url>` reuses a database already seeded (`COST_KEEP=1` leaves the throwaway one running).
 * The writes that move order counts (and with them monitoring's kept figures, migration 0018) are measured the same
 * way: a channel order's intake, and its claim (`npx tsx bench/cost.ts intake claim`).
 * `COST_LOG=/dev/null` logs as production does (a line per request), so the logging's cost is in the figures.
 * `COST_CPU_PROFILE=<dir>` writes each read's measured requests as a CPU profile (`bench/profile.ts` reads it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { MONITORING_TILES, type IntakeOrder } from '@gerai/contract';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loggerOptions, productionDestination } from '../src/platform/logging';
import { loadConfig } from '../src/config';
import { migrateDb, openDb, queryRows } from '../src/db/client';
import { users } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { DEMO_NIK, DEMO_PASSWORD } from '../src/seed/demo-data';
import { processSecrets } from '../src/platform/process-test-kit';
import { startProfile } from './profile';
import { growDataset } from './dataset';
import { sendChannelOrder } from '../src/test/intake';
import { findPostgresBin, startThrowawayPostgres } from './postgres';

const N = Number(process.env.COST_N) || 1500;

/** utime + stime (clock ticks, 100/s) of the postmaster's children: every backend of the pool. */
function postgresTicks(postmaster: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

async function main(): Promise<void> {
  let url = process.env.COST_PG_URL;
  let pg: ReturnType<typeof startThrowawayPostgres> | null = null;
  if (!url) {
    pg = startThrowawayPostgres(findPostgresBin()!, Number(process.env.BENCH_PG_PORT) || 55441);
    url = pg.url;
  }
  const handle = await openDb({ databaseUrl: url });
  const rowsOf = <T>(q: ReturnType<typeof sql>) => queryRows<T>(handle.db, q);
  let productIds: string[];
  if (!process.env.COST_PG_URL) {
    await migrateDb(handle);
    await seedDemo(handle.db);
    const [staff] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.STAFF));
    const data = await growDataset(handle.db, { storeTotal: 2000, orderTotal: 200_000, scanOrders: 200, pickerUserId: staff!.id });
    productIds = data.stockProducts;
    console.error(`seeded; COST_PG_URL=${url}`);
  } else {
    productIds = (await rowsOf<{ id: string }>(sql`select product_id as id from products where name not ilike 'Kantong Kertas%' order by id`)).map((r) => r.id);
  }
  const secrets = processSecrets();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, WEB_DIST: '/nonexistent', JWT_SECRET: secrets.JWT_SECRET, CHANNEL_SECRETS: secrets.CHANNEL_SECRETS });
  // COST_METRICS=off measures the same reads without the request metrics' hook (METRICS_PORT off).
  const metricsOff = process.env.COST_METRICS === 'off';
  // COST_LOG=<file>: log as production does (info, one line per request) into that file; COST_LOG_SYNC=1 writes each line synchronously.
  const logTo = process.env.COST_LOG;
  const logger = logTo
    ? loggerOptions({ ...config, LOG_LEVEL: 'info' }, { stream: process.env.COST_LOG_SYNC ? pino.destination({ dest: logTo, sync: true }) : productionDestination(logTo) })
    : false;
  const app = await buildApp({ config: { ...config, READ_CACHE_TTL_MS: 0, STOCK_CACHE_TTL_MS: 0, ...(metricsOff ? { metricsPort: null } : {}) }, handle, logger });
  console.error(`request metrics ${metricsOff ? 'off' : 'on'}; logs ${logTo ? `to ${logTo}` : 'off'}; ${N} requests per row`);
  const signIn = async (nik: string) => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password: DEMO_PASSWORD } });
    return { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
  };
  const staff = await signIn(DEMO_NIK.STAFF);
  // Monitoring of the demo area supervisor's 10 stores (T001–T010) and of the whole chain.
  const area = await signIn(DEMO_NIK.AREA_SUPERVISOR);
  const chain = await signIn(DEMO_NIK.SUPER_USER);
  const [backend] = await rowsOf<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const postmaster = Number(readFileSync(`/proc/${backend!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const reads: Array<[string, (i: number) => string, Record<string, string>?]> = [
    ['signed-in floor (members/me)', () => '/api/members/me'],
    ['orders count', () => '/api/orders/count'],
    ['orders list (1101, facets)', () => '/api/orders?status=1101&page=1&size=20'],
    ['stock lookup (nearest stores)', (i) => `/api/stock/products/${productIds[i % productIds.length]}`],
    ['booking stores (nearby ring)', (i) => `/api/bookings/stores?productId=${productIds[i % productIds.length]}&qty=1&scope=nearby`],
    ['monitoring (area supervisor, 10 stores)', () => '/api/monitoring', area],
    ['monitoring (super user, 2,000 stores)', () => '/api/monitoring', chain],
    ['monitoring late list (area supervisor, 10 stores)', () => '/api/monitoring/late', area],
    ['monitoring late list (super user, 2,000 stores)', () => '/api/monitoring/late', chain],
    ['monitoring per toko (area supervisor, 10 stores)', () => '/api/monitoring/stores', area],
    ['monitoring per toko (super user, 2,000 stores)', () => '/api/monitoring/stores', chain],
    ["monitoring tile's stores (super user, 2,000 stores)", (i) => `/api/monitoring/tiles/${MONITORING_TILES[i % MONITORING_TILES.length]}`, chain],
  ];
  const only = process.argv.slice(2);
  for (const [name, path, as = staff] of reads) {
    const headers = as;
    if (only.length > 0 && !only.some((w) => name.includes(w))) continue;
    for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: path(i), headers });
    const profile = process.env.COST_CPU_PROFILE ? await startProfile() : null;
    const cpu = process.cpuUsage();
    const ticks = postgresTicks(postmaster);
    const t = performance.now();
    let bytes = 0;
    for (let i = 0; i < N; i++) {
      const res = await app.inject({ method: 'GET', url: path(i), headers });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      bytes += res.rawPayload.length;
    }
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const pgMs = ((postgresTicks(postmaster) - ticks) * 10) / N;
    await profile?.stop(`${process.env.COST_CPU_PROFILE}/${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
    console.log(`${name.padEnd(32)} server ${(((used.user + used.system) / 1000) / N).toFixed(3)} ms, PostgreSQL ${pgMs.toFixed(3)} ms, wall ${(wall / N).toFixed(3)} ms, ${Math.round(bytes / N)} bytes`);
  }
  // Writes: N one-line T001 pickup orders through channel 379, then each claimed by T001's crew member.
  const wanted = (name: string) => only.length === 0 || only.some((w) => name.includes(w));
  if (wanted('intake') || wanted('claim')) {
    const [product] = await rowsOf<{ ean: string }>(sql`select ean13 as ean from products where name not ilike 'Kantong Kertas%' order by product_id limit 1`);
    const tag = Date.now().toString(36).toUpperCase();
    const shipments: string[] = [];
    const write = async (name: string, send: (i: number) => Promise<{ statusCode: number; body: string }>) => {
      const cpu = process.cpuUsage();
      const ticks = postgresTicks(postmaster);
      const t = performance.now();
      for (let i = 0; i < N; i++) {
        const res = await send(i);
        if (res.statusCode >= 300) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      }
      const used = process.cpuUsage(cpu);
      const pgMs = ((postgresTicks(postmaster) - ticks) * 10) / N;
      console.log(`${name.padEnd(32)} server ${((used.user + used.system) / 1000 / N).toFixed(3)} ms, PostgreSQL ${pgMs.toFixed(3)} ms, wall ${((performance.now() - t) / N).toFixed(3)} ms`);
    };
    await write('intake (channel order, T001)', async (i) => {
      const order: IntakeOrder = {
        orderNo: `COST-${tag}-${i}`,
        storeCode: 'T001',
        deliveryType: 0,
        paymentId: 2,
        customer: { name: 'Pelanggan Bench', phone: '081234567890' },
        lines: [{ barcode: product!.ean, qty: 1 }],
        paperBags: 0,
      };
      let res = await sendChannelOrder({ app, config }, order);
      // A drawn shipmentNo already taken today (random, one in 10^7: a bench database holds thousands a day) is a 409 the channel retries.
      for (let retry = 0; res.statusCode === 409 && retry < 3; retry++) res = await sendChannelOrder({ app, config }, order);
      if (res.statusCode !== 201) throw new Error(`intake ${i}: ${res.statusCode} ${res.body}`);
      shipments.push((res.json() as { data: { shipmentNo: string } }).data.shipmentNo);
      return res;
    });
    await write('claim (1101 → 1102, T001)', (i) => app.inject({ method: 'POST', url: `/api/orders/${shipments[i]}/claim`, headers: staff }));
  }
  await app.close();
  await handle.close();
  if (!process.env.COST_KEEP) pg?.stop();
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
