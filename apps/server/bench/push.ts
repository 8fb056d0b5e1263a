/**
 * Push notifications (issue 28), measured on PostgreSQL: `npm run bench -- push` on a throwaway
 * PostgreSQL with the demo data, or at the end of the full `npm run bench` on its dataset.
 * - intake → push: a channel's order intake (signed HTTP request) until the push request for it
 *   reaches a push service of our own on 127.0.0.1 (the server encrypts, signs and POSTs it): p50/p99.
 * - fan-out: one event to 2,000 Web Push subscriptions, until the last of the 2,000 requests arrived.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDb, openDb, type DbHandle } from '../src/db/client';
import { signBody } from '../src/modules/channels';
import { mayPush, startPushes, startPushService, type PushService } from '../src/modules/push';
import { processSecrets } from '../src/platform/process-test-kit';
import { seedDemo } from '../src/seed/seed';
import { findPostgresBin, startThrowawayPostgres } from './postgres';

const INTAKES_PER_STORE = 50;
const LATENCY_STORES = ['T001', 'T002', 'T003', 'T004'];
const FAN_OUT = 2_000;
const FAN_OUT_STORE = 'T010';

export interface PushBenchResult {
  intakes: number;
  p50: number;
  p99: number;
  max: number;
  fanOut: number;
  fanOutFirstMs: number;
  fanOutAllMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Rows<T> = { rows: T[] };

/** A Web Push device of `userId` on the local push service, written straight into push_devices (the route refuses http endpoints in production). */
function deviceRow(userId: number, service: PushService, n: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return sql`(${userId}, ${`bench-${userId}-${n}`}, 'webpush', ${`${service.base}/bench/${userId}/${n}`}, ${ecdh.getPublicKey().toString('base64url')}, ${randomBytes(16).toString('base64url')})`;
}

