import type { PodDecisionResult, PodRequestType } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { podChange, writeDecision } from './pod-change';

/**
 * POST /api/pod/requests/:shipmentNo/approve, form-encoded without fields →
 * { request, order }: the order is completed (1104), or a return's goods collected ('retur'). Deciding twice: 409
 * POD_ALREADY_DECIDED "Approval POD Sudah Dilakukan.".
 */
export function useApprovePodRequest(shipmentNo: string, options?: MutationCallbacks<PodDecisionResult, ApproveInput>) {
  return useApiMutation<PodDecisionResult, ApproveInput>({
    ...podChange(shipmentNo, writeDecision),
    ...options,
    action: { kind: 'pod.approve', request: ({ type }) => ({ method: 'POST', path: `/pod/requests/${encodeURIComponent(shipmentNo)}/approve`, form: { type } }) },
  });
}

/** The type of the request the decider saw: the server refuses (404) to decide one of another type. */
export interface ApproveInput {
  type: PodRequestType;
}
