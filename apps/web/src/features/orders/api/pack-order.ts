import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

/** POST /api/orders/:shipmentNo/pack — "Scan Packing": 1102 → 1103 once every line is resolved (422 LINES_UNRESOLVED; 422 ALL_OUT_OF_STOCK → cancellation). */
export function packOrder(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/pack`, {}, { idempotencyKey });
}

export function usePackOrder(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, object>) {
  return useOrderMutation<object>(shipmentNo, (vars) => packOrder(shipmentNo, vars), options);
}
