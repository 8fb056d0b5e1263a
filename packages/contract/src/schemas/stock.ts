import { z } from 'zod';
import { STORE_PROXIMITIES } from '../booking-flow';
import { STOCK_LOOKUP } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { pageFields, storePlaceFields } from './common';
import { request, text } from './primitives';

// Stock lookup (`/cek-stock`): a product's stock in my store and in the nearest stores of the chain.

/** A productID as the API accepts it in a path or query. */
export const productIdSchema = () => text({ max: 40, error: FIELD_MESSAGES.productIdInvalid }).regex(/^[A-Za-z0-9_-]+$/, FIELD_MESSAGES.productIdInvalid);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/stock/products: products of the catalogue by name or barcode, with my store's stock. */
export const stockSearchQuerySchema = request(
  z.object({
    ...pageFields(),
    q: text({ max: 60, error: FIELD_MESSAGES.stockQueryTooShort(STOCK_LOOKUP.searchMin) }).min(STOCK_LOOKUP.searchMin, FIELD_MESSAGES.stockQueryTooShort(STOCK_LOOKUP.searchMin)),
  }),
);
export type StockSearchQuery = z.infer<typeof stockSearchQuerySchema>;

export const stockProductSchema = z.object({
  productID: z.string(),
  barcode: z.string(),
  name: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number().int(),
  unit: z.string(),
});
export type StockProduct = z.infer<typeof stockProductSchema>;

/** One search hit: the product and my store's stock of it. */
export const stockSearchItemSchema = stockProductSchema.extend({
  /** Sellable units on my store's books (may be below 0: a count to correct). */
  qty: z.number().int(),
  /** Units held for another store's booking. */
  qtyReserved: z.number().int(),
});
export type StockSearchItem = z.infer<typeof stockSearchItemSchema>;

/** A store's stock of one product, where the store is. */
export const storeStockSchema = z.object({
  ...storePlaceFields,
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** From my store, in metres (0 for my store). */
  distanceM: z.number().int(),
  /** The same kelurahan as my store, else the same kecamatan, else nearby. */
  proximity: z.enum(STORE_PROXIMITIES),
  qty: z.number().int(),
  qtyReserved: z.number().int(),
});
export type StoreStock = z.infer<typeof storeStockSchema>;

/** GET /api/stock/products/:productId and GET /api/stock/barcode/:barcode. */
export const stockLookupSchema = z.object({
  product: stockProductSchema,
  /** My store (the active store). */
  store: storeStockSchema,
  /** The nearest other stores of the chain (STOCK_LOOKUP.nearbyStores), nearest first, with their stock. */
  nearby: z.array(storeStockSchema),
});
export type StockLookup = z.infer<typeof stockLookupSchema>;

/**
 * What the lookup answers: the lookup, or null for a well-formed productID or barcode the catalogue does
 * not know (yet): a normal answer to a scan, not an error (a malformed one is 400).
 */
export const stockLookupReplySchema = stockLookupSchema.nullable();
export type StockLookupReply = z.infer<typeof stockLookupReplySchema>;

export const stockProductParamsSchema = request(z.object({ productId: productIdSchema() }));
export const stockBarcodeParamsSchema = request(
  z.object({ barcode: text({ max: 64, error: FIELD_MESSAGES.barcodeInvalid }).regex(/^[0-9A-Za-z-]+$/, FIELD_MESSAGES.barcodeInvalid) }),
);

/** `?inStockOnly=true` keeps only the stores that have the product. */
export const stockLookupQuerySchema = request(
  z.object({
    inStockOnly: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v === 'true'),
  }),
);
