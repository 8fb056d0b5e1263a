/**
 * `RECAP_PG_URL=<a kept chain's database> npx tsx bench/recap-chain.ts [words]`: the recap's latency over HTTP
 * on a chain `bench/day-keep.ts` grew (20,000 stores, 2,000,000 orders), every reply cache off: the whole chain
 * over 31 days and one day as the super user with 2 connections (a recap is one person's report) and the month
 * under 50, and T001's week as its kepala toko under 50. Each row runs 10 s; `words` keep the rows whose name
 * holds one of them. Prints one JSON line per row (the reply's status, orders counted and bytes, then
 * autocannon's req/s, p50 and p99 in ms).
 */
import { isoDateInWib } from '@gerai/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db/client';
import { DEMO_NIK, DEMO_PASSWORD } from '../src/seed/demo-data';
import { processSecrets } from '../src/platform/process-test-kit';
import { runLoad } from './run-load';

const url = process.env.RECAP_PG_URL;
if (!url) throw new Error('RECAP_PG_URL: a database bench/day-keep.ts grew (it prints its URL)');
const handle = await openDb({ databaseUrl: url });
const secrets = processSecrets();
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, WEB_DIST: '/nonexistent', JWT_SECRET: secrets.JWT_SECRET, CHANNEL_SECRETS: secrets.CHANNEL_SECRETS, LOGIN_RATE_LIMIT: '1000' });
const app = await buildApp({ config: { ...config, READ_CACHE_TTL_MS: 0, STOCK_CACHE_TTL_MS: 0, metricsPort: null }, handle, logger: false });
await app.ready();
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const signIn = async (nik: string) => {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
};
const today = isoDateInWib(new Date());
const daysBefore = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
const superUser = await signIn(DEMO_NIK.SUPER_USER);
const chief = await signIn(DEMO_NIK.STORE_CHIEF);
const rows: Array<[name: string, path: string, headers: Record<string, string>, connections: number]> = [
  ['whole chain, 31 days', `/api/recap?from=${daysBefore(30)}&to=${today}`, superUser, 2],
  ['whole chain, 1 day', `/api/recap?from=${today}&to=${today}`, superUser, 2],
  ['whole chain, 31 days, 50 connections', `/api/recap?from=${daysBefore(30)}&to=${today}`, superUser, 50],
  ["T001's week, 50 connections", `/api/recap?from=${daysBefore(7)}&to=${today}`, chief, 50],
];
const only = process.argv.slice(2);
try {
  for (const [name, path, headers, connections] of rows) {
    if (only.length > 0 && !only.some((w) => name.includes(w))) continue;
    const res = await app.inject({ method: 'GET', url: path, headers });
    const orders = (res.json() as { data?: { totals: { orders: number } } }).data?.totals.orders;
    const load = await runLoad({ url: `${base}${path}`, connections, durationSeconds: 10, headers, method: 'GET' });
    console.log(JSON.stringify({ name, status: res.statusCode, orders, bytes: res.body.length, rps: load.requestsPerSecond, p50: load.p50, p99: load.p99, failed: load.non2xx + load.errors }));
  }
} finally {
  await app.close();
  await handle.close();
}
