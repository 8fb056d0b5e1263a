import { useInfiniteQuery } from '@tanstack/react-query';
import { STOCK_LOOKUP, type StockSearchItem } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { stockKeys } from '../query-keys';
import { pagedQueryOptions } from '@/shared/api/paged-query';

export interface StockSearchPage {
  items: StockSearchItem[];
  page: number;
  size: number;
  total: number;
}

const PAGE_SIZE = 20;

/** GET /api/stock/products?q&page&size → products by name (or exact barcode/productID) with my store's stock. */
export function searchStockProducts(query: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<StockSearchPage> {
  return api.get<StockSearchPage>('/stock/products', { query: { q: query, page, size: PAGE_SIZE }, signal });
}

export const stockSearchQueryOptions = (query: string) => pagedQueryOptions(stockKeys.list(query), (page, { signal }) => searchStockProducts(query, page, { signal }));

/** The search, asked only once the text is long enough for the server (STOCK_LOOKUP.searchMin). */
export function useStockSearch(query: string) {
  const q = query.trim();
  return useInfiniteQuery({ ...stockSearchQueryOptions(q), enabled: q.length >= STOCK_LOOKUP.searchMin });
}
