import type { ReturnDetail, ReturnStockCondition } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { returnChange } from './return-change';

export interface ReceiveReturnInput {
  lines: { lineId: number; qtyReceived: number; condition: ReturnStockCondition }[];
  note?: string;
}

/**
 * POST /api/returns/:shipmentNo/receive → the return: approved (pickup) or collected (delivery)
 * → received. Per line what arrived and where it goes: the sellable stock or the damaged stock.
 * More than the line's quantity: 422 RETURN_RECEIVED_EXCEEDS.
 */
export function useReceiveReturn(shipmentNo: string, options?: MutationCallbacks<ReturnDetail, ReceiveReturnInput>) {
  return useApiMutation<ReturnDetail, ReceiveReturnInput>({
    ...returnChange(shipmentNo),
    ...options,
    action: { kind: 'return.receive', request: (body) => ({ method: 'POST', path: `/returns/${encodeURIComponent(shipmentNo)}/receive`, body: { ...body } }) },
  });
}
