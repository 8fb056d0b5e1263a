import type { RefusalEntry, RefusalTable } from '@/shared/api/refusal';
import { helpdeskText } from '@/shared/i18n/helpdesk';

const text = helpdeskText.failure;

/** A helpdesk refusal: the entry, and whether another file is offered (the same files would be refused again). */
export type TicketRefusal = RefusalEntry & { show: 'modal'; otherFile?: true };

/** The same request cannot pass (a closed ticket, a field): said, the form kept, no "Kirim ulang". */
const final: TicketRefusal = { show: 'modal', title: text.title, imageType: 'error', close: 'resubmit', button: text.close, words: 'server' };
/** A refused file: "Pilih file lain" instead of "Kirim ulang". */
const file: TicketRefusal = { show: 'modal', title: text.fileRefusedTitle, imageType: 'warning', close: 'resubmit', button: text.close, words: 'server', otherFile: true };

/**
 * The help center's refusals (spec §8): each a modal over the form, which stays as it was. A second
 * ticket for a shipment leads to the help center (go-help-center). A failure that may pass later
 * (no reply, the server busy) is no refusal: it offers "Kirim ulang" with the same key.
 */
export const HELPDESK_REFUSALS = {
  SHIPMENT_HAS_ACTIVE_TICKET: { show: 'modal', title: text.activeTicketTitle, imageType: 'warning', close: 'go-help-center', button: text.toHelpCenter, words: 'server' },
  TICKET_ATTACHMENT_TOO_LARGE: file,
  TICKET_ATTACHMENT_TYPE_UNSUPPORTED: file,
  TICKET_ATTACHMENTS_TOO_MANY: file,
  UPLOAD_TOO_LARGE: file,
  UPLOAD_TYPE_UNSUPPORTED: file,
  TICKET_ATTACHMENTS_MISSING: final,
  TICKET_ATTACHMENT_NOT_OWNER: final,
  TICKET_NOT_FOUND: final,
  TICKET_CLOSED: final,
  TICKET_STATUS_CHANGED: final,
  TICKET_TRANSITION_FORBIDDEN: final,
  TICKET_REOPEN_WINDOW_CLOSED: final,
  TICKET_PROBLEM_UNKNOWN: final,
  FORBIDDEN: final,
  NOT_FOUND: final,
} as const satisfies RefusalTable<TicketRefusal>;

/** Any other refusal: the same as a final one. */
export const HELPDESK_OTHERWISE: TicketRefusal = final;
