import type { ReturnDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { returnChange } from './return-change';

export type RefundReturnInput = Record<string, never>;

/** POST /api/returns/:shipmentNo/refund → the return: received → refunded; the kepala toko and above confirm the money went back to the customer. */
export function useRefundReturn(shipmentNo: string, options?: MutationCallbacks<ReturnDetail, RefundReturnInput>) {
  return useApiMutation<ReturnDetail, RefundReturnInput>({
    ...returnChange(shipmentNo),
    ...options,
    action: { kind: 'return.refund', request: (body) => ({ method: 'POST', path: `/returns/${encodeURIComponent(shipmentNo)}/refund`, body: { ...body } }) },
  });
}
