import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockLookupReply } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys } from '../query-keys';

/**
 * GET /api/stock/products/:productId → the product the area lists are opened for (its name, barcode
 * and my store's stock), for their header; null when the catalogue does not know it. The stock area
 * shows the same reply on /cek-stock; features do not import each other, so the call is read here too.
 */
export function getBrowsedProduct(productId: string, { signal }: { signal?: AbortSignal } = {}): Promise<StockLookupReply> {
  return api.get<StockLookupReply>(`/stock/products/${encodeURIComponent(productId)}`, { signal });
}

export const browsedProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: bookingKeys.product(productId),
    queryFn: ({ signal }) => getBrowsedProduct(productId, { signal }),
    staleTime: 30_000,
  });

export function useBrowsedProduct(productId: string) {
  return useQuery({ ...browsedProductQueryOptions(productId), enabled: Boolean(productId) });
}
