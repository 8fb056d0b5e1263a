import type { PodRequestDetail, PodRequestType } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { podChange } from './pod-change';

export interface PodRequestInput {
  shipmentNo: string;
  deliveryType: number;
  type: PodRequestType;
  reasonId: number;
  /** Required with "Lainnya" (id 0); an optional note otherwise. */
  reasonText?: string;
  lat: number;
  long: number;
  accuracy: number;
  /** When the phone took the position (ISO 8601). */
  capturedAt: string;
}

/**
 * POST /api/pod/requests, form-encoded (spec §7) → the request (pending). A
 * second one while pending: 409 POD_REQUEST_DUPLICATE; too far from the
 * customer: 422 POD_REQUEST_LOCATION_INVALID; a position taken too long before
 * it arrived: 422 POD_CAPTURE_TOO_OLD.
 */
export function useCreatePodRequest(shipmentNo: string, options?: MutationCallbacks<PodRequestDetail, PodRequestInput>) {
  return useApiMutation<PodRequestDetail, PodRequestInput>({
    ...podChange(shipmentNo),
    ...options,
    action: { kind: 'pod.request', request: (input) => ({ method: 'POST', path: '/pod/requests', form: { ...input } }) },
  });
}
