import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface LineQuantityVars {
  lineId: number;
  /** The confirmed qtyEdit of the edit-quantity modal. */
  qty: number;
}

/** POST /api/orders/:shipmentNo/lines/:lineId/quantity {qty} — the picked quantity (0 … ordered − out of stock). */
export function setLineQuantity(shipmentNo: string, { lineId, qty, idempotencyKey }: LineQuantityVars & { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/lines/${lineId}/quantity`, { qty }, { idempotencyKey });
}

export function useSetLineQuantity(shipmentNo: string, options?: MutationCallbacks<OrderDetail, LineQuantityVars>) {
  return useApiMutation<OrderDetail, LineQuantityVars>({ ...orderChange(shipmentNo), ...options, mutationFn: (vars) => setLineQuantity(shipmentNo, vars) });
}
