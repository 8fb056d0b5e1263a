import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface LineQuantityVars {
  lineId: number;
  /** The confirmed qtyEdit of the edit-quantity modal. */
  qty: number;
}

/** POST /api/orders/:shipmentNo/lines/:lineId/quantity {qty} — the picked quantity (0 … ordered − out of stock). */
export function useSetLineQuantity(shipmentNo: string, options?: MutationCallbacks<OrderDetail, LineQuantityVars>) {
  return useApiMutation<OrderDetail, LineQuantityVars>({
    ...orderChange(shipmentNo),
    ...options,
    action: {
      kind: 'order.quantity',
      request: ({ lineId, qty }) => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/lines/${lineId}/quantity`, body: { qty } }),
    },
  });
}
