import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client';

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
}

/** Rows of a raw query on node-postgres (the benchmark always runs on PostgreSQL). */
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const count = async (db: Db, table: string) => (await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/**
 * Grows the demo database to chain size with set-based SQL (generate_series):
 * `storeTotal` stores, `orderTotal` extra orders ('SHB…', 1–3 lines each, one
 * in twenty at T001, the busiest store), their intake history, and a set of
 * T001 orders in picking ('SHS…') for the scan benchmark.
 */
export async function growDataset(db: Db, opts: { storeTotal: number; orderTotal: number; scanOrders: number; pickerUserId: number }): Promise<BenchDataset> {
  const existingStores = await count(db, 'stores');
  await db.execute(sql`
    insert into stores (code, name, address, kelurahan, kecamatan, city, latitude, longitude, phone, area_code)
    select 'T' || lpad(g::text, 4, '0'), 'Toko Cabang Bench ' || g, 'Jl. Bench Raya No. ' || g,
      'Kelurahan ' || (g % 400), 'Kecamatan ' || (g % 80), 'Jakarta', -6.1 - (g % 300) * 0.001, 106.7 + (g % 290) * 0.001,
      '021' || lpad(g::text, 7, '0'), 'AREA' || (g % 50)
    from generate_series(1000, 1000 + ${Math.max(0, opts.storeTotal - existingStores)} - 1) g`);

  // Steady state by age over 30 days: new for the first 2 hours, then picking, in progress and
  // done (one in ten cancelled) until 12 hours old; older orders are history.
  await db.execute(sql`
    with s as (select array_agg(code order by code) as codes, count(*)::int as n from stores),
    g as (select g, abs(hashint4(g)::bigint) % 100 as h, abs(hashint4(g + 7919)::bigint) as h2, abs(hashint4(g + 104729)::bigint) % 43200 as age
          from generate_series(1, ${opts.orderTotal}) g)
    insert into orders (shipment_no, order_no, app_id, store_code, status_id, delivery_type, payment_id, price, is_send_store,
      customer_name, customer_phone, customer_address, customer_lat, customer_lng, pickup_code, created_at, updated_at)
    select 'SHB' || lpad(g::text, 12, '0'), 'BN' || lpad(g::text, 10, '0'),
      (array[379, 410, 91, 95, 901, 911, 87])[1 + h2 % 7],
      case when g % 20 = 0 then 'T001' else s.codes[1 + (h2 % s.n)] end,
      case when age < 120 then 1101 when age < 180 then 1102 when age < 300 then 1103
        when age < 720 then (case when h < 90 then 1104 else 1106 end)
        else (case when h < 90 then 1105 else 1107 end) end,
      (h2 % 2)::smallint, 1 + (h2 % 5)::int, 0, 'T',
      (array['Siti Rahayu', 'Budi Hartono', 'Dewi Anggraini', 'Agus Salim', 'Rina Kusuma', 'Joko Widodo', 'Putri Ayu', 'Hendra Wijaya'])[1 + h2 % 8] || ' ' || g,
      '0812' || lpad((h2 % 100000000)::text, 8, '0'), 'Jl. Pelanggan No. ' || (g % 200), -6.2, 106.8,
      lpad((h2 % 1000000)::text, 6, '0'),
      now() - make_interval(mins => age::int), now() - make_interval(mins => age::int)
    from g cross join s`);

  // Scan targets: T001 orders being picked by the demo staff, 3 lines of 1 000 units each (a 10 s run adds a few dozen per line).
  await db.execute(sql`
    insert into orders (shipment_no, order_no, app_id, store_code, status_id, delivery_type, payment_id, price, is_send_store,
      customer_name, customer_phone, pickup_code, picker_user_id, claimed_at, created_at, updated_at)
    select 'SHS' || lpad(g::text, 12, '0'), 'BS' || lpad(g::text, 10, '0'), 379, 'T001', 1102, 0, 1, 0, 'T',
      'Pelanggan Scan ' || g, '081300000000', '123456', ${opts.pickerUserId}, now(), now(), now()
    from generate_series(1, ${opts.scanOrders}) g`);

  await db.execute(sql`
    with p as (
      select array_agg(product_id order by id) as ids, array_agg(ean13 order by id) as eans, array_agg(name order by id) as names,
        array_agg(price order by id) as prices, count(*)::int as n
      from products where name not ilike 'Kantong Kertas%')
    insert into order_lines (order_id, product_id, barcode, name, price, qty, qty_picked, qty_oos)
    select o.id, p.ids[x.i], p.eans[x.i], p.names[x.i], p.prices[x.i], x.q,
      case when o.status_id in (1103, 1104, 1105) then x.q else 0 end, 0
    from orders o cross join p
    cross join lateral generate_series(1, case when o.shipment_no like 'SHS%' then 3 else 1 + o.id % 3 end) k
    cross join lateral (select 1 + ((o.id * 7 + k * 13) % p.n) as i,
      case when o.shipment_no like 'SHS%' then 1000 else 1 + (o.id + k) % 3 end as q) x
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

  const detail = await rowsOf<{ shipment_no: string }>(db, sql`select shipment_no from orders where store_code = 'T001' and shipment_no like 'SHB%' order by id limit 2000`);
  const scan = await rowsOf<{ shipment_no: string; barcodes: string[] }>(db, sql`
    select o.shipment_no, array_agg(l.barcode order by l.id) as barcodes
    from orders o join order_lines l on l.order_id = o.id where o.shipment_no like 'SHS%' group by o.shipment_no`);
  return {
    stores: await count(db, 'stores'),
    orders: await count(db, 'orders'),
    lines: await count(db, 'order_lines'),
    storeOrders: (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from orders where store_code = 'T001'`))[0]!.n,
    detailShipments: detail.map((r) => r.shipment_no),
    scanTargets: scan.map((r) => ({ shipmentNo: r.shipment_no, barcodes: r.barcodes })),
  };
}
