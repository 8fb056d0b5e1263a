import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancelRequest } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { cancelKeys } from '../query-keys';

/**
 * GET /api/cancellations/:shipmentNo → the order's latest request; null when it has none (the
 * screen shows the form). A missing order (or another store's) is 404 CANCEL_REQUEST_NOT_FOUND.
 */
export function getCancelRequest(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<CancelRequest | null> {
  return api.get<CancelRequest | null>(`/cancellations/${encodeURIComponent(shipmentNo)}`, { signal });
}

export const cancelRequestQueryOptions = (shipmentNo: string) =>
  queryOptions({ queryKey: cancelKeys.detail(shipmentNo), queryFn: ({ signal }) => getCancelRequest(shipmentNo, { signal }), staleTime: 10_000 });

export function useCancelRequest(shipmentNo: string) {
  return useQuery({ ...cancelRequestQueryOptions(shipmentNo), enabled: Boolean(shipmentNo) });
}
