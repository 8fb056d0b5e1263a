import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys } from '../query-keys';

/**
 * GET /api/transfers/:matNo → the transfer with its lines, what the caller may do (`actions`), the
 * PIN tries left and its history. Not visible to my stores: 404 TRANSFER_NOT_FOUND.
 */
export function getTransfer(matNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<TransferDetail> {
  return api.get<TransferDetail>(`/transfers/${encodeURIComponent(matNo)}`, { signal });
}

export const transferQueryOptions = (matNo: string) =>
  queryOptions({ queryKey: transferKeys.detail(matNo), queryFn: ({ signal }) => getTransfer(matNo, { signal }), staleTime: 10_000 });

export function useTransfer(matNo: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transferQueryOptions(matNo), enabled: enabled && Boolean(matNo) });
}
