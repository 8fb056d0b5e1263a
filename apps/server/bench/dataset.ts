import { sql } from 'drizzle-orm';
import { isoDateInWib, RECAP_MAX_DAYS, wibDayAfter, wibDayStart } from '@gerai/contract';
import { queryRows, type Db } from '../src/db/client';
import { DEMO_NIK } from '../src/seed/demo-data';

export interface BenchDataset {
  stores: number;
  orders: number;
  lines: number;
  /** Orders of T001, the store the benchmark signs in to (the busiest: one order in twenty). */
  storeOrders: number;
  /** T001 shipments for the detail benchmark. */
  detailShipments: string[];
  /** T001 orders in 1102 with huge quantities, for scans that keep succeeding. */
  scanTargets: Array<{ shipmentNo: string; barcodes: string[] }>;
  /** Products for the stock lookup and booking store rows (every product but the paper bag). */
  stockProducts: string[];
  /** store_stock rows in all (every store × every product). */
  stockRows: number;
  /** Stores in T001's kelurahan and kecamatan rings, T001 included. */
  t001Rings: { kelurahan: number; kecamatan: number };
  /** The bench area supervisor (password as the demo's) and the 10 bench stores of the area. */
  areaSupervisorNik: string;
  areaStores: string[];
  /** Orders of the area in the last 30 days, and of all stores on the measured day (yesterday, WIB). */
  recapOrders: { area30Days: number; allStoresDay: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDaysBefore = (isoDate: string, days: number) => new Date(Date.parse(isoDate) - days * DAY_MS).toISOString().slice(0, 10);

type DayRange = { from: string; to: string };
/**
 * The recap rows' ranges from today (WIB): the area's last 30 days, today included; every store's yesterday (a
 * whole day); every store's last 31 days (RECAP_MAX_DAYS, today included).
 */
export function recapRanges(today: string): { area: DayRange; allStores: DayRange; allStoresMonth: DayRange } {
  const yesterday = isoDaysBefore(today, 1);
  return { area: { from: isoDaysBefore(today, 29), to: today }, allStores: { from: yesterday, to: yesterday }, allStoresMonth: { from: isoDaysBefore(today, RECAP_MAX_DAYS - 1), to: today } };
}

/** A table's row count. */
const count = async (db: Db, table: string) => (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** The bench area supervisor: 10 bench stores of ordinary volume, for the monitoring and recap rows. */
export const BENCH_AREA_SUPERVISOR_NIK = '30001000';
const AREA_STORES = 10;
/** Why bench orders were cancelled (one in five has no stated reason). */
const CANCEL_REASONS = ['Stok habis', 'Pelanggan membatalkan', 'Alamat tidak ditemukan', 'Pembayaran gagal'];

/** Bench stores placed around T001 (-6.2607, 106.8137) in its kecamatan, so its rings are a real chain's size. */
const T001_RING_STORES = 17;
const T001_KELURAHAN_STORES = 3;

/**
 * The orders of the history at T001, the busiest store: one in twenty of the 200,000 of `npm run
 * bench`, and as many in a larger chain, since a store's volume does not grow with the number of
 * stores (one in twenty of 2,000,000 gave T001 3,300 orders a day, a thousand times the average
 * store's, and its own reads measured that, not the chain's size).
 */
const BUSIEST_STORE_ORDERS = 10_000;

/**
 * Grows the demo database to chain size with set-based SQL (generate_series):
 * `storeTotal` stores, `orderTotal` extra orders ('SHB…', 1–3 lines each,
 * BUSIEST_STORE_ORDERS of them at T001), their intake history, a set of
 * T001 orders in picking ('SHS…') for the scan benchmark, and every bench store's
 * stock of every product (decision 88's lookups walk it).
 *
 * The bench stores are laid out like a city: kecamatan of 20 stores on a 5 km grid
 * over Jabodetabek, each four kelurahan of 5 stores close together, so the kelurahan
 * and kecamatan rings have a realistic size; the first ones join T001's own kelurahan
 * (Bangka) and kecamatan (Mampang Prapatan) around it, giving T001 rings of about 5
 * and 20 stores like any other store.
 */
export async function growDataset(db: Db, opts: { storeTotal: number; orderTotal: number; scanOrders: number; pickerUserId: number }): Promise<BenchDataset> {
  const existingStores = await count(db, 'stores');
  const ring = T001_RING_STORES;
  const busiestEvery = Math.max(20, Math.round(opts.orderTotal / BUSIEST_STORE_ORDERS));
  await db.execute(sql`
    insert into stores (code, name, address, kelurahan, kecamatan, city, latitude, longitude, phone, area_code)
    select 'T' || (1000 + g), 'Toko Cabang Bench ' || g, 'Jl. Bench Raya No. ' || g, kel, kec, 'Jakarta', lat, lng,
      '021' || lpad((1000 + g)::text, 7, '0'), 'AREA' || (g % 50)
    from generate_series(0, ${Math.max(0, opts.storeTotal - existingStores)} - 1) g
    -- Two deterministic jitters in [-0.5, 0.5).
    cross join lateral (select (abs(hashint4(g)::bigint) % 1000) / 1000.0 - 0.5 as u, (abs(hashint4(g + 7919)::bigint) % 1000) / 1000.0 - 0.5 as v) j
    -- Grid stores: kecamatan k of 20 stores (10 per grid row), kelurahan q (0–3) of 5 within it.
    cross join lateral (select (g - ${ring}) / 20 as k, ((g - ${ring}) / 5) % 4 as q) c
    cross join lateral (
      select
        case when g < ${T001_KELURAHAN_STORES} then 'Bangka'
          when g < ${ring} then (array['Pela Mampang', 'Tegal Parang', 'Kuningan Barat', 'Mampang Prapatan'])[1 + g % 4]
          else 'Kelurahan ' || k || '-' || q end as kel,
        case when g < ${ring} then 'Mampang Prapatan' else 'Kecamatan Bench ' || k end as kec,
        case when g < ${ring} then -6.2607 + u * 0.02 else -6.10 - (k / 10) * 0.045 + (q % 2 - 0.5) * 0.022 + u * 0.008 end as lat,
        case when g < ${ring} then 106.8137 + v * 0.02 else 106.62 + (k % 10) * 0.045 + (q / 2 - 0.5) * 0.022 + v * 0.008 end as lng
    ) x`);

  // Every bench store stocks every product: a deterministic pseudo-random count, about one in six
  // empty (the seed stocked its own stores the same way), opened on the ledger like the seed's.
  // A million rows of each: the rows join existing stores and products by construction, so the
  // per-row foreign-key triggers are skipped for this load (replica role, this transaction only),
  // which makes it several times faster.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into store_stock (store_code, product_id, qty)
      select s.code, p.product_id, case when h % 100 < 16 then 0 else (h / 100) % 48 + 1 end
      from stores s cross join products p
      cross join lateral (select abs(hashtext(s.code || ':' || p.product_id)::bigint) as h) x
      where s.name like 'Toko Cabang Bench %'
      on conflict (store_code, product_id) do nothing`);
    await tx.execute(sql`
      insert into stock_movements (store_code, product_id, delta, condition, cause)
      select st.store_code, st.product_id, st.qty, 'sellable', 'opening'
      from store_stock st join stores s on s.code = st.store_code
      where s.name like 'Toko Cabang Bench %' and st.qty <> 0`);
  });

  // A crew member per bench store (the seed gave its own stores theirs), who picks the store's orders;
  // and the bench area supervisor over 10 bench stores. Same password as the demo accounts.
  await db.execute(sql`
    insert into users (nik, name, role_id, store_code, password_hash)
    select '1' || lpad(substr(s.code, 2), 7, '0'), 'Kru ' || s.name, 1, s.code, d.password_hash
    from stores s cross join (select password_hash from users where nik = ${DEMO_NIK.STAFF}) d
    where s.name like 'Toko Cabang Bench %'
    on conflict (nik) do nothing`);
  await db.execute(sql`
    insert into users (nik, name, role_id, password_hash)
    select ${BENCH_AREA_SUPERVISOR_NIK}, 'Supervisor Area Bench', 3, password_hash from users where nik = ${DEMO_NIK.STAFF}
    on conflict (nik) do nothing`);
  // Past T001's ring, so the area's stores have an ordinary store's volume.
  await db.execute(sql`
    insert into user_stores (user_id, store_code)
    select u.id, s.code from users u
    cross join (select code from stores where name like 'Toko Cabang Bench %' order by code offset ${ring + 100} limit ${AREA_STORES}) s
    where u.nik = ${BENCH_AREA_SUPERVISOR_NIK}
    on conflict do nothing`);

  // Steady state by age over 30 days: new for the first 2 hours, then picking, in progress and
  // done (one in ten cancelled) until 12 hours old; older orders are history. Each claimed order
  // has its store's picker and real times: claimed 1–9 minutes after arrival, packed 5–30 minutes
  // later, completed 10–89 minutes after that; half the cancelled ones were claimed first, four in
  // five name a reason. So the recap's medians, percentiles and reasons do real work.
  await db.execute(sql`
    -- Stores by ordinal, joined rather than indexed in an array: an array of 20,000 codes is
    -- read whole for every row (millions of times), which made 2,000,000 orders take many minutes.
    with s as (select count(*)::int as n from stores),
    sc as (select code, (row_number() over (order by code))::int - 1 as i from stores),
    crew as (select distinct on (store_code) store_code, id from users where role_id = 1 and store_code is not null order by store_code, id),
    g as (select g, abs(hashint4(g)::bigint) % 100 as h, abs(hashint4(g + 7919)::bigint) as h2, abs(hashint4(g + 104729)::bigint) % 43200 as age
          from generate_series(1, ${opts.orderTotal}) g)
    insert into orders (shipment_no, order_no, app_id, store_code, status_id, delivery_type, payment_id, price, is_send_store,
      customer_name, customer_phone, customer_address, customer_lat, customer_lng, pickup_code,
      picker_user_id, claimed_at, packed_at, completed_at, cancelled_at, cancel_reason, created_at, updated_at)
    select 'SHB' || lpad(g::text, 12, '0'), 'BN' || lpad(g::text, 10, '0'),
      (array[379, 410, 91, 95, 901, 911, 87])[1 + h2 % 7],
      st.code, st.status,
      (h2 % 2)::smallint, 1 + (h2 % 5)::int, 0, 'T',
      (array['Siti Rahayu', 'Budi Hartono', 'Dewi Anggraini', 'Agus Salim', 'Rina Kusuma', 'Joko Widodo', 'Putri Ayu', 'Hendra Wijaya'])[1 + h2 % 8] || ' ' || g,
      '0812' || lpad((h2 % 100000000)::text, 8, '0'), 'Jl. Pelanggan No. ' || (g % 200), -6.2, 106.8,
      lpad((h2 % 1000000)::text, 6, '0'),
      case when t.claimed then crew.id end,
      case when t.claimed then t.claimed_at end,
      case when st.status in (1103, 1104, 1105) then t.packed_at end,
      case when st.status in (1104, 1105) then t.packed_at + make_interval(secs => 600 + (h2 / 13) % 4800) end,
      case when st.status in (1106, 1107) then t.created_at + make_interval(mins => 15 + (h2 % 60)::int) end,
      case when st.status in (1106, 1107) then (array[${sql.join(CANCEL_REASONS.map((r) => sql`${r}::text`), sql`, `)}, null])[1 + (h2 / 17) % ${sql.raw(String(CANCEL_REASONS.length + 1))}] end,
      t.created_at, t.created_at
    from g cross join s
    join sc on sc.i = g.h2 % s.n
    cross join lateral (
      select case when g % ${sql.raw(String(busiestEvery))} = 0 then 'T001' else sc.code end as code,
        case when age < 120 then 1101 when age < 180 then 1102 when age < 300 then 1103
          when age < 720 then (case when h < 90 then 1104 else 1106 end)
          else (case when h < 90 then 1105 else 1107 end) end as status
    ) st
    cross join lateral (
      select now() - make_interval(mins => age::int) as created_at,
        now() - make_interval(mins => age::int) + make_interval(secs => 60 + h2 % 480) as claimed_at,
        now() - make_interval(mins => age::int) + make_interval(secs => 60 + h2 % 480 + 300 + (h2 / 7) % 1500) as packed_at,
        st.status between 1102 and 1105 or (st.status in (1106, 1107) and h2 % 2 = 0) as claimed
    ) t
    left join crew on crew.store_code = st.code
    order by g.g`);

  // Scan targets: T001 orders being picked by the demo staff, 3 lines of 1 000 units each (a 10 s run adds a few dozen per line).
  await db.execute(sql`
    insert into orders (shipment_no, order_no, app_id, store_code, status_id, delivery_type, payment_id, price, is_send_store,
      customer_name, customer_phone, pickup_code, picker_user_id, claimed_at, created_at, updated_at)
    select 'SHS' || lpad(g::text, 12, '0'), 'BS' || lpad(g::text, 10, '0'), 379, 'T001', 1102, 0, 1, 0, 'T',
      'Pelanggan Scan ' || g, '081300000000', '123456', ${opts.pickerUserId}, now(), now(), now()
    from generate_series(1, ${opts.scanOrders}) g`);

  await db.execute(sql`
    with pr as (select product_id, ean13, name, price, (row_number() over (order by id))::int as i from products where name not ilike 'Kantong Kertas%'),
    p as (select count(*)::int as n from pr)
    insert into order_lines (order_id, product_id, barcode, name, price, qty, qty_picked, qty_oos)
    -- One packed line in twenty had a unit out of stock.
    select o.id, pr.product_id, pr.ean13, pr.name, pr.price, x.q,
      case when o.status_id in (1103, 1104, 1105) then x.q - x.oos else 0 end, x.oos
    from orders o cross join p
    cross join lateral generate_series(1, case when o.shipment_no like 'SHS%' then 3 else 1 + o.id % 3 end) k
    cross join lateral (select 1 + ((o.id * 7 + k * 13) % p.n) as i,
      case when o.shipment_no like 'SHS%' then 1000 else 1 + (o.id + k) % 3 end as q,
      case when o.status_id in (1103, 1104, 1105) and abs(hashint4(o.id * 3 + k)::bigint) % 20 = 0 then 1 else 0 end as oos) x
    join pr on pr.i = x.i
    where o.shipment_no like 'SHB%' or o.shipment_no like 'SHS%'`);

  await db.execute(sql`
    update orders o set price = t.total
    from (select order_id, sum(price * (qty - qty_oos))::int as total from order_lines group by order_id) t
    where t.order_id = o.id and (o.shipment_no like 'SHB%' or o.shipment_no like 'SHS%')`);
  await db.execute(sql`
    insert into order_status_history (order_id, from_status, to_status, action, reason, created_at)
    select id, null, 1101, 'received', 'channel ' || app_id, created_at from orders where shipment_no like 'SHB%' or shipment_no like 'SHS%'`);
  await db.execute(sql`vacuum analyze`);
  // Write the seeded pages out now, so no checkpoint of the seed runs during the measurements.
  await db.execute(sql`checkpoint`);

  const detail = await queryRows<{ shipment_no: string }>(db, sql`select shipment_no from orders where store_code = 'T001' and shipment_no like 'SHB%' order by id limit 2000`);
  const scan = await queryRows<{ shipment_no: string; barcodes: string[] }>(db, sql`
    select o.shipment_no, array_agg(l.barcode order by l.id) as barcodes
    from orders o join order_lines l on l.order_id = o.id where o.shipment_no like 'SHS%' group by o.shipment_no`);
  const stockProducts = await queryRows<{ product_id: string }>(db, sql`select product_id from products where name not ilike 'Kantong Kertas%' order by id`);
  const [rings] = await queryRows<{ kelurahan: number; kecamatan: number }>(db, sql`
    select count(*) filter (where s.kelurahan = t.kelurahan)::int as kelurahan, count(*)::int as kecamatan
    from stores s join stores t on t.code = 'T001' and s.kecamatan = t.kecamatan`);
  const area = await queryRows<{ store_code: string }>(db, sql`
    select us.store_code from user_stores us join users u on u.id = us.user_id where u.nik = ${BENCH_AREA_SUPERVISOR_NIK} order by 1`);
  const today = isoDateInWib(new Date());
  const [recap] = await queryRows<{ area30Days: number; allStoresDay: number }>(db, sql`
    select
      (select count(*)::int from orders where store_code in (${sql.join(area.map((r) => sql`${r.store_code}`), sql`, `)})
        and created_at >= ${wibDayStart(recapRanges(today).area.from).toISOString()} and created_at < ${wibDayAfter(today).toISOString()}) as "area30Days",
      (select count(*)::int from orders where created_at >= ${wibDayStart(recapRanges(today).allStores.from).toISOString()}
        and created_at < ${wibDayAfter(recapRanges(today).allStores.to).toISOString()}) as "allStoresDay"`);
  return {
    stores: await count(db, 'stores'),
    orders: await count(db, 'orders'),
    lines: await count(db, 'order_lines'),
    storeOrders: (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where store_code = 'T001'`))[0]!.n,
    detailShipments: detail.map((r) => r.shipment_no),
    scanTargets: scan.map((r) => ({ shipmentNo: r.shipment_no, barcodes: r.barcodes })),
    stockProducts: stockProducts.map((r) => r.product_id),
    stockRows: await count(db, 'store_stock'),
    t001Rings: rings!,
    areaSupervisorNik: BENCH_AREA_SUPERVISOR_NIK,
    areaStores: area.map((r) => r.store_code),
    recapOrders: recap!,
  };
}