export async function pushBench(handle: DbHandle, databaseUrl: string, log: (m: string) => void): Promise<PushBenchResult> {
  const secrets = processSecrets();
  const vapid = webpush.generateVAPIDKeys();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    WEB_DIST: '/nonexistent',
    JWT_SECRET: secrets.JWT_SECRET,
    CHANNEL_SECRETS: secrets.CHANNEL_SECRETS,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@gerai.invalid',
    // Only the kick after a commit sends: the poll would hide a missing kick.
    PUSH_POLL_MS: '600000',
  });
  const app = await buildApp({ config, handle, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const pushes = startPushes(handle.db, config, app.log);
  app.events.subscribe((e) => {
    if (mayPush(e.type)) void pushes.kick();
  });
  const service = await startPushService();
  try {
    const db = handle.db;
    // Nothing else pushes meanwhile: no device but the bench's own.
    await db.execute(sql`delete from push_devices`);
    const [product] = ((await db.execute(sql`select ean13 from products limit 1`)) as unknown as Rows<{ ean13: string }>).rows;
    const intake = async (storeCode: string) => {
      const body = JSON.stringify({
        orderNo: `PB-${randomBytes(6).toString('hex')}`,
        storeCode,
        deliveryType: 0,
        paymentId: 2,
        customer: { name: 'Siti Rahayu', phone: '081234567890' },
        lines: [{ barcode: product!.ean13, qty: 1 }],
        paperBags: 0,
      });
      const res = await fetch(`${api}/api/channels/379/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(body, secrets.channelSecret(379)) },
        body,
      });
      if (res.status !== 201) throw new Error(`intake ${storeCode}: ${res.status} ${await res.text()}`);
    };

    // intake → push: one device per store, the stores' intakes side by side, each waiting for its push.
    const devicePaths = new Map<string, string>();
    for (const store of LATENCY_STORES) {
      const [user] = ((await db.execute(sql`select id from users where store_code = ${store} and role_id = 1 order by id limit 1`)) as unknown as Rows<{ id: number }>).rows;
      if (!user) throw new Error(`no staff member in ${store}`);
      await db.execute(sql`insert into push_devices (user_id, device_id, transport, endpoint, p256dh, auth) values ${deviceRow(user.id, service, 0)}`);
      devicePaths.set(store, `/bench/${user.id}/0`);
    }
    const arrived = (path: string) => service.received.filter((r) => r.path === path).length;
    const waitForPath = async (path: string, count: number) => {
      const until = Date.now() + 10_000;
      while (arrived(path) < count) {
        if (Date.now() > until) throw new Error(`no push at ${path} within 10 s`);
        await new Promise((r) => setTimeout(r, 1));
      }
      return service.received.filter((r) => r.path === path)[count - 1]!.at;
    };
    const latencies: number[] = [];
    const intakeTimes: number[] = [];
    await Promise.all(
      LATENCY_STORES.map(async (store) => {
        const path = devicePaths.get(store)!;
        for (let i = 0; i < INTAKES_PER_STORE; i++) {
          const before = arrived(path);
          const started = performance.now();
          await intake(store);
          intakeTimes.push(performance.now() - started);
          latencies.push((await waitForPath(path, before + 1)) - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    intakeTimes.sort((a, b) => a - b);
    log(`intake request alone: p50 ${percentile(intakeTimes, 50).toFixed(0)} ms, p99 ${percentile(intakeTimes, 99).toFixed(0)} ms`);
    log(`intake → push: ${latencies.length} intakes, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);

    // Fan-out: 400 staff members of one store with 5 phones each.
    await db.execute(sql`delete from push_devices`);
    const people = FAN_OUT / 5;
    const [hash] = ((await db.execute(sql`select password_hash as h from users limit 1`)) as unknown as Rows<{ h: string }>).rows;
    const ids = ((await db.execute(sql`insert into users (nik, name, role_id, store_code, password_hash)
        select '7' || lpad(g::text, 7, '0'), 'Kru Bench ' || g, 1, ${FAN_OUT_STORE}, ${hash!.h} from generate_series(1, ${people}) g
        on conflict (nik) do update set store_code = excluded.store_code returning id`)) as unknown as Rows<{ id: number }>).rows;
    const rows = ids.flatMap((u) => Array.from({ length: 5 }, (_, n) => deviceRow(u.id, service, n)));
    for (let i = 0; i < rows.length; i += 500) {
      await db.execute(sql`insert into push_devices (user_id, device_id, transport, endpoint, p256dh, auth) values ${sql.join(rows.slice(i, i + 500), sql`, `)}`);
    }
    const [{ n: devices }] = ((await db.execute(sql`select count(*)::int as n from push_devices d join users u on u.id = d.user_id where u.store_code = ${FAN_OUT_STORE}`)) as unknown as Rows<{ n: number }>).rows as [{ n: number }];
    service.received.length = 0;
    const started = performance.now();
    await intake(FAN_OUT_STORE);
    await service.waitFor(devices, 120_000);
    const times = service.received.map((r) => r.at - started).sort((a, b) => a - b);
    log(`fan-out: ${devices} pushes, first after ${times[0]!.toFixed(0)} ms, all after ${times.at(-1)!.toFixed(0)} ms`);
    return {
      intakes: latencies.length,
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1)!),
      fanOut: devices,
      fanOutFirstMs: Math.round(times[0]!),
      fanOutAllMs: Math.round(times.at(-1)!),
    };
  } finally {
    await pushes.stop();
    await service.close();
    await app.close();
  }
}

export function reportPushBench(r: PushBenchResult, concurrency: number): void {
  console.log(`\nPush notifications (Web Push, encrypted and VAPID-signed, to a push service on 127.0.0.1; ${concurrency} requests in flight per process)\n`);
  console.log('| measure | count | p50 | p99 | max / all |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| intake → push request received | ${r.intakes} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms |`);
  console.log(`| fan-out of one new order | ${r.fanOut} | first ${r.fanOutFirstMs} ms | | all ${r.fanOutAllMs} ms |`);
  console.log(`\n  ${r.p99 < 1000 ? 'PASS' : 'FAIL'}  intake → push: p99 ${r.p99} ms < 1000 ms`);
}

/** `npm run bench -- push`: the push rows alone, on a throwaway PostgreSQL with the demo data. */
export async function runPushBenchAlone(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)');
  const log = (m: string) => console.log(`[bench push] ${m}`);
  const pg = startThrowawayPostgres(bin, Number(process.env.BENCH_PG_PORT) || 55441);
  const handle = await openDb({ databaseUrl: pg.url });
  try {
    await migrateDb(handle);
    await seedDemo(handle.db);
    const result = await pushBench(handle, pg.url, log);
    reportPushBench(result, loadConfig({}).PUSH_CONCURRENCY);
  } finally {
    await handle.close();
    pg.stop();
  }
}
