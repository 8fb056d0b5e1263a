import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

export interface LineOutOfStockVars {
  lineId: number;
  /** attrQtyOos: never below 0; picked + oos ≤ ordered. */
  qtyOos: number;
}

/** POST /api/orders/:shipmentNo/lines/:lineId/out-of-stock {qtyOos} — the total follows. */
export function setLineOutOfStock(shipmentNo: string, { lineId, qtyOos, idempotencyKey }: LineOutOfStockVars & { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/lines/${lineId}/out-of-stock`, { qtyOos }, { idempotencyKey });
}

export function useSetLineOutOfStock(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, LineOutOfStockVars>) {
  return useOrderMutation<LineOutOfStockVars>(shipmentNo, (vars) => setLineOutOfStock(shipmentNo, vars), options);
}
