import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/** POST /api/orders/:shipmentNo/claim — "Packing": 1101 → 1102, the caller becomes the picker. A lost race answers 409 ORDER_ALREADY_CLAIMED naming the picker. */
export function useClaimOrder(shipmentNo: string, options?: MutationCallbacks<OrderDetail, object>) {
  return useApiMutation<OrderDetail, object>({ ...orderChange(shipmentNo), ...options, action: { kind: 'order.claim', request: () => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/claim` }) } });
}
