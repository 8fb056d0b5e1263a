import type { ReturnDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { returnChange } from './return-change';

export interface RejectReturnInput {
  /** Required: the crew and the channel are told why. */
  note: string;
}

/** POST /api/returns/:shipmentNo/reject → the return: requested → rejected with the note (kepala toko and above). */
export function useRejectReturn(shipmentNo: string, options?: MutationCallbacks<ReturnDetail, RejectReturnInput>) {
  return useApiMutation<ReturnDetail, RejectReturnInput>({
    ...returnChange(shipmentNo),
    ...options,
    action: { kind: 'return.reject', request: (body) => ({ method: 'POST', path: `/returns/${encodeURIComponent(shipmentNo)}/reject`, body: { ...body } }) },
  });
}
