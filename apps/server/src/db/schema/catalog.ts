import { check, doublePrecision, index, integer, pgTable, point, primaryKey, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { createdAt, updatedAt } from './_columns';

/** The distinct two-letter pieces of lowercase fields, as the stores' GIN indexes and the searches by them write them. */
export const fieldPieces = (...fields: AnyPgColumn[]): SQL => sql`(${sql.join(
  fields.map((f) => sql`lower_bigrams(${f})`),
  sql` || `,
)})`;

export const stores = pgTable(
  'stores',
  {
    code: text('code').primaryKey(),
    /** At least three words: the member's storeName shows the second and third. */
    name: text('name').notNull(),
    address: text('address').notNull(),
    kelurahan: text('kelurahan').notNull(),
    kecamatan: text('kecamatan').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    areaCode: text('area_code').notNull(),
    /**
     * (longitude, latitude) kept by the database: the GiST index answers "nearest stores first" by
     * walking the index (KNN, `<->`), never by measuring every store (decision 88).
     */
    location: point('location', { mode: 'xy' }).generatedAlwaysAs(sql`point(longitude, latitude)`),
    createdAt: createdAt(),
  },
  (t) => [
    index('stores_kelurahan_idx').on(t.kecamatan, t.kelurahan),
    index('stores_kecamatan_idx').on(t.kecamatan),
    index('stores_area_code_idx').on(t.areaCode),
    index('stores_location_idx').using('gist', t.location),
    // "Contains" searches over the whole chain (the store picker, a transfer's receiver): trigram indexes, so
    // a search reads the matching stores, not all 20,000 (pg_trgm, migration 0025). Without fastupdate: stores
    // change seldom, and a pending list of new rows made the planner walk the whole primary key instead.
    index('stores_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`).with({ fastupdate: false }),
    index('stores_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with({ fastupdate: false }),
    index('stores_kelurahan_trgm_idx').using('gin', sql`${t.kelurahan} gin_trgm_ops`).with({ fastupdate: false }),
    index('stores_kecamatan_trgm_idx').using('gin', sql`${t.kecamatan} gin_trgm_ops`).with({ fastupdate: false }),
    // A word of two letters has no trigram: a search that matches few stores finds them from their fields' two-letter
    // pieces (migration 0032; code and name apart from the place, as a transfer's receiver searches only those).
    index('stores_code_name_pairs_idx').using('gin', fieldPieces(t.code, t.name)).with({ fastupdate: false }),
    index('stores_place_pairs_idx').using('gin', fieldPieces(t.kelurahan, t.kecamatan)).with({ fastupdate: false }),
  ],
);

/**
 * How many stores hold each two-letter piece of their lowercase fields, kept by the stores' statement triggers
 * (migration 0032): a two-letter search of the whole chain reads its count from one row instead of testing every
 * store. `fields`: 'all' (code, name, kelurahan or kecamatan: the store picker) or 'code_name' (a transfer's receiver).
 */
export const storeSearchPairs = pgTable(
  'store_search_pairs',
  {
    fields: text('fields').notNull(),
    pair: text('pair').notNull(),
    stores: integer('stores').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fields, t.pair] })],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** The code the API calls productID; other tables reference it. */
    productId: text('product_id').notNull().unique(),
    /** EAN-13, the barcode the crew scans. */
    ean13: text('ean13').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    price: integer('price').notNull(),
    imageUrl: text('image_url'),
    unit: text('unit').notNull().default('pcs'),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_ean13_digits', sql`${t.ean13} ~ '^[0-9]{13}$'`),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    // The stock search by name contains (a chain's catalogue has thousands of products): trigram index.
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with({ fastupdate: false }),
    // A word of two letters has no trigram: its search reads the lowercase name's two-letter pieces (migration 0028).
    index('products_name_bigram_idx').using('gin', sql`lower_bigrams(${t.name})`).with({ fastupdate: false }),
  ],
);

/** A row about one product in one store (its stock, a movement of it): both go with the store or product. */
export const storeProductRefs = () => ({
  storeCode: text('store_code')
    .notNull()
    .references(() => stores.code, { onDelete: 'cascade' }),
  productId: text('product_id')
    .notNull()
    .references(() => products.productId, { onDelete: 'cascade' }),
});

export const storeStock = pgTable(
  'store_stock',
  {
    ...storeProductRefs(),
    /**
     * Sellable units on the books: the opening count plus every stock_movements row since, kept equal
     * by the stock module (the only writer). It may go below zero when the crew scanned goods the books
     * did not have (a count to correct, shown as it is), never by a refused change.
     */
    qty: integer('qty').notNull().default(0),
    /** Damaged units taken back (returns): counted, never sold. */
    qtyDamaged: integer('qty_damaged').notNull().default(0),
    /** Units taken for another store's booking: on the shelf until fetched, no longer for sale. */
    qtyReserved: integer('qty_reserved').notNull().default(0),
    /** Units sent to another store by a material transfer and not yet received there: still this store's, on the road. */
    qtyInTransit: integer('qty_in_transit').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeCode, t.productId] }),
    // "Cek stock" across nearby stores looks a product up in every store.
    index('store_stock_product_idx').on(t.productId),
    check('store_stock_qty_damaged_nonnegative', sql`${t.qtyDamaged} >= 0`),
    check('store_stock_qty_reserved_nonnegative', sql`${t.qtyReserved} >= 0`),
    check('store_stock_qty_in_transit_nonnegative', sql`${t.qtyInTransit} >= 0`),
  ],
);
