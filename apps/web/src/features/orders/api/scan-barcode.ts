import type { ScanResult } from '@gerai/contract';
import { applyScanResult } from '../utils/order-detail';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface ScanVars {
  barcode: string;
}

/**
 * POST /api/orders/:shipmentNo/scan {barcode} — one unit on the matching line;
 * 422 SCAN_NOT_IN_ORDER / SCAN_OVER_QUANTITY when refused. The Idempotency-Key
 * makes a retried scan count once. The reply (line + progress) patches the cached detail.
 */
export function useScanBarcode(shipmentNo: string, options?: MutationCallbacks<ScanResult, ScanVars>) {
  return useApiMutation<ScanResult, ScanVars>({
    ...orderChange(shipmentNo, applyScanResult),
    ...options,
    action: { kind: 'order.scan', request: ({ barcode }) => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/scan`, body: { barcode } }) },
  });
}
