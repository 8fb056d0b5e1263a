import type { ReturnDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { returnChange } from './return-change';

export interface ApproveReturnInput {
  note?: string;
}

/**
 * POST /api/returns/:shipmentNo/approve → the return: requested → approved (kepala toko and
 * above; staff 403). A second decision: 409 RETURN_STATUS_CHANGED.
 */
export function useApproveReturn(shipmentNo: string, options?: MutationCallbacks<ReturnDetail, ApproveReturnInput>) {
  return useApiMutation<ReturnDetail, ApproveReturnInput>({
    ...returnChange(shipmentNo),
    ...options,
    action: { kind: 'return.approve', request: (body) => ({ method: 'POST', path: `/returns/${encodeURIComponent(shipmentNo)}/approve`, body: { ...body } }) },
  });
}
