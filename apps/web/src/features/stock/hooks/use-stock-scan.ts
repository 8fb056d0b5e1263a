import { useEffect, useRef, useState } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ERROR_MODAL, type StockLookup } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { signal } from '@/shared/feedback/feedback';
import { id } from '@/shared/i18n/id';
import { isProductNotFound, stockBarcodeQueryOptions } from '../api/get-stock-lookup';
import { stockKeys } from '../query-keys';

export type ScanState = { code: string; kind: 'pending' } | { code: string; kind: 'notFound' } | { code: string; kind: 'failed'; message: string } | null;

/**
 * /cek-stock's barcode scan: looks the code up (offline: what this phone read before), says how it
 * went, and opens the product found (`open`) with its answer already in the cache.
 */
export function useStockScan(inStockOnly: boolean, open: (productId: string) => void) {
  const queryClient = useQueryClient();
  const [scan, setScan] = useState<ScanState>(null);
  // Only the latest scan of a still-mounted page may open a product or speak.
  const latestScan = useRef(0);
  useEffect(() => {
    const counter = latestScan;
    return () => {
      counter.current += 1;
    };
  }, []);

  const onScan = async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    const mine = ++latestScan.current;
    const options = stockBarcodeQueryOptions(code, inStockOnly);
    let found: StockLookup | undefined;
    let failure: ScanState = null;
    if (!onlineManager.isOnline()) {
      // A paused query would wait for the connection: what this phone read before opens now.
      const kept = queryClient.getQueryData(options.queryKey);
      found = kept ?? undefined;
      if (kept === null) failure = { code, kind: 'notFound' };
      else if (!found) failure = { code, kind: 'failed', message: id.errors.network };
    } else {
      setScan({ code, kind: 'pending' });
      try {
        // null: the catalogue does not know the code (a normal answer, not an error).
        found = (await queryClient.fetchQuery(options)) ?? undefined;
        if (!found) failure = { code, kind: 'notFound' };
      } catch (error) {
        failure = isProductNotFound(error)
          ? { code, kind: 'notFound' }
          : { code, kind: 'failed', message: isApiError(error) ? error.message : DEFAULT_ERROR_MODAL.message };
      }
    }
    if (mine !== latestScan.current) return;
    if (!found) {
      signal('error');
      setScan(failure);
      return;
    }
    signal('success');
    setScan(null);
    // The product's own lookup starts from this answer: no second request for what was just read.
    queryClient.setQueryData(stockKeys.detail(found.product.productID, inStockOnly), found);
    open(found.product.productID);
  };
  return { scan, setScan, onScan };
}
