/**
 * `npm run bench -- day`: one chain size made ready to play — its own database on the
 * throwaway PostgreSQL, grown by dataset.ts, a kepala toko for each active store, the
 * stores' stock and the phones' tokens — with the time of each phase.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDb, openDb } from '../src/db/client';
import { users } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { DEMO_NIK, DEMO_PASSWORD } from '../src/seed/demo-data';
import { signIn } from '../src/platform/process-test-kit';
import { growDataset, type BenchDataset } from './dataset';
import type { DayStore } from './day-load';

export interface ChainSize {
  stores: number;
  orders: number;
  dataset: Pick<BenchDataset, 'stores' | 'orders' | 'lines' | 'stockRows'>;
  url: string;
  /** Seconds per phase (create, seed, grow). */
  phases: Array<[string, number]>;
  activeStores: string[];
  drop(): Promise<void>;
}

export const DAY_AREA_SUPERVISOR_NIK = '30002000';

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

/** A database `day_<stores>` on the throwaway server, grown to `stores` stores and `orders` orders of history. */
export async function growChain(adminUrl: string, stores: number, orders: number, activeCount: number, keep = false): Promise<ChainSize> {
  const name = `day_${stores}`;
  const phases: Array<[string, number]> = [];
  let t = Date.now();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const kept = keep ? await keptChain(admin, url.toString(), name, stores, orders) : null;
  if (!kept) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const handle = await openDb({ databaseUrl: url.toString() });
  try {
    let dataset: ChainSize['dataset'];
    if (kept) {
      dataset = kept;
      phases.push([`kept from an earlier run (keep=yes): ${name}`, seconds(t)]);
    } else {
      await migrateDb(handle);
      await seedDemo(handle.db);
      phases.push(['create, migrate, seed the demo', seconds(t)]);
      t = Date.now();
      const [staff] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.STAFF));
      const data = await growDataset(handle.db, { storeTotal: stores, orderTotal: orders, scanOrders: 0, pickerUserId: staff!.id });
      dataset = { stores: data.stores, orders: data.orders, lines: data.lines, stockRows: data.stockRows };
      phases.push([`grow to ${stores} stores, ${orders} orders (set-based SQL, vacuum analyze, checkpoint)`, seconds(t)]);
    }
    t = Date.now();
    // The active stores spread over the whole chain, each with a kepala toko (who cancels) besides its crew member.
    const rows = (await handle.db.execute(sql`
      select code from (select code, row_number() over (order by code) as n, count(*) over () as total
        from stores where name like 'Toko Cabang Bench %') s
      where (n - 1) % greatest(1, total / ${activeCount}) = 0 order by code limit ${activeCount}`)) as unknown as { rows: Array<{ code: string }> };
    const activeStores = rows.rows.map((r) => r.code);
    await handle.db.execute(sql`
      insert into users (nik, name, role_id, store_code, password_hash)
      select '2' || lpad(substr(s.code, 2), 7, '0'), 'Kepala ' || s.name, 2, s.code, d.password_hash
      from stores s cross join (select password_hash from users where nik = ${DEMO_NIK.STAFF}) d
      where s.code in (${sql.join(activeStores.map((c) => sql`${c}`), sql`, `)})
      on conflict (nik) do nothing`);
    // An area supervisor over 10 of the active stores, so the monitoring read follows a live area.
    await handle.db.execute(sql`
      insert into users (nik, name, role_id, password_hash)
      select ${DAY_AREA_SUPERVISOR_NIK}, 'Supervisor Area Puncak', 3, password_hash from users where nik = ${DEMO_NIK.STAFF}
      on conflict (nik) do nothing`);
    await handle.db.execute(sql`
      insert into user_stores (user_id, store_code)
      select u.id, s.code from users u cross join (select code from stores where code in (${sql.join(activeStores.slice(0, 10).map((c) => sql`${c}`), sql`, `)})) s
      where u.nik = ${DAY_AREA_SUPERVISOR_NIK} on conflict do nothing`);
    phases.push([`${activeStores.length} active stores, their kepala toko, an area supervisor over 10 of them`, seconds(t)]);
    return { stores, orders, dataset, url: url.toString(), phases, activeStores, drop: keep ? async () => undefined : drop };
  } finally {
    await handle.close();
  }
}

/**
 * The chain `name` grown by an earlier run with keep=yes, if it is there and has its stores and
 * history (a run cut short while growing leaves fewer): its sizes, else null (grown again).
 */
async function keptChain(admin: pg.Client, url: string, name: string, stores: number, orders: number): Promise<ChainSize['dataset'] | null> {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) return null;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [row] = (
      await c.query<{ stores: number; orders: number; lines: number; stock_rows: number }>(
        `select (select count(*) from stores)::int as stores, (select count(*) from orders where shipment_no like 'SHB%')::int as orders,
           (select count(*) from order_lines)::int as lines, (select count(*) from store_stock)::int as stock_rows`,
      )
    ).rows;
    return row && row.stores >= stores && row.orders >= orders ? { stores: row.stores, orders: row.orders, lines: row.lines, stockRows: row.stock_rows } : null;
  } catch {
    return null;
  } finally {
    await c.end();
  }
}

export const staffNik = (code: string) => `1${code.slice(1).padStart(7, '0')}`;
export const chiefNik = (code: string) => `2${code.slice(1).padStart(7, '0')}`;

/** `work` over `items`, `limit` at a time. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) out.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return out;
}

/** The active stores' phones signed in through the API, and the products each has at least 10 of. */
export async function phonesOf(base: string, chain: ChainSize): Promise<DayStore[]> {
  const client = new pg.Client({ connectionString: chain.url });
  await client.connect();
  try {
    const stock = await client.query<{ store_code: string; product_id: string; ean13: string }>(
      `select st.store_code, p.product_id, p.ean13 from store_stock st join products p on p.product_id = st.product_id
       where st.store_code = any($1) and st.qty >= 10 and p.name not ilike 'Kantong Kertas%' order by 1, 2`,
      [chain.activeStores],
    );
    return await inBatches(chain.activeStores, 4, async (code) => ({
      code,
      staff: await signIn(base, staffNik(code), DEMO_PASSWORD),
      chief: await signIn(base, chiefNik(code), DEMO_PASSWORD),
      products: stock.rows.filter((r) => r.store_code === code).map((r) => ({ productId: r.product_id, barcode: r.ean13 })),
    }));
  } finally {
    await client.end();
  }
}

/** The first reason of a list that needs no text (the last, id 0, is "Lainnya"). */
export async function firstReason(base: string, token: string, path: string): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { items: Array<{ id: number; requiresText?: boolean }> } };
  const reason = body.data.items.find((r) => r.id !== 0);
  if (!reason) throw new Error(`no reason at ${path}: ${res.status}`);
  return reason.id;
}

export { DEMO_NIK, DEMO_PASSWORD };
