import { infiniteQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { nextPageOf, type Page } from './page';

/**
 * The options of a list read page by page, as every paged list has them: page 1 first, the next page
 * from the reply (`nextPageOf`), fresh for `staleTime`. The area gives its key and how one page is read.
 */
export function pagedQueryOptions<T, K extends QueryKey>(queryKey: K, readPage: (page: number, ctx: { signal: AbortSignal; client: QueryClient }) => Promise<Page<T>>, staleTime = 15_000) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal, client }) => readPage(pageParam, { signal, client }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime,
  });
}
