import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { returnKeys } from '../query-keys';

/**
 * GET /api/returns/:shipmentNo → the order's latest return: lines, reason, photos, history, the
 * return POD and `actions` (what the caller may do now). Another store's: 404 RETURN_NOT_FOUND.
 */
export function getReturn(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<ReturnDetail> {
  return api.get<ReturnDetail>(`/returns/${encodeURIComponent(shipmentNo)}`, { signal });
}

export const returnQueryOptions = (shipmentNo: string) =>
  queryOptions({ queryKey: returnKeys.detail(shipmentNo), queryFn: ({ signal }) => getReturn(shipmentNo, { signal }), staleTime: 10_000 });

export function useReturn(shipmentNo: string) {
  return useQuery({ ...returnQueryOptions(shipmentNo), enabled: Boolean(shipmentNo) });
}
