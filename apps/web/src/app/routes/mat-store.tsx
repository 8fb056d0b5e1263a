import { lookupStockItem } from '@/features/stock/api/get-stock-lookup';
import { StockProductPicker } from '@/features/stock/components/stock-product-picker';
import MatStorePage from '@/features/transfers/pages/mat-store-page';

const renderProductSearch = (onPick: Parameters<typeof StockProductPicker>[0]['onPick']) => <StockProductPicker onPick={onPick} autoFocus />;

/**
 * /mat-store — a cross-area screen: the transfer is made in the transfers area, its products are found
 * (by name or scanned barcode, with my store's stock) by the stock area (features do not import each other).
 */
export default function MatStoreRoute() {
  return <MatStorePage renderProductSearch={renderProductSearch} lookupBarcode={lookupStockItem} />;
}
