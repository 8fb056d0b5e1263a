import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface LineOutOfStockVars {
  lineId: number;
  /** attrQtyOos: never below 0; picked + oos ≤ ordered. */
  qtyOos: number;
}

/** POST /api/orders/:shipmentNo/lines/:lineId/out-of-stock {qtyOos} — the total follows. */
export function setLineOutOfStock(shipmentNo: string, { lineId, qtyOos, idempotencyKey }: LineOutOfStockVars & { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/lines/${lineId}/out-of-stock`, { qtyOos }, { idempotencyKey });
}

export function useSetLineOutOfStock(shipmentNo: string, options?: MutationCallbacks<OrderDetail, LineOutOfStockVars>) {
  return useApiMutation<OrderDetail, LineOutOfStockVars>({ ...orderChange(shipmentNo), ...options, mutationFn: (vars) => setLineOutOfStock(shipmentNo, vars) });
}
