import { TICKET_FILES_FIELD, type TicketCreateBody, type TicketSummary } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { helpdeskKeys } from '../query-keys';
import { formOf, writeOptions, type SendOptions } from './send-options';
import { ticketChange, type TicketChangeOptions } from './ticket-change';

export interface CreateTicketVars {
  body: TicketCreateBody;
  files: readonly File[];
}

/**
 * POST /api/helpdesk/tickets (JSON) or, with files, POST /api/helpdesk/tickets/with-attachments
 * (multipart, 60 s): spec §9, a different call with attachments than without. A shipment with an
 * active ticket: 409 SHIPMENT_HAS_ACTIVE_TICKET.
 */
export function createTicket({ body, files }: CreateTicketVars, options: SendOptions): Promise<TicketSummary> {
  if (files.length === 0) return api.post<TicketSummary>('/helpdesk/tickets', body, writeOptions(options, false));
  return api.post<TicketSummary>('/helpdesk/tickets/with-attachments', formOf({ ...body }, files, TICKET_FILES_FIELD), writeOptions(options, true));
}

/** The create call with the help center's plan: the lists read again; a shipment with an active ticket leads to the help center. */
export function useCreateTicket(options: TicketChangeOptions<TicketSummary, CreateTicketVars> = {}) {
  return useApiMutation<TicketSummary, CreateTicketVars>({
    ...ticketChange([helpdeskKeys.lists()], options),
    mutationFn: ({ idempotencyKey, ...vars }, { onProgress }) => createTicket(vars, { idempotencyKey, onProgress }),
  });
}
