import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX, type Store } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { recapKeys } from '../query-keys';

export interface RecapStorePage {
  items: Store[];
  page: number;
  size: number;
  total: number;
}

/** GET /api/stores?query=&size= → the stores of the caller's scope, for the recap's store filter (one page). */
export function getRecapStores(query: string, { signal }: { signal?: AbortSignal } = {}): Promise<RecapStorePage> {
  return api.get<RecapStorePage>('/stores', { query: { query: query.trim() || undefined, page: 1, size: PAGE_SIZE_MAX }, signal });
}

export const recapStoresQueryOptions = (query: string) =>
  queryOptions({
    queryKey: recapKeys.stores(query.trim()),
    queryFn: ({ signal }) => getRecapStores(query, { signal }),
    staleTime: 5 * 60_000,
  });

export function useRecapStores(query: string) {
  return useQuery({ ...recapStoresQueryOptions(query), placeholderData: (previous) => previous });
}
