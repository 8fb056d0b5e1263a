import { useInfiniteQuery } from '@tanstack/react-query';
import { TRANSFER_LIMITS, type TransferStore } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { transferKeys } from '../query-keys';
import type { Page } from '@/shared/api/page';
import { pagedQueryOptions } from '@/shared/api/paged-query';

const PAGE_SIZE = 20;

/** GET /api/transfers/stores?q&page&size → the chain's stores other than mine whose code or name matches, by code. */
export function getTransferStores(q: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Page<TransferStore>> {
  return api.get<Page<TransferStore>>('/transfers/stores', { query: { q, page, size: PAGE_SIZE }, signal });
}

export const transferStoresQueryOptions = (q: string) => pagedQueryOptions(transferKeys.storeList(q), (page, { signal }) => getTransferStores(q, page, { signal }), 60_000);

/** Asked only once the text is long enough for the server (TRANSFER_LIMITS.storeSearchMin). */
export function useTransferStores(query: string) {
  const q = query.trim();
  return useInfiniteQuery({ ...transferStoresQueryOptions(q), enabled: q.length >= TRANSFER_LIMITS.storeSearchMin });
}
