import { useQueryClient } from '@tanstack/react-query';
import type { PodDecisionResult } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { podKeys } from '../query-keys';
import { usePodMutation, type PodMutationOptions } from './use-pod-mutation';

/**
 * POST /api/pod/requests/:shipmentNo/approve, form-encoded without fields →
 * { request, order }: the order is completed (1104). Deciding twice: 409
 * "Approval POD Sudah Dilakukan.".
 */
export function approvePodRequest(shipmentNo: string, { idempotencyKey }: { idempotencyKey: string }): Promise<PodDecisionResult> {
  return api.post<PodDecisionResult>(`/pod/requests/${encodeURIComponent(shipmentNo)}/approve`, new URLSearchParams(), { idempotencyKey });
}

export function useApprovePodRequest(shipmentNo: string, options: PodMutationOptions<PodDecisionResult, object> = {}) {
  const queryClient = useQueryClient();
  return usePodMutation<object, PodDecisionResult>(shipmentNo, (vars) => approvePodRequest(shipmentNo, vars), {
    ...options,
    onSuccess: (data, vars) => {
      const r = data.request;
      queryClient.setQueryData(podKeys.detail(r.shipmentNo, r.deliveryType, r.type), r);
      options.onSuccess?.(data, vars);
    },
  });
}
