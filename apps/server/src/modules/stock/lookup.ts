import { and, asc, count, eq, gte, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  distanceMeters,
  STORE_PROXIMITY,
  type StockLookup,
  type StockProduct,
  type StockSearchItem,
  type StockSearchQuery,
  type StoreProximity,
  type StoreStock,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { products, stores, storeStock } from '../../db/schema';
import { statement } from '../../db/statement';
import { AppError } from '../../platform/errors';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';

type Reader = Db | Tx;

/** Where a store is: the origin of a nearest-stores walk (the ordering store, or my store). */
export interface StoreOrigin {
  code: string;
  kelurahan: string;
  kecamatan: string;
  latitude: number;
  longitude: number;
}

export interface NearestOptions {
  productId: string;
  /** Only stores with at least this many sellable units; 0 or undefined: any store. */
  minQty?: number;
  /**
   * `kelurahan`: the origin's (kecamatan, kelurahan) ring; `kecamatan`: its kecamatan, the kelurahan
   * ring first; `nearby`: both rings, then the rest by distance.
   */
  scope: StoreProximity;
  /**
   * True (default): the rings come first (booking proposals). False: nearest first whatever the ring
   * (stock lookup); only with scope `nearby`.
   */
  ringsFirst?: boolean;
  /** Store codes left out besides the origin itself (refused a booking, addressed already). */
  exclude?: readonly string[];
  limit: number;
  offset?: number;
  /** Store code or name contains this. */
  q?: string;
  /** `nearby`: at most this many stores in all, so `total` is exact without counting the chain. */
  max?: number;
}

export interface NearestStores {
  items: StoreStock[];
  /** Stores the query has in all (for `nearby`, up to `max`, else up to offset + limit). */
  total: number;
}

const EARTH_RADIUS_M = 6_371_000;
const toRad = (d: number) => (d * Math.PI) / 180;

/** The store's place, for a walk from it; unknown → null. */
export async function storeOrigin(db: Reader, code: string): Promise<(StoreOrigin & typeof stores.$inferSelect) | null> {
  const [row] = await db.select().from(stores).where(eq(stores.code, code)).limit(1);
  return row ?? null;
}

/** How a store relates to the origin: its kelurahan (within its kecamatan), its kecamatan, or neither. */
export function proximityOf(origin: Pick<StoreOrigin, 'kelurahan' | 'kecamatan'>, store: Pick<StoreOrigin, 'kelurahan' | 'kecamatan'>): StoreProximity {
  if (store.kecamatan !== origin.kecamatan) return STORE_PROXIMITY.NEARBY;
  return store.kelurahan === origin.kelurahan ? STORE_PROXIMITY.KELURAHAN : STORE_PROXIMITY.KECAMATAN;
}

/** Haversine metres between two stores, as the screens show them (whole metres). */
export function storeDistanceM(a: Pick<StoreOrigin, 'latitude' | 'longitude'>, b: Pick<StoreOrigin, 'latitude' | 'longitude'>): number {
  return Math.round(distanceMeters({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude }));
}

/** A store read with its stock of the product (0 from a statement where it has no row, null from the fallback walk). */
type Candidate = Pick<typeof stores.$inferSelect, 'code' | 'name' | 'address' | 'kelurahan' | 'kecamatan' | 'city' | 'phone' | 'latitude' | 'longitude'> & {
  qty: number | null;
  qtyReserved: number | null;
};
/** A store of a nearest-first walk, with the index's own measure: planar degrees from the origin. */
type Walked = Candidate & { planar: number };
type Measured = Candidate & { meters: number };

const measure = (origin: StoreOrigin, rows: Candidate[]): Measured[] =>
  rows
    .map((r) => ({ ...r, meters: distanceMeters({ lat: origin.latitude, lng: origin.longitude }, { lat: r.latitude, lng: r.longitude }) }))
    .sort((a, b) => a.meters - b.meters || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/**
 * Whether the `k` nearest by haversine among `rows` (a walk that asked for `n` rows nearest first by
 * planar degrees, `sorted` its rows by haversine) are the `k` nearest of all. The index orders by
 * planar degrees, which differ from haversine metres by the cosine of the latitude (under 1% across a
 * city): once the k-th haversine distance is below what any store beyond the last one read can have,
 * the answer is exact. A walk that found fewer than it asked for read every store it may answer.
 */
function walkIsExact(origin: StoreOrigin, rows: Array<{ planar: number }>, sorted: Measured[], n: number, k: number): boolean {
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
const walkMargin = (k: number) => (k > 0 ? k + Math.ceil(k / 4) + 8 : 0);

// --- the fallback walk (Drizzle): only when a statement's margin was not enough -------------------

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
async function walkNearest(db: Reader, origin: StoreOrigin, opts: NearestOptions, k: number, where: Array<SQL | undefined>, from: number): Promise<Measured[]> {
  if (k <= 0) return [];
  for (let n = Math.max(from, walkMargin(k)); ; n *= 4) {
    const rows = (await candidateQuery(db, origin, opts, where).orderBy(planar(origin)).limit(n)).map((r) => ({ ...r, planar: Number(r.planar) }));
    const sorted = measure(origin, rows);
    if (walkIsExact(origin, rows, sorted, n, k)) return sorted.slice(0, k);
  }
}

function toStoreStock(origin: StoreOrigin, r: Measured): StoreStock {
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
const STORE_COLUMNS = `s.code, s.name, s.address, s.kelurahan, s.kecamatan, s.city, s.phone, s.latitude, s.longitude,
  coalesce(st.qty, 0) as qty, coalesce(st.qty_reserved, 0) as "qtyReserved"`;

/**
 * The store's stock of the product: one probe of store_stock's primary key per store reached. A
 * lateral with `limit 1` is never turned into a join, so no plan (a generic one included) hashes the
 * product's stock in every store and sorts the chain instead of walking the index.
 */
const stockJoin = (productId: string) =>
  `left join lateral (select x.qty, x.qty_reserved from store_stock x where x.store_code = s.code and x.product_id = ${productId} limit 1) st on true`;

/**
 * The stores other than the origin that a ring or the walk may answer: none excluded, at least $3
 * sellable units when $3 > 0, code or name like $5 when given.
 */
const CANDIDATE = `s.code <> o.code and s.code <> all($4::text[]) and ($3::int <= 0 or st.qty >= $3::int)
  and ($5::text is null or s.code ilike $5::text or s.name ilike $5::text)`;

/**
 * Nearest stores in one round trip: the origin ($1), its kelurahan ring (stores_kelurahan_idx) and
 * kecamatan ring (stores_kecamatan_idx) when $6 (rings first), and for scope $7 `nearby` a KNN walk
 * of stores_location_idx: a lateral whose `order by s.location <-> o.location` has the origin's point
 * as an outer reference, so the index is walked nearest first (outside the kecamatan when the rings
 * come first). Flags are parameters, so one prepared plan serves every scope; a part switched off is a
 * one-time filter that reads nothing.
 *
 * The walk serves two ends. The total (up to $8) needs only how many of the `$8 − rings` stores still
 * wanted exist (walkCount), so those are counted, not sent. The page needs the walk's stores up to
 * its end ($9): a margin of them (walkMargin of `$9 − rings`, answered as walkLimit) come back, nearest
 * first by the index's order, for the exactness check in TS. Limits are subqueries, which the planner
 * prices the same with or without values, so the generic plan is kept rather than planned per call.
 * Plain rows, one per store (`part` says which), are cheaper to build and to read than json_agg.
 */
export const NEAREST_SQL = `
  with o as (select code, kelurahan, kecamatan, latitude, longitude, location from stores where code = $1::text),
  kel as (
    select ${STORE_COLUMNS}
    from o join stores s on s.kecamatan = o.kecamatan and s.kelurahan = o.kelurahan
    ${stockJoin('$2::text')}
    where $6::boolean and ${CANDIDATE}
  ),
  kec as (
    select ${STORE_COLUMNS}
    from o join stores s on s.kecamatan = o.kecamatan and s.kelurahan <> o.kelurahan
    ${stockJoin('$2::text')}
    where $6::boolean and $7::text <> '${STORE_PROXIMITY.KELURAHAN}' and ${CANDIDATE}
  ),
  wanted as materialized (
    select $8::int - r as k, least($9::int, $8::int) - r as j
    from (select (select count(*) from kel) + (select count(*) from kec) as r) rings
  ),
  -- k: stores to count for the total; m: stores to send for the page (walkMargin in TS).
  lim as (select greatest(k, 0)::int as k, (case when j > 0 then j + (j + 3) / 4 + 8 else 0 end)::int as m from wanted),
  walk as (
    select w.* from o cross join lateral (
      -- The rank follows the walk's own order: no sort.
      select ${STORE_COLUMNS}, s.location <-> o.location as planar, row_number() over (order by s.location <-> o.location) as rank
      from stores s ${stockJoin('$2::text')}
      where ${CANDIDATE} and (not $6::boolean or s.kecamatan <> o.kecamatan)
      order by s.location <-> o.location
      limit (select greatest(k, m) from lim)
    ) w
    where $7::text = '${STORE_PROXIMITY.NEARBY}'
  )
  select 'origin' as part, code, null as name, null as address, kelurahan, kecamatan, null as city, null as phone, latitude, longitude,
    0 as qty, 0 as "qtyReserved", null::float8 as planar, (select m from lim) as "walkLimit", (select count(*) from walk)::int as "walkCount"
  from o
  -- kel.* and kec.* are STORE_COLUMNS, in the origin row's order.
  union all select '${STORE_PROXIMITY.KELURAHAN}', kel.*, null, null, null from kel
  union all select '${STORE_PROXIMITY.KECAMATAN}', kec.*, null, null, null from kec
  union all select 'walk', code, name, address, kelurahan, kecamatan, city, phone, latitude, longitude, qty, "qtyReserved", planar, null, null
  from walk where rank <= (select m from lim)`;

type NearestParams = [
  originCode: string,
  productId: string,
  minQty: number,
  exclude: string[],
  term: string | null,
  ringsFirst: boolean,
  scope: StoreProximity,
  upTo: number,
  pageEnd: number,
];

/** A row of NEAREST_SQL: the origin (with what the walk read), or a store of a ring or of the walk. */
type NearestRow = Candidate & {
  part: 'origin' | 'walk' | typeof STORE_PROXIMITY.KELURAHAN | typeof STORE_PROXIMITY.KECAMATAN;
  planar: number | null;
  walkLimit: number | null;
  walkCount: number | null;
};

const nearestStatement = statement<NearestRow, NearestParams>('stock_nearest_stores', NEAREST_SQL);

const likeTerm = (q: string | undefined) => (q?.trim() ? `%${escapeLike(q.trim())}%` : null);

/** Nearest first whatever the ring: the stock lookup's order (only with scope `nearby`). */
const nearestFirst = (opts: NearestOptions) => opts.scope === STORE_PROXIMITY.NEARBY && opts.ringsFirst === false;

/** How many stores the answer holds at most: `nearby` is capped at `max`, the rings are read whole. */
function upToOf(opts: NearestOptions): number {
  const want = (opts.offset ?? 0) + opts.limit;
  if (nearestFirst(opts)) return opts.max === undefined ? want : Math.min(want, opts.max);
  return opts.max ?? want;
}

/** NEAREST_SQL's parameters for a walk from `originCode` (the EXPLAIN test uses them too). */
export function nearestParams(originCode: string, opts: NearestOptions): NearestParams {
  return [originCode, opts.productId, opts.minQty ?? 0, [...(opts.exclude ?? [])], likeTerm(opts.q), !nearestFirst(opts), opts.scope, upToOf(opts), (opts.offset ?? 0) + opts.limit];
}

/**
 * Stores other than the origin with their stock of a product, answered from indexes (decision 88):
 * the kelurahan and kecamatan rings from their btree index, the rest by a KNN walk of the GiST index
 * on `stores.location`, never by measuring every store. Distances are haversine metres. One prepared
 * statement reads the origin with it (one round trip), so a caller needs only the store's code; an
 * unknown store → `origin: null`, no stores.
 */
export async function nearestFrom(db: Db, originCode: string, opts: NearestOptions): Promise<NearestStores & { origin: StoreOrigin | null }> {
  const offset = opts.offset ?? 0;
  const pageEnd = offset + opts.limit;
  const upTo = upToOf(opts);
  const rows = await nearestStatement(db, ...nearestParams(originCode, opts));
  const originRow = rows.find((r) => r.part === 'origin');
  if (!originRow) return { origin: null, items: [], total: 0 };
  const origin: StoreOrigin = originRow;
  const partOf = (part: NearestRow['part']) => rows.filter((r) => r.part === part);
  const rings = [...measure(origin, partOf(STORE_PROXIMITY.KELURAHAN)), ...measure(origin, partOf(STORE_PROXIMITY.KECAMATAN))];
  // The rings are read whole: kelurahan and kecamatan count every store of theirs.
  if (opts.scope !== STORE_PROXIMITY.NEARBY) return { origin, items: rings.slice(offset, pageEnd).map((r) => toStoreStock(origin, r)), total: rings.length };
  // The walk's share of the answer up to the page's end; the total counts up to `upTo` in all.
  const share = Math.min(pageEnd, upTo) - rings.length;
  const walk = partOf('walk') as Walked[];
  let walked = measure(origin, walk);
  const sent = originRow.walkLimit ?? 0;
  if (!walkIsExact(origin, walk, walked, sent, share)) {
    walked = await walkNearest(db, origin, opts, share, nearestFirst(opts) ? [] : [ne(stores.kecamatan, origin.kecamatan)], sent * 4);
  }
  const all = [...rings, ...walked.slice(0, Math.max(0, share))].slice(0, upTo);
  const total = Math.min(upTo, rings.length + Math.min(Math.max(0, upTo - rings.length), originRow.walkCount ?? 0));
  return { origin, items: all.slice(offset, pageEnd).map((r) => toStoreStock(origin, r)), total };
}

/** nearestFrom for an origin already in hand (only its code is used: the statement reads the rest). */
export async function nearestStores(db: Db, origin: Pick<StoreOrigin, 'code'>, opts: NearestOptions): Promise<NearestStores> {
  const { items, total } = await nearestFrom(db, origin.code, opts);
  return { items, total };
}

// --- the stock lookup (`/cek-stock`) ---------------------------------------------------

const productColumns = {
  productID: products.productId,
  barcode: products.ean13,
  name: products.name,
  category: products.category,
  imageUrl: products.imageUrl,
  price: products.price,
  unit: products.unit,
};

/** GET /api/stock/products: by name (contains), or exactly by barcode or productID; with my store's stock. */
export async function searchStock(db: Db, p: Principal, q: StockSearchQuery): Promise<{ items: StockSearchItem[]; page: number; size: number; total: number }> {
  const storeCode = requireActiveStore(p);
  const text = q.q.trim();
  const exact = or(eq(products.ean13, text), eq(products.productId, text));
  const where = or(ilike(products.name, `%${escapeLike(text)}%`), exact);
  return readPage(q, (w) => [
    db
      .select({ ...productColumns, qty: storeStock.qty, qtyReserved: storeStock.qtyReserved })
      .from(products)
      .leftJoin(storeStock, and(eq(storeStock.storeCode, storeCode), eq(storeStock.productId, products.productId)))
      .where(where)
      // A scanned barcode or typed code first, then by name.
      .orderBy(sql`case when ${exact} then 0 else 1 end`, asc(products.name), asc(products.productId))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(products).where(where),
  ], (r) => ({ ...r, qty: r.qty ?? 0, qtyReserved: r.qtyReserved ?? 0 }));
}

export type ProductKey = { productId: string } | { barcode: string };

/**
 * The stock lookup in one round trip: the product ($1: by productID, or a scanned barcode), my store
 * ($2) with its stock, and a KNN walk of stores_location_idx from it (as in NEAREST_SQL: the origin's
 * point an outer reference of the lateral) reading $4 stores, those with at least $3 units when $3 > 0.
 * The limit is a subquery for the reason NEAREST_SQL gives: a plain $4 priced the generic plan above
 * the custom ones, so every call was planned again.
 */
const lookupSql = (productWhere: string) => `
  with p as (select product_id, ean13, name, category, image_url, price, unit from products ${productWhere}),
  o as (select code, name, address, kelurahan, kecamatan, city, phone, latitude, longitude, location from stores where code = $2::text)
  select
    (select json_build_object('productID', product_id, 'barcode', ean13, 'name', name, 'category', category, 'imageUrl', image_url,
       'price', price, 'unit', unit) from p) as product,
    (select json_build_object('code', o.code, 'name', o.name, 'address', o.address, 'kelurahan', o.kelurahan, 'kecamatan', o.kecamatan,
       'city', o.city, 'phone', o.phone, 'latitude', o.latitude, 'longitude', o.longitude,
       'qty', coalesce(st.qty, 0), 'qtyReserved', coalesce(st.qty_reserved, 0))
     from o left join p on true left join store_stock st on st.store_code = o.code and st.product_id = p.product_id) as store,
    (select coalesce(json_agg(w order by w.planar, w.code), '[]'::json)
     from p cross join o cross join lateral (
       select ${STORE_COLUMNS}, s.location <-> o.location as planar
       from stores s ${stockJoin('p.product_id')}
       where s.code <> o.code and ($3::int <= 0 or st.qty >= $3::int)
       order by s.location <-> o.location
       limit (select $4::int)
     ) w) as nearby`;

/** The lookup by productID (exported for the EXPLAIN test). */
export const LOOKUP_BY_PRODUCT_SQL = lookupSql('where product_id = $1::text');

interface LookupRow {
  product: StockProduct | null;
  store: Candidate | null;
  nearby: Walked[];
}
type LookupParams = [key: string, storeCode: string, minQty: number, walkLimit: number];

const lookupByProduct = statement<LookupRow, LookupParams>('stock_lookup_by_product', LOOKUP_BY_PRODUCT_SQL);
// An EAN-13 before a productID that happens to read the same.
const lookupByBarcode = statement<LookupRow, LookupParams>(
  'stock_lookup_by_barcode',
  lookupSql('where ean13 = $1::text or product_id = $1::text order by ean13 = $1::text desc limit 1'),
);

/**
 * GET /api/stock/products/:productId and /barcode/:barcode: the product (unknown → 404
 * PRODUCT_NOT_FOUND), my store's stock of it, and the STOCK_LOOKUP.nearbyStores nearest other stores
 * (nearest first), optionally only those that have it. One statement; its walk reads a margin, and the
 * rare answer the margin cannot prove exact is read again by the fallback walk.
 */
export async function lookupStock(db: Db, p: Principal, key: ProductKey, opts: { inStockOnly: boolean; nearby: number }): Promise<StockLookup> {
  const storeCode = requireActiveStore(p);
  const minQty = opts.inStockOnly ? 1 : 0;
  const n = walkMargin(opts.nearby);
  const [row] = 'productId' in key ? await lookupByProduct(db, key.productId, storeCode, minQty, n) : await lookupByBarcode(db, key.barcode, storeCode, minQty, n);
  if (!row?.product) throw new AppError('PRODUCT_NOT_FOUND');
  const { product, store: mine } = row;
  if (!mine) throw new AppError('STORE_UNKNOWN');
  let near = measure(mine, row.nearby);
  if (!walkIsExact(mine, row.nearby, near, n, opts.nearby)) {
    near = await walkNearest(db, mine, { productId: product.productID, minQty, scope: STORE_PROXIMITY.NEARBY, ringsFirst: false, limit: opts.nearby }, opts.nearby, [], n * 4);
  }
  return {
    product,
    // My store: 0 m from itself, in its own kelurahan.
    store: toStoreStock(mine, { ...mine, meters: 0 }),
    nearby: near.slice(0, opts.nearby).map((r) => toStoreStock(mine, r)),
  };
}
