import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancelRequest } from '@gerai/contract';
import { hasErrorCode } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';
import { cancelKeys } from '../query-keys';

/**
 * GET /api/cancellations/:shipmentNo → the order's latest request; null when it has none
 * (404 CANCEL_REQUEST_NOT_FOUND is an answer, not a failure: the screen shows the form).
 * A missing order (or another store's) stays an error.
 */
export async function getCancelRequest(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<CancelRequest | null> {
  try {
    return await api.get<CancelRequest>(`/cancellations/${encodeURIComponent(shipmentNo)}`, { signal });
  } catch (error) {
    if (hasErrorCode(error, 'CANCEL_REQUEST_NOT_FOUND')) return null;
    throw error;
  }
}

export const cancelRequestQueryOptions = (shipmentNo: string) =>
  queryOptions({ queryKey: cancelKeys.detail(shipmentNo), queryFn: ({ signal }) => getCancelRequest(shipmentNo, { signal }), staleTime: 10_000 });

export function useCancelRequest(shipmentNo: string) {
  return useQuery({ ...cancelRequestQueryOptions(shipmentNo), enabled: Boolean(shipmentNo) });
}
