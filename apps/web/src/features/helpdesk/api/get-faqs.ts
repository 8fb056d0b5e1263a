import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { helpdeskKeys } from '../query-keys';

/** GET /api/helpdesk/faqs?query= → the FAQ, searched on the server (every word in the question or answer). */
export function getFaqs(query: string, { signal }: { signal?: AbortSignal } = {}): Promise<FaqList> {
  return api.get<FaqList>('/helpdesk/faqs', { query: { query: query.trim() }, signal });
}

export const faqsQueryOptions = (query: string) =>
  queryOptions({ queryKey: helpdeskKeys.faqs(query.trim()), queryFn: ({ signal }) => getFaqs(query, { signal }), staleTime: 10 * 60_000, placeholderData: keepPreviousData });

export function useFaqs(query: string) {
  return useQuery(faqsQueryOptions(query));
}
