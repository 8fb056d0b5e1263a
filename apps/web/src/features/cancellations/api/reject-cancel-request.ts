import type { CancelRejectBody, CancelResult } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { cancelChange, type OrderCacheLink } from './cancel-change';

/**
 * POST /api/cancellations/:shipmentNo/reject { note } → { request, order }: the order stays as
 * it is and the crew member reads the note on it. Decided already: 409 CANCEL_ALREADY_DECIDED.
 */
export function useRejectCancelRequest(shipmentNo: string, { link, ...options }: MutationCallbacks<CancelResult, CancelRejectBody> & { link?: OrderCacheLink } = {}) {
  return useApiMutation<CancelResult, CancelRejectBody>({
    ...cancelChange(shipmentNo, link),
    ...options,
    action: { kind: 'cancel.reject', request: (body) => ({ method: 'POST', path: `/cancellations/${encodeURIComponent(shipmentNo)}/reject`, body: { ...body } }) },
  });
}
