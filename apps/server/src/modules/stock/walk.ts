// The nearest-first walk from a store: its rows, its exactness check, the fallback walk and the columns the statements share.
// The stores nearest to one with stock of a product, from indexes (decision 88): the stock lookup and the bookings use the one walk.
import { and, eq, gte, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { distanceMeters, type StoreStock } from '@gerai/contract';
import type { Reader } from '../../db/client';
import { stores, storeStock } from '../../db/schema';
import { proximityOf, type StoreOrigin } from './places';
import { likeTerm } from '../../db/like';
import type { NearestOptions } from './nearest';

const EARTH_RADIUS_M = 6_371_000;
const toRad = (d: number) => (d * Math.PI) / 180;
/** A store read with its stock of the product (0 from a statement where it has no row, null from the fallback walk). */
export type Candidate = Pick<typeof stores.$inferSelect, 'code' | 'name' | 'address' | 'kelurahan' | 'kecamatan' | 'city' | 'phone' | 'latitude' | 'longitude'> & {
  qty: number | null;
  qtyReserved: number | null;
};
/** A store of a nearest-first walk, with the index's own measure: planar degrees from the origin. */
export type Walked = Candidate & { planar: number };
export type Measured = Candidate & { meters: number };

const byDistance = (a: Measured, b: Measured) => a.meters - b.meters || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/**
 * The rows nearest first by haversine metres, in a new array. Each row (a statement's own, read for
 * this request) gets its `meters` in place: copying every row cost a hot read more than the math.
 */
export function measure(origin: StoreOrigin, rows: Candidate[]): Measured[] {
  const from = { lat: origin.latitude, lng: origin.longitude };
  const out = rows as Measured[];
  for (const r of out) r.meters = distanceMeters(from, { lat: r.latitude, lng: r.longitude });
  return out.slice().sort(byDistance);
}

/**
 * Whether the `k` nearest by haversine among `rows` (a walk that asked for `n` rows nearest first by
 * planar degrees, `sorted` its rows by haversine) are the `k` nearest of all. The index orders by
 * planar degrees, which differ from haversine metres by the cosine of the latitude (under 1% across a
 * city): once the k-th haversine distance is below what any store beyond the last one read can have,
 * the answer is exact. A walk that found fewer than it asked for read every store it may answer.
 */
export function walkIsExact(origin: StoreOrigin, rows: Array<{ planar: number }>, sorted: Measured[], n: number, k: number): boolean {
  if (k <= 0 || rows.length < n) return true;
  const lastDeg = Math.max(...rows.map((r) => Number(r.planar)));
  // A degree of latitude is the full arc; a degree of longitude shrinks with cos(latitude).
  const floorDeg = 0.99 * lastDeg * Math.cos(toRad(Math.min(89, Math.abs(origin.latitude) + lastDeg)));
  const kthDeg = (sorted[k - 1]!.meters / EARTH_RADIUS_M) * (180 / Math.PI);
  return kthDeg <= floorDeg;
}

/**
 * The walk's first read for `k` stores: a quarter more and 8. Across Indonesia (|latitude| ≤ 11°) a
 * degree of longitude is at least 0.98 of one of latitude, so the check passes once the walk has read
 * a few stores past the k-th (at most 8 on the bench's 2,000-store chain, for k = 35). Where it does
 * not, the fallback walk reads on. NEAREST_SQL computes the same margin in SQL.
 */
export const walkMargin = (k: number) => (k > 0 ? k + Math.ceil(k / 4) + 8 : 0);

// The fallback walk (Drizzle): only when a statement's margin was not enough.

/** The index's own measure: planar distance in degrees between (lng, lat) points, what `<->` orders by. */
const planar = (o: StoreOrigin) => sql<number>`${stores.location} <-> point(${o.longitude}::float8, ${o.latitude}::float8)`;

function candidateQuery(db: Reader, origin: StoreOrigin, opts: NearestOptions, where: Array<SQL | undefined>) {
  const term = likeTerm(opts.q);
  return db
    .select({
      code: stores.code,
      name: stores.name,
      address: stores.address,
      kelurahan: stores.kelurahan,
      kecamatan: stores.kecamatan,
      city: stores.city,
      phone: stores.phone,
      latitude: stores.latitude,
      longitude: stores.longitude,
      qty: storeStock.qty,
      qtyReserved: storeStock.qtyReserved,
      planar: planar(origin),
    })
    .from(stores)
    // By store_stock's primary key, one probe per store the walk reaches.
    .leftJoin(storeStock, and(eq(storeStock.storeCode, stores.code), eq(storeStock.productId, opts.productId)))
    .where(
      and(
        notInArray(stores.code, [origin.code, ...(opts.exclude ?? [])]),
        opts.minQty ? gte(storeStock.qty, opts.minQty) : undefined,
        term ? or(ilike(stores.code, term), ilike(stores.name, term)) : undefined,
        ...where,
      ),
    );
}

/**
 * The `k` stores nearest by haversine among those `where` allows, by walks of the GiST index
 * stores_location_idx (`order by location <-> point` with a LIMIT) that read four times further each
 * time until the exactness check holds. Only for the rare answer a statement's margin could not prove.
 */
export async function walkNearest(db: Reader, origin: StoreOrigin, opts: NearestOptions, k: number, where: Array<SQL | undefined>, from: number): Promise<Measured[]> {
  if (k <= 0) return [];
  for (let n = Math.max(from, walkMargin(k)); ; n *= 4) {
    const rows = (await candidateQuery(db, origin, opts, where).orderBy(planar(origin)).limit(n)).map((r) => ({ ...r, planar: Number(r.planar) }));
    const sorted = measure(origin, rows);
    if (walkIsExact(origin, rows, sorted, n, k)) return sorted.slice(0, k);
  }
}

export function toStoreStock(origin: StoreOrigin, r: Measured): StoreStock {
  return {
    storeCode: r.code,
    storeName: r.name,
    address: r.address,
    kelurahan: r.kelurahan,
    kecamatan: r.kecamatan,
    city: r.city,
    phone: r.phone,
    latitude: r.latitude,
    longitude: r.longitude,
    distanceM: Math.round(r.meters),
    proximity: proximityOf(origin, r),
    qty: r.qty ?? 0,
    qtyReserved: r.qtyReserved ?? 0,
  };
}

// --- the statements (decision 46: hot paths with a bench row, one round trip each) ---------------

/** A store's columns and its stock of the product, named as the rows' (and JSON's) keys. */
export const STORE_COLUMNS = `s.code, s.name, s.address, s.kelurahan, s.kecamatan, s.city, s.phone, s.latitude, s.longitude,
  coalesce(st.qty, 0) as qty, coalesce(st.qty_reserved, 0) as "qtyReserved"`;

/**
 * The store's stock of the product: one probe of store_stock's primary key per store reached. A
 * lateral with `limit 1` is never turned into a join, so no plan (a generic one included) hashes the
 * product's stock in every store and sorts the chain instead of walking the index.
 */
export const stockJoin = (productId: string) =>
  `left join lateral (select x.qty, x.qty_reserved from store_stock x where x.store_code = s.code and x.product_id = ${productId} limit 1) st on true`;
