// The stores nearest to one with stock of a product, from indexes (decision 88): the stock lookup and the bookings use the one walk.
import { ne } from 'drizzle-orm';
import { STORE_PROXIMITY, type StoreProximity, type StoreStock } from '@gerai/contract';
import type { Db } from '../../db/client';
import { likeTerm } from '../../db/like';
import { stores } from '../../db/schema';
import { statement } from '../../db/statement';
import { type StoreOrigin } from './places';
import { STORE_COLUMNS, measure, stockJoin, toStoreStock, walkIsExact, walkNearest, type Candidate, type Walked } from './walk';

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

/**
 * The quantity ($3) and the scope ($7) as subqueries: a custom plan saw them, dropped the parts they
 * switch off and priced the few holders of a large quantity, so it was priced below the generic plan
 * and PostgreSQL planned every booking proposal and every ring anew (0.6–1 ms); the generic plan
 * runs the same parts with the same buffers.
 */
const MIN_QTY = '(select $3::int)';
const SCOPE = '(select $7::text)';

/**
 * The stores other than the origin that a ring or the walk may answer: none excluded, at least $3
 * sellable units when $3 > 0, code or name like $5 when given.
 */
const CANDIDATE = `s.code <> o.code and s.code <> all($4::text[]) and (${MIN_QTY} <= 0 or st.qty >= ${MIN_QTY})
  and ($5::text is null or s.code ilike $5::text or s.name ilike $5::text)`;

/**
 * Below this many stores holding the asked quantity, the walk reads the holders' stock rows instead of
 * the stores nearest first: a booking of a product held by 3 stores of 20,000 walked the whole chain.
 * Counting up to it reads one range of store_stock_product_idx (a few pages) per request.
 */
export const RARE_HOLDERS = 200;

/**
 * Nearest stores in one round trip: the origin ($1), its kelurahan ring (stores_kelurahan_idx) and
 * kecamatan ring (stores_kecamatan_idx) when $6 (rings first), and for scope $7 `nearby` a KNN walk
 * of stores_location_idx: a lateral whose `order by s.location <-> o.location` has the origin's point
 * as an outer reference, so the index is walked nearest first (outside the kecamatan when the rings
 * come first), or, for a quantity fewer than RARE_HOLDERS stores hold, the holders from their stock rows
 * (store_stock_product_idx) sorted by the same measure. Flags are parameters, so one prepared plan serves every scope; a part switched off is a
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
    where $6::boolean and ${SCOPE} <> '${STORE_PROXIMITY.KELURAHAN}' and ${CANDIDATE}
  ),
  wanted as materialized (
    select $8::int - r as k, least($9::int, $8::int) - r as j
    from (select (select count(*) from kel) + (select count(*) from kec) as r) rings
  ),
  -- k: stores to count for the total; m: stores to send for the page (walkMargin in TS).
  lim as (select greatest(k, 0)::int as k, (case when j > 0 then j + (j + 3) / 4 + 8 else 0 end)::int as m from wanted),
  -- Stores holding enough of the product, counted up to RARE_HOLDERS from its stock rows (one index range, a few pages).
  holders as materialized (
    select count(*)::int as n from (select 1 from store_stock h where h.product_id = $2::text and h.qty >= greatest(${MIN_QTY}, 1) limit ${RARE_HOLDERS}) x
  ),
  -- Their stock rows, read only for a rare product; materialized, so the holders drive the read and no plan walks
  -- the stores' index to avoid sorting them.
  held as materialized (
    select h.store_code, h.qty, h.qty_reserved from store_stock h
    where h.product_id = $2::text and h.qty >= ${MIN_QTY} and ${MIN_QTY} > 0 and (select n from holders) < ${RARE_HOLDERS}
  ),
  walk as (
    select w.* from o cross join lateral (
      -- The rank follows the walk's own order: no sort.
      select ${STORE_COLUMNS}, s.location <-> o.location as planar, row_number() over (order by s.location <-> o.location) as rank
      from stores s ${stockJoin('$2::text')}
      where ${CANDIDATE} and (not $6::boolean or s.kecamatan <> o.kecamatan)
      order by s.location <-> o.location
      limit (select greatest(k, m) from lim)
    ) w
    where ${SCOPE} = '${STORE_PROXIMITY.NEARBY}' and not (${MIN_QTY} > 0 and (select n from holders) < ${RARE_HOLDERS})
    union all
    -- A product few stores hold: the walk would pass every store without it (the whole chain for one held
    -- nowhere), so its holders are read from their stock rows and ranked by the same planar measure.
    select r.* from o cross join lateral (
      select ${STORE_COLUMNS}, s.location <-> o.location as planar, row_number() over (order by s.location <-> o.location) as rank
      from held st cross join lateral (select * from stores x where x.code = st.store_code limit 1) s
      where ${CANDIDATE} and (not $6::boolean or s.kecamatan <> o.kecamatan)
      order by s.location <-> o.location
      limit (select greatest(k, m) from lim)
    ) r
    where ${SCOPE} = '${STORE_PROXIMITY.NEARBY}' and ${MIN_QTY} > 0 and (select n from holders) < ${RARE_HOLDERS}
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
  // One pass over the rows: the origin, each ring and the walk.
  let originRow: NearestRow | undefined;
  const kel: NearestRow[] = [];
  const kec: NearestRow[] = [];
  const walk: Walked[] = [];
  for (const r of rows) {
    if (r.part === 'origin') originRow = r;
    else if (r.part === STORE_PROXIMITY.KELURAHAN) kel.push(r);
    else if (r.part === STORE_PROXIMITY.KECAMATAN) kec.push(r);
    else walk.push(r as Walked);
  }
  if (!originRow) return { origin: null, items: [], total: 0 };
  const origin: StoreOrigin = originRow;
  const rings = measure(origin, kel).concat(measure(origin, kec));
  // The rings are read whole: kelurahan and kecamatan count every store of theirs.
  if (opts.scope !== STORE_PROXIMITY.NEARBY) return { origin, items: rings.slice(offset, pageEnd).map((r) => toStoreStock(origin, r)), total: rings.length };
  // The walk's share of the answer up to the page's end; the total counts up to `upTo` in all.
  const share = Math.min(pageEnd, upTo) - rings.length;
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
