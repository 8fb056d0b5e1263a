import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Returnable } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { returnKeys } from '../query-keys';

/**
 * GET /api/returns/returnable/:shipmentNo → what of a completed order may come back (per line:
 * delivered, already returned, returnable), its return window, and `refusal` when no return may be
 * recorded now (not completed, window closed, a return already open).
 */
export function getReturnable(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<Returnable> {
  return api.get<Returnable>(`/returns/returnable/${encodeURIComponent(shipmentNo)}`, { signal });
}

export const returnableQueryOptions = (shipmentNo: string) =>
  queryOptions({ queryKey: returnKeys.returnable(shipmentNo), queryFn: ({ signal }) => getReturnable(shipmentNo, { signal }), staleTime: 10_000 });

export function useReturnable(shipmentNo: string) {
  return useQuery({ ...returnableQueryOptions(shipmentNo), enabled: Boolean(shipmentNo) });
}
