import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/reset — Reset: every line back to 0 picked and 0 out of stock. */
export function useResetPicking(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, action: { kind: 'order.reset', request: () => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/reset` }) } });
}
