import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_MESSAGES, type StockLookupReply, type StockSearchItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { ApiError, hasErrorCode } from '@/shared/api/api-error';
import { stockKeys } from '../query-keys';

/**
 * The other stores' stock moves without an event on this phone's stream (each store hears its own), so
 * an open lookup is read again this often (decision 88); my store's moves refresh it at once.
 */
export const OTHER_STORES_REFRESH_MS = 30_000;

const lookupQuery = (inStockOnly: boolean) => ({ inStockOnly: inStockOnly ? 'true' : undefined });

/**
 * GET /api/stock/products/:productId?inStockOnly → the product, my store's stock, the nearest stores'
 * stock (nearest first); null for a product the catalogue does not know (a normal answer, not a 404).
 */
export function getStockLookup(productId: string, inStockOnly: boolean, { signal }: { signal?: AbortSignal } = {}): Promise<StockLookupReply> {
  return api.get<StockLookupReply>(`/stock/products/${encodeURIComponent(productId)}`, { query: lookupQuery(inStockOnly), signal });
}

/** GET /api/stock/barcode/:barcode?inStockOnly → the same lookup for a scanned code (null: not in the catalogue). */
export function getStockByBarcode(barcode: string, inStockOnly: boolean, { signal }: { signal?: AbortSignal } = {}): Promise<StockLookupReply> {
  return api.get<StockLookupReply>(`/stock/barcode/${encodeURIComponent(barcode)}`, { query: lookupQuery(inStockOnly), signal });
}

/**
 * A scanned code as a search hit: the product and my store's stock of it, for screens of other areas
 * that pick products by barcode (handed to them by the app's route, features do not import each
 * other). A code the catalogue does not know is refused as PRODUCT_NOT_FOUND (see isProductNotFound),
 * which those screens say as "not found"; the server answered it as a normal null, so nothing was logged.
 */
export async function lookupStockItem(barcode: string, { signal }: { signal?: AbortSignal } = {}): Promise<StockSearchItem> {
  const lookup = await getStockByBarcode(barcode, false, { signal });
  if (!lookup) throw new ApiError({ status: 404, code: 'PRODUCT_NOT_FOUND', message: ERROR_MESSAGES.PRODUCT_NOT_FOUND });
  return { ...lookup.product, qty: lookup.store.qty, qtyReserved: lookup.store.qtyReserved };
}

/** A productId the API refuses as malformed (or an unknown product from another screen): said as "not found", never as a failure. */
export function isProductNotFound(error: unknown): boolean {
  return hasErrorCode(error, 'PRODUCT_NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED');
}

export const stockLookupQueryOptions = (productId: string, inStockOnly: boolean) =>
  queryOptions({
    queryKey: stockKeys.detail(productId, inStockOnly),
    queryFn: ({ signal }) => getStockLookup(productId, inStockOnly, { signal }),
    staleTime: 10_000,
    refetchInterval: OTHER_STORES_REFRESH_MS,
  });

export const stockBarcodeQueryOptions = (barcode: string, inStockOnly: boolean) =>
  queryOptions({
    queryKey: stockKeys.barcode(barcode, inStockOnly),
    queryFn: ({ signal }) => getStockByBarcode(barcode, inStockOnly, { signal }),
    staleTime: 10_000,
    // A scan answers at once, found or not: the crew scans again rather than wait on retries.
    retry: false,
  });

/**
 * A product's stock here and nearby while it is on screen. Switching "Hanya yang ada stok" keeps the
 * product shown while the other list loads (nothing jumps); another product starts from its skeleton.
 */
export function useStockLookup(productId: string | null, inStockOnly: boolean) {
  return useQuery({
    ...stockLookupQueryOptions(productId ?? '', inStockOnly),
    enabled: Boolean(productId),
    placeholderData: (previous) => (previous && previous.product.productID === productId ? previous : undefined),
  });
}
