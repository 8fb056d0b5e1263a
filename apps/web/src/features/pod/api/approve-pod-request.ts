import type { PodDecisionResult } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { podChange, writeDecision } from './pod-change';

/**
 * POST /api/pod/requests/:shipmentNo/approve, form-encoded without fields →
 * { request, order }: the order is completed (1104). Deciding twice: 409
 * POD_ALREADY_DECIDED "Approval POD Sudah Dilakukan.".
 */
export function approvePodRequest(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<PodDecisionResult> {
  return api.post<PodDecisionResult>(`/pod/requests/${encodeURIComponent(shipmentNo)}/approve`, new URLSearchParams(), { idempotencyKey });
}

export function useApprovePodRequest(shipmentNo: string, options?: MutationCallbacks<PodDecisionResult, object>) {
  return useApiMutation<PodDecisionResult, object>({ ...podChange(shipmentNo, writeDecision), ...options, mutationFn: (vars) => approvePodRequest(shipmentNo, vars) });
}
