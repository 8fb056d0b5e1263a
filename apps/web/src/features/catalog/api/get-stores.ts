import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Store } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { catalogKeys } from '../query-keys';
import { nextPageOf } from '@/shared/api/page';

export interface StorePage {
  items: Store[];
  page: number;
  size: number;
  total: number;
}

export const STORE_PAGE_SIZE = 20;

/** GET /api/stores?query=&page=&size= → the stores the caller may choose. */
export function getStores(params: { query?: string; page?: number; size?: number }, { signal }: { signal?: AbortSignal } = {}): Promise<StorePage> {
  return api.get<StorePage>('/stores', {
    query: { query: params.query?.trim() || undefined, page: params.page ?? 1, size: params.size ?? STORE_PAGE_SIZE },
    signal,
  });
}

export const storesInfiniteQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.storeList(query.trim()),
    queryFn: ({ pageParam, signal }) => getStores({ query, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 5 * 60_000,
  });

export function useStores(query: string) {
  return useInfiniteQuery(storesInfiniteQueryOptions(query));
}
