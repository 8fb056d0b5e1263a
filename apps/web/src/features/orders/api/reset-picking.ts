import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/reset — Reset: every line back to 0 picked and 0 out of stock. */
export function resetPicking(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/reset`, {}, { idempotencyKey });
}

export function useResetPicking(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, mutationFn: (vars) => resetPicking(shipmentNo, vars) });
}
