import { TICKET_FILES_FIELD } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { formOf, writeOptions, type SendOptions } from './send-options';

export interface AddAttachmentsVars {
  ticketId: number;
  files: readonly File[];
}

/** POST /api/helpdesk/tickets/:idTicket/attachments (multipart, 60 s): files added to the ticket itself. */
export function addAttachments({ ticketId, files }: AddAttachmentsVars, options: SendOptions): Promise<{ count: number }> {
  return api.post<{ count: number }>(`/helpdesk/tickets/${ticketId}/attachments`, formOf({}, files, TICKET_FILES_FIELD), writeOptions(options, true));
}
