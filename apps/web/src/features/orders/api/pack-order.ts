import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/pack — "Scan Packing": 1102 → 1103 once every line is resolved (422 LINES_UNRESOLVED; 422 ALL_OUT_OF_STOCK → cancellation). */
export function packOrder(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/pack`, {}, { idempotencyKey });
}

export function usePackOrder(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, mutationFn: (vars) => packOrder(shipmentNo, vars) });
}
