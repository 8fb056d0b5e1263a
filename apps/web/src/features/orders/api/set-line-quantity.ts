import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

export interface LineQuantityVars {
  lineId: number;
  /** The confirmed qtyEdit of the edit-quantity modal. */
  qty: number;
}

/** POST /api/orders/:shipmentNo/lines/:lineId/quantity {qty} — the picked quantity (0 … ordered − out of stock). */
export function setLineQuantity(shipmentNo: string, { lineId, qty, idempotencyKey }: LineQuantityVars & { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/lines/${lineId}/quantity`, { qty }, { idempotencyKey });
}

export function useSetLineQuantity(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, LineQuantityVars>) {
  return useOrderMutation<LineQuantityVars>(shipmentNo, (vars) => setLineQuantity(shipmentNo, vars), options);
}
