import type { QueryClient } from '@tanstack/react-query';
import { returnCountQueryOptions } from './api/get-return-count';
import { returnsQueryOptions } from './api/get-returns';
import { returnListParams, returnListRoute } from './utils/list-route';

/** A returns list's first page and the counts of its tabs, asked for on a first load next to the screen's code (app/screen-data.ts). */
export function prefetch(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): void {
  const status = returnListRoute(pathname);
  if (!status) return;
  void queryClient.prefetchInfiniteQuery(returnsQueryOptions(returnListParams(status, new URLSearchParams(search))));
  void queryClient.prefetchQuery(returnCountQueryOptions());
}
