import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { helpdeskKeys } from '../query-keys';

/** GET /api/helpdesk/tickets/:idTicket → the ticket, its conversation, files and the caller's moves (another store's: 404). */
export function getTicket(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<TicketDetail> {
  return api.get<TicketDetail>(`/helpdesk/tickets/${id}`, { signal });
}

export const ticketQueryOptions = (id: number) => queryOptions({ queryKey: helpdeskKeys.detail(id), queryFn: ({ signal }) => getTicket(id, { signal }), staleTime: 10_000 });

export function useTicket(id: number) {
  return useQuery({ ...ticketQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
