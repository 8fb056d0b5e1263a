import type { CancelResult } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { cancelChange, type OrderCacheLink } from './cancel-change';

/** An approval's optional note (the contract's CancelApproveBody, the note left out when none). */
export interface ApproveInput {
  note?: string;
}

/**
 * POST /api/cancellations/:shipmentNo/approve { note? } → { request, order }: the order is
 * cancelled (1106). Decided already: 409 CANCEL_ALREADY_DECIDED; below the rule's role: 403.
 */
export function useApproveCancelRequest(shipmentNo: string, { link, ...options }: MutationCallbacks<CancelResult, ApproveInput> & { link?: OrderCacheLink } = {}) {
  return useApiMutation<CancelResult, ApproveInput>({
    ...cancelChange(shipmentNo, link),
    ...options,
    action: { kind: 'cancel.approve', request: (body) => ({ method: 'POST', path: `/cancellations/${encodeURIComponent(shipmentNo)}/approve`, body: { ...body } }) },
  });
}
