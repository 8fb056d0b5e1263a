import type { PodDecisionResult } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { podChange, writeDecision } from './pod-change';

/**
 * POST /api/pod/requests/:shipmentNo/approve, form-encoded without fields →
 * { request, order }: the order is completed (1104). Deciding twice: 409
 * POD_ALREADY_DECIDED "Approval POD Sudah Dilakukan.".
 */
export function useApprovePodRequest(shipmentNo: string, options?: MutationCallbacks<PodDecisionResult, object>) {
  return useApiMutation<PodDecisionResult, object>({
    ...podChange(shipmentNo, writeDecision),
    ...options,
    action: { kind: 'pod.approve', request: () => ({ method: 'POST', path: `/pod/requests/${encodeURIComponent(shipmentNo)}/approve`, form: {} }) },
  });
}
