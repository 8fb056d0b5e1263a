import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/claim — "Packing": 1101 → 1102, the caller becomes the picker. A lost race answers 409 ORDER_ALREADY_CLAIMED naming the picker. */
export function claimOrder(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/claim`, {}, { idempotencyKey });
}

export function useClaimOrder(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, mutationFn: (vars) => claimOrder(shipmentNo, vars) });
}
