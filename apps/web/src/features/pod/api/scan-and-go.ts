import type { PodOutsideReply, PodScanGoBody, PodScanGoResult } from '@gerai/contract';
import { hasErrorCode } from '@/shared/api/api-error';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { podChange } from './pod-change';

/** The spec's scan-and-go POD payload: the contract's body (its proof fields shared with the return POD). "Lainnya"'s text may be left out (the schema reads it as undefined). */
export type ScanGoInput = Omit<PodScanGoBody, 'receiverOther'> & Partial<Pick<PodScanGoBody, 'receiverOther'>>;

export type OutsideData = PodOutsideReply['data'];

/** The distance, direction and approval options of an "outside the radius" reply; null for other errors. */
export function outsideReplyOf(error: unknown): OutsideData | null {
  if (!hasErrorCode(error, 'POD_OUTSIDE_AREA')) return null;
  const data = error.data as Partial<OutsideData> | null | undefined;
  if (!data || typeof data.distanceM !== 'number' || !data.approval || !data.direction) return null;
  return data as OutsideData;
}

/**
 * POST /api/pod/scan-go (JSON) → { status: true, distanceM, radiusM, pod, order }:
 * the order is completed (1103 → 1104). Outside the radius: 422 POD_OUTSIDE_AREA
 * "koordinat lokasi POD tidak sesuai" with `data` (see outsideReplyOf); a poor
 * fix: 422 POD_ACCURACY_TOO_LOW; a fix taken too long before it arrived (sent
 * from the outbox later): 422 POD_CAPTURE_TOO_OLD (ahead of the server's clock:
 * POD_CAPTURE_IN_FUTURE).
 */
export function useScanAndGo(shipmentNo: string, options?: MutationCallbacks<PodScanGoResult, ScanGoInput>) {
  return useApiMutation<PodScanGoResult, ScanGoInput>({
    ...podChange(shipmentNo),
    ...options,
    action: { kind: 'pod.scanGo', request: (body) => ({ method: 'POST', path: '/pod/scan-go', body: { ...body } }) },
  });
}
