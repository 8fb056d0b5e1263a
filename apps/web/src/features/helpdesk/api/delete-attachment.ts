import { api } from '@/shared/api/client';
import { writeOptions, type SendOptions } from './send-options';

export interface DeleteAttachmentVars {
  ticketId: number;
  attachmentId: number;
}

/** DELETE /api/helpdesk/tickets/:idTicket/attachments/:idAttachment: only one's own file (else 403 TICKET_ATTACHMENT_NOT_OWNER). */
export function deleteAttachment({ ticketId, attachmentId }: DeleteAttachmentVars, options: SendOptions): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`/helpdesk/tickets/${ticketId}/attachments/${attachmentId}`, writeOptions(options, false));
}
