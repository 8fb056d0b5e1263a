/**
 * Query keys of the stock area: the product search (lists) and a product's lookup (details: my store
 * and the nearest stores), by productId or by a scanned barcode.
 */
export const stockKeys = {
  all: ['stock'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  list: (query: string) => [...stockKeys.lists(), { query }] as const,
  details: () => [...stockKeys.all, 'detail'] as const,
  detail: (productId: string, inStockOnly: boolean) => [...stockKeys.details(), productId, { inStockOnly }] as const,
  barcode: (barcode: string, inStockOnly: boolean) => [...stockKeys.details(), 'barcode', barcode, { inStockOnly }] as const,
};
