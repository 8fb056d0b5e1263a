import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

/** POST /api/orders/:shipmentNo/reset — Reset: every line back to 0 picked and 0 out of stock. */
export function resetPicking(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/reset`, {}, { idempotencyKey });
}

export function useResetPicking(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, object>) {
  return useOrderMutation<object>(shipmentNo, (vars) => resetPicking(shipmentNo, vars), options);
}
