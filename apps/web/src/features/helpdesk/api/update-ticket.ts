import type { TicketStatus, TicketSummary } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { helpdeskKeys } from '../query-keys';
import { writeOptions, type SendOptions } from './send-options';
import { ticketChange, type TicketChangeOptions } from './ticket-change';

export interface UpdateTicketVars {
  ticketId: number;
  status: TicketStatus;
}

/** PUT /api/helpdesk/tickets/:idTicket { status } → the list entry with its new status (TICKET_FLOW for the caller's side). */
export function updateTicket({ ticketId, status }: UpdateTicketVars, options: SendOptions): Promise<TicketSummary> {
  return api.put<TicketSummary>(`/helpdesk/tickets/${ticketId}`, { status }, writeOptions(options, false));
}

/** The status change with the plan: the ticket read again (the lists take the returned entry, `onSuccess`). */
export function useUpdateTicket(ticketId: number, options: TicketChangeOptions<TicketSummary, UpdateTicketVars> = {}) {
  return useApiMutation<TicketSummary, UpdateTicketVars>({
    ...ticketChange([helpdeskKeys.detail(ticketId)], options),
    mutationFn: ({ idempotencyKey, ...vars }, { onProgress }) => updateTicket(vars, { idempotencyKey, onProgress }),
  });
}
