import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface LineOutOfStockVars {
  lineId: number;
  /** attrQtyOos: never below 0; picked + oos ≤ ordered. */
  qtyOos: number;
}

/** POST /api/orders/:shipmentNo/lines/:lineId/out-of-stock {qtyOos} — the total follows. */
export function useSetLineOutOfStock(shipmentNo: string, options?: MutationCallbacks<OrderDetail, LineOutOfStockVars>) {
  return useApiMutation<OrderDetail, LineOutOfStockVars>({
    ...orderChange(shipmentNo),
    ...options,
    action: {
      kind: 'order.outOfStock',
      request: ({ lineId, qtyOos }) => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/lines/${lineId}/out-of-stock`, body: { qtyOos } }),
    },
  });
}
