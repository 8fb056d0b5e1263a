import type { TicketStatus } from '@gerai/contract';

/** What a ticket list asks for: the store's list, or the helpdesk queue with its filters. */
export interface TicketListParams {
  status: TicketStatus | 'active' | '';
  /** The store (the store's list; a filter of the queue); '' for every store the caller may see. */
  storeCode: string;
  from: string;
  to: string;
  size: number;
}

/**
 * Query keys of the helpdesk area. Every ticket key starts with ['helpdesk', 'tickets']: the spec's
 * close type reload-ticket refetches them, reload-detail-ticket those under 'detail'.
 */
export const helpdeskKeys = {
  all: ['helpdesk'] as const,
  tickets: () => [...helpdeskKeys.all, 'tickets'] as const,
  lists: () => [...helpdeskKeys.tickets(), 'list'] as const,
  list: (params: TicketListParams) => [...helpdeskKeys.lists(), params] as const,
  details: () => [...helpdeskKeys.tickets(), 'detail'] as const,
  detail: (id: number) => [...helpdeskKeys.details(), id] as const,
  problems: () => [...helpdeskKeys.all, 'problems'] as const,
  faqs: (query: string) => [...helpdeskKeys.all, 'faqs', query] as const,
};

/** The help center home's latest tickets of a store (its first five): the screen's and the first load's one reading. */
export const storeTicketsParams = (storeCode: string): TicketListParams => ({ status: '', storeCode, from: '', to: '', size: 5 });
