import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/finish — "Selesai": 1104 → 1105. */
export function useFinishOrder(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, action: { kind: 'order.finish', request: () => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/finish` }) } });
}
