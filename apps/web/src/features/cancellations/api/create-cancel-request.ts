import type { CancelBody, CancelResult } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { cancelChange, type OrderCacheLink } from './cancel-change';

export type CancelInput = CancelBody;

/**
 * POST /api/cancellations { shipmentNo, reasonId, reasonText? } → 201 { request, order }. The
 * server decides by the caller's role (CANCEL_RULE): a request waiting for a decider, or
 * (`direct`: the order offered 'cancel') the cancellation itself, the order in 1106. A second
 * request: 409 CANCEL_REQUEST_PENDING; a completed or cancelled order: 409 CANCEL_NOT_ALLOWED.
 */
export function useCreateCancelRequest(
  shipmentNo: string,
  { direct, link, ...options }: MutationCallbacks<CancelResult, CancelInput> & { direct: boolean; link?: OrderCacheLink },
) {
  return useApiMutation<CancelResult, CancelInput>({
    ...cancelChange(shipmentNo, link),
    ...options,
    action: { kind: direct ? 'cancel.cancel' : 'cancel.request', request: (body) => ({ method: 'POST', path: '/cancellations', body: { ...body } }) },
  });
}
