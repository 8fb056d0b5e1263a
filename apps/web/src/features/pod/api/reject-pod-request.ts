import type { PodDecisionResult } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { formBody } from '../utils/form-body';
import { podChange, writeDecision } from './pod-change';

export interface RejectInput {
  rejectReasonId: number;
  /** Required with "Lainnya" (id 0). */
  rejectReasonText?: string;
}

/**
 * POST /api/pod/requests/:shipmentNo/reject, form-encoded → { request, order }:
 * the order stays in 1103 and the crew hears `pod.rejected` with the reason.
 */
export function rejectPodRequest(shipmentNo: string, { idempotencyKey, ...input }: RejectInput & { idempotencyKey: string }): Promise<PodDecisionResult> {
  return api.post<PodDecisionResult>(`/pod/requests/${encodeURIComponent(shipmentNo)}/reject`, formBody({ ...input }), { idempotencyKey });
}

export function useRejectPodRequest(shipmentNo: string, options?: MutationCallbacks<PodDecisionResult, RejectInput>) {
  return useApiMutation<PodDecisionResult, RejectInput>({ ...podChange(shipmentNo, writeDecision), ...options, mutationFn: (vars) => rejectPodRequest(shipmentNo, vars) });
}
