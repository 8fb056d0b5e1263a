import { api } from '@/shared/api/client';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { helpdeskKeys } from '../query-keys';
import { writeOptions, type SendOptions } from './send-options';
import { ticketChange, type TicketChangeOptions } from './ticket-change';

export interface DeleteAttachmentVars {
  ticketId: number;
  attachmentId: number;
}

/** DELETE /api/helpdesk/tickets/:idTicket/attachments/:idAttachment: only one's own file (else 403 TICKET_ATTACHMENT_NOT_OWNER). */
export function deleteAttachment({ ticketId, attachmentId }: DeleteAttachmentVars, options: SendOptions): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`/helpdesk/tickets/${ticketId}/attachments/${attachmentId}`, writeOptions(options, false));
}

/** A file removed with the plan: the ticket and the lists read again. */
export function useDeleteAttachment(ticketId: number, options: TicketChangeOptions<{ id: number }, DeleteAttachmentVars> = {}) {
  return useApiMutation<{ id: number }, DeleteAttachmentVars>({
    ...ticketChange([helpdeskKeys.detail(ticketId), helpdeskKeys.lists()], options),
    mutationFn: ({ idempotencyKey, ...vars }, { onProgress }) => deleteAttachment(vars, { idempotencyKey, onProgress }),
  });
}
