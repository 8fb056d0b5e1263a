import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

/** POST /api/orders/:shipmentNo/finish — "Selesai": 1104 → 1105. */
export function finishOrder(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/finish`, {}, { idempotencyKey });
}

export function useFinishOrder(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, object>) {
  return useOrderMutation<object>(shipmentNo, (vars) => finishOrder(shipmentNo, vars), options);
}
