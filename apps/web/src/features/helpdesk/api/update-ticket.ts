import type { TicketStatus, TicketSummary } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { writeOptions, type SendOptions } from './send-options';

export interface UpdateTicketVars {
  ticketId: number;
  status: TicketStatus;
}

/** PUT /api/helpdesk/tickets/:idTicket { status } → the list entry with its new status (TICKET_FLOW for the caller's side). */
export function updateTicket({ ticketId, status }: UpdateTicketVars, options: SendOptions): Promise<TicketSummary> {
  return api.put<TicketSummary>(`/helpdesk/tickets/${ticketId}`, { status }, writeOptions(options, false));
}
