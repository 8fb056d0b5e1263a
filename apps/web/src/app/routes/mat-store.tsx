import { STOCK_LOOKUP, type StockSearchItem } from '@gerai/contract';
import { searchStockProducts } from '@/features/stock/api/search-stock-products';
import { StockProductPicker } from '@/features/stock/components/stock-product-picker';
import MatStorePage from '@/features/transfers/pages/mat-store-page';

/**
 * A scanned code as the product search answers it (an exact barcode or productID, with my store's
 * stock): a code the catalogue does not know is an empty answer (null), not a 404 in the console.
 */
async function lookupScannedProduct(code: string): Promise<StockSearchItem | null> {
  if (code.length < STOCK_LOOKUP.searchMin) return null;
  const page = await searchStockProducts(code, 1);
  return page.items.find((i) => i.barcode === code || i.productID === code) ?? null;
}

const renderProductSearch = (onPick: Parameters<typeof StockProductPicker>[0]['onPick']) => <StockProductPicker onPick={onPick} autoFocus />;

/**
 * /mat-store — a cross-area screen: the transfer is made in the transfers area, its products are found
 * (by name or scanned barcode, with my store's stock) by the stock area (features do not import each other).
 */
export default function MatStoreRoute() {
  return <MatStorePage renderProductSearch={renderProductSearch} lookupBarcode={lookupScannedProduct} />;
}
