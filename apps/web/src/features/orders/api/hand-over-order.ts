import type { HandoverBody, OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

/**
 * POST /api/orders/:shipmentNo/handover {pickupCode, receiverName} — "Konfirmasi"
 * of a pickup order (1103 → 1104). pickupCode is the 6 digits or the scanned QR
 * text GERAI:PICKUP:<shipmentNo>:<code>; a wrong one is 422 PICKUP_CODE_INVALID.
 */
export function useHandOverOrder(shipmentNo: string, options?: MutationCallbacks<OrderDetail, HandoverBody>) {
  return useApiMutation<OrderDetail, HandoverBody>({
    ...orderChange(shipmentNo),
    ...options,
    action: {
      kind: 'order.handover',
      request: ({ pickupCode, receiverName }) => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/handover`, body: { pickupCode, receiverName } }),
    },
  });
}
