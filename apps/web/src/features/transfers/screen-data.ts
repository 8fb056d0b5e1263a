import type { QueryClient } from '@tanstack/react-query';
import { transferCountQueryOptions } from './api/get-transfer-count';
import { transfersQueryOptions } from './api/get-transfers';
import { transferListParams, transferListRoute } from './utils/list-route';

/**
 * A transfer list's first page and the counts of its tabs, asked for on a first load next to the
 * screen's code (app/screen-data.ts), with the screen's own query options: they arrive with the code
 * instead of one round trip after it.
 */
export function prefetch(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): void {
  const list = transferListRoute(pathname);
  if (!list) return;
  void queryClient.prefetchInfiniteQuery(transfersQueryOptions(transferListParams(list.side, list.status, new URLSearchParams(search))));
  void queryClient.prefetchQuery(transferCountQueryOptions());
}
