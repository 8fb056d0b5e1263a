import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

/** POST /api/orders/:shipmentNo/claim — "Packing": 1101 → 1102, the caller becomes the picker. A lost race answers 409 ORDER_ALREADY_CLAIMED naming the picker. */
export function claimOrder(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/claim`, {}, { idempotencyKey });
}

export function useClaimOrder(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, object>) {
  return useOrderMutation<object>(shipmentNo, (vars) => claimOrder(shipmentNo, vars), options);
}
