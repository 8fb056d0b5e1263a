import { TICKET_FILES_FIELD } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { helpdeskKeys } from '../query-keys';
import { formOf, writeOptions, type SendOptions } from './send-options';
import { ticketChange, type TicketChangeOptions } from './ticket-change';

export interface AddCommentVars {
  ticketId: number;
  body: string;
  files: readonly File[];
}

/** POST /api/helpdesk/tickets/:idTicket/comments (JSON) or …/comments/with-attachments (multipart, 60 s). A closed ticket: 409 TICKET_CLOSED. */
export function addComment({ ticketId, body, files }: AddCommentVars, options: SendOptions): Promise<{ id: number }> {
  const url = `/helpdesk/tickets/${ticketId}/comments`;
  if (files.length === 0) return api.post<{ id: number }>(url, { body }, writeOptions(options, false));
  return api.post<{ id: number }>(`${url}/with-attachments`, formOf({ body }, files, TICKET_FILES_FIELD), writeOptions(options, true));
}

/** The reply with the plan: the ticket and the lists read again. */
export function useAddComment(ticketId: number, options: TicketChangeOptions<{ id: number }, AddCommentVars> = {}) {
  return useApiMutation<{ id: number }, AddCommentVars>({
    ...ticketChange([helpdeskKeys.detail(ticketId), helpdeskKeys.lists()], options),
    mutationFn: ({ idempotencyKey, ...vars }, { onProgress }) => addComment(vars, { idempotencyKey, onProgress }),
  });
}
