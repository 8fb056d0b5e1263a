import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  pageOf,
  STOCK_LOOKUP,
  stockBarcodeParamsSchema,
  stockLookupQuerySchema,
  stockLookupReplySchema,
  stockProductParamsSchema,
  stockSearchItemSchema,
  stockSearchQuerySchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import type { Principal } from '../../platform/principal';
import { AppError } from '../../platform/errors';
import { access, ok, readReplies } from '../../platform/route-kit';
import { requireActiveStore } from '../../platform/scope';
import { lookupStock, searchStock, type ProductKey } from './lookup';
import { cachedStockReply } from './reply-cache';

const LOOKUP_DESCRIPTION = `My store (the active store) and the ${STOCK_LOOKUP.nearbyStores} nearest other stores of the chain, nearest first (a KNN walk of the stores' location index), each with kelurahan, kecamatan, haversine distanceM, proximity and its sellable and reserved units (0 where it has none). \`inStockOnly=true\` keeps the stores with sellable units. A well-formed code the catalogue does not know answers \`data: null\` (a normal answer to a scan, so field phones log no error); a malformed one → 400.`;

/** Stock lookup (`/cek-stock`, decision 88): a product's stock in my store and the nearest stores. */
export async function stockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const nearby = STOCK_LOOKUP.nearbyStores;
  // The reply depends on my store and the request alone (decision 97).
  // An unknown product is not kept (it is thrown through the cache): a product added to the catalogue shows at once.
  const lookup = async (p: Principal, key: ProductKey, inStockOnly: boolean) => {
    try {
      return await cachedStockReply(app, `lookup ${requireActiveStore(p)} ${JSON.stringify(key)} ${inStockOnly}`, () => lookupStock(app.db, p, key, { inStockOnly, nearby }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'PRODUCT_NOT_FOUND') return null;
      throw error;
    }
  };

  app.get(
    '/api/stock/products',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['stock'],
        summary: "Products by name (contains), or exactly by barcode or productID, with my store's sellable and reserved units",
        querystring: stockSearchQuerySchema,
        response: { 200: envelope(pageOf(stockSearchItemSchema)), ...readReplies },
      },
    },
    async (req) => ok(await searchStock(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/stock/products/:productId',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['stock'],
        summary: 'A product by productID: its stock in my store and in the nearest stores',
        description: LOOKUP_DESCRIPTION,
        params: stockProductParamsSchema,
        querystring: stockLookupQuerySchema,
        response: { 200: envelope(stockLookupReplySchema), ...readReplies },
      },
    },
    async (req) => ok(await lookup(principalOf(req), { productId: req.params.productId }, req.query.inStockOnly)),
  );

  app.get(
    '/api/stock/barcode/:barcode',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['stock'],
        summary: 'A product by its scanned barcode (EAN-13, or a productID label): its stock in my store and in the nearest stores',
        description: LOOKUP_DESCRIPTION,
        params: stockBarcodeParamsSchema,
        querystring: stockLookupQuerySchema,
        response: { 200: envelope(stockLookupReplySchema), ...readReplies },
      },
    },
    async (req) => ok(await lookup(principalOf(req), { barcode: req.params.barcode }, req.query.inStockOnly)),
  );
}
