import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys } from '../query-keys';

/** GET /api/transfers/by-tbsms/:idTbsms → the same detail, found by the receipt id its QR carries (`/confirm-mat/...`). */
export function getTransferByTbsms(idTbsms: string, { signal }: { signal?: AbortSignal } = {}): Promise<TransferDetail> {
  return api.get<TransferDetail>(`/transfers/by-tbsms/${encodeURIComponent(idTbsms)}`, { signal });
}

export const transferByTbsmsQueryOptions = (idTbsms: string) =>
  queryOptions({ queryKey: transferKeys.byTbsms(idTbsms), queryFn: ({ signal }) => getTransferByTbsms(idTbsms, { signal }), staleTime: 10_000 });

export function useTransferByTbsms(idTbsms: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transferByTbsmsQueryOptions(idTbsms), enabled: enabled && Boolean(idTbsms) });
}
