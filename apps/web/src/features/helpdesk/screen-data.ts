import type { QueryClient } from '@tanstack/react-query';
import { faqsQueryOptions } from './api/get-faqs';
import { problemsQueryOptions } from './api/get-problems';
import { ticketsQueryOptions } from './api/get-tickets';
import { storeTicketsParams } from './query-keys';

/** The help center's home (no mode, or the store's): the FAQ, the problems and the store's latest tickets, asked for on a first load next to the screen's code (app/screen-data.ts). */
export function prefetch(queryClient: QueryClient, { pathname, storeCode }: { pathname: string; storeCode: string | null }): void {
  if (!/^\/help-center(\/store)?\/?$/.test(pathname)) return;
  // The FAQ section starts with no search.
  void queryClient.prefetchQuery(faqsQueryOptions(''));
  void queryClient.prefetchQuery(problemsQueryOptions());
  if (storeCode) void queryClient.prefetchInfiniteQuery(ticketsQueryOptions(storeTicketsParams(storeCode)));
}
