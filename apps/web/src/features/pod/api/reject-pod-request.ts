import type { PodDecisionResult, PodRequestType } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { podChange, writeDecision } from './pod-change';

export interface RejectInput {
  rejectReasonId: number;
  /** Required with "Lainnya" (id 0). */
  rejectReasonText?: string;
  /** The type of the request the decider saw. */
  type: PodRequestType;
}

/**
 * POST /api/pod/requests/:shipmentNo/reject, form-encoded → { request, order }:
 * the order stays in 1103 and the crew hears `pod.rejected` with the reason.
 */
export function useRejectPodRequest(shipmentNo: string, options?: MutationCallbacks<PodDecisionResult, RejectInput>) {
  return useApiMutation<PodDecisionResult, RejectInput>({
    ...podChange(shipmentNo, writeDecision),
    ...options,
    action: {
      kind: 'pod.reject',
      request: ({ rejectReasonId, rejectReasonText, type }) => ({ method: 'POST', path: `/pod/requests/${encodeURIComponent(shipmentNo)}/reject`, form: { rejectReasonId, rejectReasonText, type } }),
    },
  });
}
