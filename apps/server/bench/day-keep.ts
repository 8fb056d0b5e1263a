/**
 * `npx tsx bench/day-keep.ts [stores=20000] [orders-per-store=100]`: one chain size of the day grown
 * once on a throwaway PostgreSQL (port BENCH_PG_PORT, default 55450) that is left running, so the
 * slow statements can be EXPLAINed and small loads played against it without growing it again
 * (20,000 stores take about 13 minutes; `DAY_PG_ADMIN_URL=<the cluster's postgres URL>` grows another size
 * on a cluster kept before). Prints the database URL and the cluster's directory;
 * stop it with `pg_ctl -D <dir>/data -m fast stop` and remove the directory.
 */
import { findPostgresBin, startThrowawayPostgres } from './postgres';
import { growChain } from './day-setup';

const opts: Record<string, string> = { stores: '20000', 'orders-per-store': '100', active: '100' };
for (const word of process.argv.slice(2)) {
  const [name, value] = word.split('=');
  if (!(name! in opts) || !value) throw new Error(`unknown option ${word}; options: ${Object.keys(opts).map((k) => `${k}=`).join(' ')}`);
  opts[name!] = value;
}
// DAY_PG_ADMIN_URL: a second size on a cluster kept before (its `postgres` database's URL).
let admin = process.env.DAY_PG_ADMIN_URL;
let dir: string | null = null;
if (!admin) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql/*/bin');
  const pg = startThrowawayPostgres(bin, Number(process.env.BENCH_PG_PORT) || 55450);
  admin = pg.url;
  dir = pg.dir;
}
const stores = Number(opts.stores);
const started = Date.now();
const chain = await growChain(admin, stores, stores * Number(opts['orders-per-store']), Number(opts.active));
console.log(JSON.stringify({ url: chain.url, dir, activeStores: chain.activeStores, phases: chain.phases, seconds: Math.round((Date.now() - started) / 1000) }, null, 1));
