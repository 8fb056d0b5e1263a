import { TICKET_FILES_FIELD } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { helpdeskKeys } from '../query-keys';
import { formOf, writeOptions, type SendOptions } from './send-options';
import { ticketChange, type TicketChangeOptions } from './ticket-change';

export interface AddAttachmentsVars {
  ticketId: number;
  files: readonly File[];
}

/** POST /api/helpdesk/tickets/:idTicket/attachments (multipart, 60 s): files added to the ticket itself. */
export function addAttachments({ ticketId, files }: AddAttachmentsVars, options: SendOptions): Promise<{ count: number }> {
  return api.post<{ count: number }>(`/helpdesk/tickets/${ticketId}/attachments`, formOf({}, files, TICKET_FILES_FIELD), writeOptions(options, true));
}

/** Files added with the plan: the ticket and the lists read again. */
export function useAddAttachments(ticketId: number, options: TicketChangeOptions<{ count: number }, AddAttachmentsVars> = {}) {
  return useApiMutation<{ count: number }, AddAttachmentsVars>({
    ...ticketChange([helpdeskKeys.detail(ticketId), helpdeskKeys.lists()], options),
    mutationFn: ({ idempotencyKey, ...vars }, { onProgress }) => addAttachments(vars, { idempotencyKey, onProgress }),
  });
}
