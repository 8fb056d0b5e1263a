import type { ScanResult } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { applyScanResult } from '../utils/order-detail';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

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

export function useScanBarcode(shipmentNo: string, options?: OrderMutationOptions<ScanResult, ScanVars>) {
  return useOrderMutation<ScanVars, ScanResult>(shipmentNo, (vars) => scanBarcode(shipmentNo, vars), options, applyScanResult);
}
