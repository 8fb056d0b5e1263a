import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/pack — "Scan Packing": 1102 → 1103 once every line is resolved (422 LINES_UNRESOLVED; 422 ALL_OUT_OF_STOCK → cancellation). */
export function usePackOrder(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, action: { kind: 'order.pack', request: () => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/pack` }) } });
}
