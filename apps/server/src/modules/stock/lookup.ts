// The stock lookup (`/cek-stock`): a product's stock in my store and in the stores nearest to it.
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import {
  STORE_PROXIMITY,
  type StockLookup,
  type StockProduct,
  type StockSearchItem,
  type StockSearchQuery,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { products, storeStock } from '../../db/schema';
import { preparedRead } from '../../db/prepared';
import { statement } from '../../db/statement';
import { AppError } from '../../platform/errors';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';
import { STORE_COLUMNS, measure, stockJoin, toStoreStock, walkIsExact, walkMargin, walkNearest, type Candidate, type Walked } from './walk';

const productColumns = {
  productID: products.productId,
  barcode: products.ean13,
  name: products.name,
  category: products.category,
  imageUrl: products.imageUrl,
  price: products.price,
  unit: products.unit,
};

const searchText = sql`${sql.placeholder('text')}::text`;
const searchExact = or(eq(products.ean13, searchText), eq(products.productId, searchText));
// The word as subqueries (as NEAREST_SQL's limit): a custom plan would see it, price the matches below the generic
// plan's guess and drop the part the length switches off, and PostgreSQL would plan every call anew.
const searchWord = sql`(select ${searchText})`;
const searchLike = sql`(select ${sql.placeholder('like')}::text)`;

/**
 * What the search matches, as three disjoint parts of one statement, the same for every word: each part's
 * test of the word's length is a one-time filter, so one generic plan serves them all. A word of three
 * letters or more reads the trigram index (decision 157). A shorter one has no trigram: it reads the
 * index of the names' lowercase two-letter pieces (migration 0028), which hold the word's if the name
 * contains it, then tests those names as ilike does (lower() of both; an ilike here would be priced
 * on the trigram index in the generic plan). Then a barcode or code not matched by name.
 */
const searchParts = [
  and(ilike(products.name, searchLike), sql`(select char_length(${searchText})) >= 3`),
  and(sql`lower_bigrams(${products.name}) @> lower_bigrams(${searchWord})`, sql`lower(${products.name}) like lower(${searchLike})`, sql`(select char_length(${searchText})) < 3`),
  and(searchExact, sql`not (${products.name} ilike ${sql.placeholder('like')})`),
] as const;

/**
 * The product search's page and count, one shape each (db/prepared.ts). The page is cut before my
 * store's stock is joined: a short word matches a quarter of the catalogue, and each match's stock
 * was looked up only for all but a page of them to be dropped.
 */
const searchPage = preparedRead('stock_search', (db, _shape: '', as) => {
  const [byTrigram, byBigram, byCode] = searchParts.map((where) => db.select(productColumns).from(products).where(where));
  const matched = byTrigram!.unionAll(byBigram!).unionAll(byCode!).as('matched');
  const page = db
    // A scanned barcode or typed code first, then by name.
    .select({ ...matched._.selectedFields, exactFirst: sql<number>`case when ${matched.barcode} = ${searchText} or ${matched.productID} = ${searchText} then 0 else 1 end`.as('exact_first') })
    .from(matched)
    .orderBy(sql`exact_first`, asc(matched.name), asc(matched.productID))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ productID: page.productID, barcode: page.barcode, name: page.name, category: page.category, imageUrl: page.imageUrl, price: page.price, unit: page.unit, qty: storeStock.qty, qtyReserved: storeStock.qtyReserved })
    .from(page)
    .leftJoin(storeStock, and(eq(storeStock.storeCode, sql.placeholder('storeCode')), eq(storeStock.productId, page.productID)))
    .orderBy(page.exactFirst, asc(page.name), asc(page.productID))
    .prepare(as);
});
const searchCount = preparedRead('stock_search_n', (db, _shape: '', as) => {
  const [byTrigram, byBigram, byCode] = searchParts.map((where) => db.select({ productID: products.productId }).from(products).where(where));
  return db.select({ n: count() }).from(byTrigram!.unionAll(byBigram!).unionAll(byCode!).as('matched')).prepare(as);
});

/** GET /api/stock/products: by name (contains), or exactly by barcode or productID; with my store's stock. */
export async function searchStock(db: Db, p: Principal, q: StockSearchQuery): Promise<{ items: StockSearchItem[]; page: number; size: number; total: number }> {
  const storeCode = requireActiveStore(p);
  const text = q.q.trim();
  const values = { text, like: `%${escapeLike(text)}%` };
  return readPage(
    q,
    (w) => [searchPage(db, '').execute({ ...values, storeCode, ...w }), searchCount(db, '').execute(values)],
    (r) => ({ ...r, qty: r.qty ?? 0, qtyReserved: r.qtyReserved ?? 0 }),
  );
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
