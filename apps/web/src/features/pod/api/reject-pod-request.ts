import { useQueryClient } from '@tanstack/react-query';
import type { PodDecisionResult } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';
import { formBody } from '../utils/form-body';
import { usePodMutation, type PodMutationOptions } from './use-pod-mutation';

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

export function useRejectPodRequest(shipmentNo: string, options: PodMutationOptions<PodDecisionResult, RejectInput> = {}) {
  const queryClient = useQueryClient();
  return usePodMutation<RejectInput, PodDecisionResult>(shipmentNo, (vars) => rejectPodRequest(shipmentNo, vars), {
    ...options,
    onSuccess: (data, vars) => {
      const r = data.request;
      queryClient.setQueryData(podKeys.detail(r.shipmentNo, r.deliveryType, r.type), r);
      options.onSuccess?.(data, vars);
    },
  });
}
