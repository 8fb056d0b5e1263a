import type { PodRequestDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { formBody } from '../utils/form-body';
import { usePodMutation, type PodMutationOptions } from './use-pod-mutation';

export interface PodRequestInput {
  shipmentNo: string;
  deliveryType: number;
  type: string;
  reasonId: number;
  /** Required with "Lainnya" (id 0); an optional note otherwise. */
  reasonText?: string;
  lat: number;
  long: number;
  accuracy: number;
}

/**
 * POST /api/pod/requests, form-encoded (spec §7) → the request (pending). A
 * second one while pending: 409 "Pengajuan POD sudah dilakukan"; too far from
 * the customer: 422 "Lokasi pengajuan POD tidak sesuai".
 */
export function createPodRequest({ idempotencyKey, ...input }: PodRequestInput & { idempotencyKey: string }): Promise<PodRequestDetail> {
  return api.post<PodRequestDetail>('/pod/requests', formBody({ ...input }), { idempotencyKey });
}

export function useCreatePodRequest(shipmentNo: string, options?: PodMutationOptions<PodRequestDetail, PodRequestInput>) {
  return usePodMutation<PodRequestInput, PodRequestDetail>(shipmentNo, (vars) => createPodRequest(vars), options);
}
