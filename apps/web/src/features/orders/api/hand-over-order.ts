import type { HandoverBody, OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useOrderMutation, type OrderMutationOptions } from './use-order-mutation';

/**
 * POST /api/orders/:shipmentNo/handover {pickupCode, receiverName} — "Konfirmasi"
 * of a pickup order (1103 → 1104). pickupCode is the 6 digits or the scanned QR
 * text GERAI:PICKUP:<shipmentNo>:<code>; a wrong one is 422 PICKUP_CODE_INVALID.
 */
export function handOverOrder(shipmentNo: string, { pickupCode, receiverName, idempotencyKey }: HandoverBody & { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/handover`, { pickupCode, receiverName }, { idempotencyKey });
}

export function useHandOverOrder(shipmentNo: string, options?: OrderMutationOptions<OrderDetail, HandoverBody>) {
  return useOrderMutation<HandoverBody>(shipmentNo, (vars) => handOverOrder(shipmentNo, vars), options);
}
