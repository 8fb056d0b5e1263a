import type { ScanResult } from '@gerai/contract';
import { api } from '@/shared/api/client';
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
export function scanBarcode(shipmentNo: string, { barcode, idempotencyKey }: ScanVars & { idempotencyKey: string }): Promise<ScanResult> {
  return api.post<ScanResult>(`/orders/${encodeURIComponent(shipmentNo)}/scan`, { barcode }, { idempotencyKey });
}

export function useScanBarcode(shipmentNo: string, options?: MutationCallbacks<ScanResult, ScanVars>) {
  return useApiMutation<ScanResult, ScanVars>({ ...orderChange(shipmentNo, applyScanResult), ...options, mutationFn: (vars) => scanBarcode(shipmentNo, vars) });
}
