import { z } from 'zod';
import { INT4_MAX, TICKET_ATTACHMENT_TYPES, TICKET_ATTACHMENTS, TICKET_TEXT } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { TICKET_STATUSES } from '../workflow-statuses';
import { pageFields, pageOf, storeCodeSchema } from './common';
import { shipmentNoSchema } from './orders';
import { int, isoDate, queryInt, request, text } from './primitives';

// The helpdesk area: problems, FAQ, tickets with comments and attachments (TICKET_FLOW in ticket-flow.ts).

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const idField = () => queryInt({ min: 1, max: INT4_MAX, error: FIELD_MESSAGES.ticketIdInvalid });

export const ticketStatusSchema = z.enum(TICKET_STATUSES);

export const problemSchema = z.object({ id: z.number().int(), label: z.string() });
export type Problem = z.infer<typeof problemSchema>;
export const problemListSchema = z.object({ items: z.array(problemSchema) });
export type ProblemList = z.infer<typeof problemListSchema>;

export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.object({ items: z.array(faqSchema) });
export type FaqList = z.infer<typeof faqListSchema>;
/** GET /api/helpdesk/faqs?query=: words searched in questions and answers. */
export const faqQuerySchema = request(z.object({ query: z.preprocess(blankToUndefined, text({ max: TICKET_TEXT.searchMax }).optional()) }));
export type FaqQuery = z.infer<typeof faqQuerySchema>;

/** A file on a ticket (on the ticket itself or on one of its comments). */
export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  /** The spec's name for the same id. */
  idAttachment: z.number().int(),
  /** The comment it came with, or null when added to the ticket (creation, "Tambah lampiran"). */
  commentId: z.number().int().nullable(),
  /** The sender's file name, cleaned (never used as a path). */
  fileName: z.string(),
  /** Read from the content, never from the name. */
  mime: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** GET it with the session; only people who may see the ticket may. */
  url: z.string(),
  uploadedBy: z.number().int().nullable(),
  uploaderName: z.string().nullable(),
  /** Only the uploader may delete it, while the ticket is not closed. */
  canDelete: z.boolean(),
  createdAt: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** One row of a ticket list (the store's tickets, the helpdesk queue); also the reply of a status change. */
export const ticketSummarySchema = z.object({
  id: z.number().int(),
  idTicket: z.number().int(),
  status: ticketStatusSchema,
  shipmentNo: z.string(),
  orderNo: z.string().nullable(),
  description: z.string(),
  staffName: z.string(),
  applicationId: z.number().int().nullable(),
  problem: problemSchema.nullable(),
  storeCode: z.string(),
  storeName: z.string(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export const ticketListSchema = pageOf(ticketSummarySchema);
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketCommentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** Written by the helpdesk side (the other side of the conversation for the store). */
  fromHelpdesk: z.boolean(),
  body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: z.string(),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** GET /api/helpdesk/tickets/:id: the ticket, its conversation and files, and what the caller may do. */
export const ticketDetailSchema = ticketSummarySchema.extend({
  conversations: z.array(ticketCommentSchema),
  /** Files added to the ticket itself (not with a comment). */
  attachments: z.array(ticketAttachmentSchema),
  /** The statuses the caller may move the ticket to now (TICKET_FLOW for the caller's side). */
  moves: z.array(ticketStatusSchema),
  resolvedAt: z.string().nullable(),
  /** Until when the store may reopen a resolved ticket; null when not resolved. */
  reopenUntil: z.string().nullable(),
  canComment: z.boolean(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/**
 * GET /api/helpdesk/tickets: the store's tickets (the active store, or one of the caller's stores),
 * or for the helpdesk every store's (`storeCode` narrows it). `status=active` is open or in progress.
 */
export const ticketListQuerySchema = request(
  z.object({
    ...pageFields(),
    status: z.preprocess(blankToUndefined, z.enum([...TICKET_STATUSES, 'active']).optional()),
    storeCode: z.preprocess(blankToUndefined, storeCodeSchema.optional()),
    from: z.preprocess(blankToUndefined, isoDate().optional()),
    to: z.preprocess(blankToUndefined, isoDate().optional()),
    query: z.preprocess(blankToUndefined, text({ max: TICKET_TEXT.searchMax }).optional()),
  }),
);
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** The spec's names: a ticket is `idTicket`, a file `idAttachment`. */
export const ticketParamsSchema = request(z.object({ idTicket: idField() }));
export const ticketAttachmentParamsSchema = request(z.object({ idTicket: idField(), idAttachment: idField() }));

const optionalText = (max: number) => z.preprocess(blankToUndefined, text({ max }).optional());

/** The ticket's own fields; `n` reads a number from JSON (`int`) or from a form (`queryInt`). */
function ticketFields(n: typeof int | typeof queryInt) {
  return {
    shipmentNo: shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired),
    /** Taken from the order; accepted for the spec's shape. */
    orderNo: optionalText(40),
    description: text({ max: TICKET_TEXT.descriptionMax, lines: 'multi' }).min(TICKET_TEXT.descriptionMin, FIELD_MESSAGES.ticketDescriptionMin),
    /** The name the crew give; the signed-in user's name when left out. */
    staffName: optionalText(TICKET_TEXT.staffNameMax),
    /** Taken from the order (its appId); accepted for the spec's shape. */
    applicationId: z.preprocess(blankToUndefined, n({ min: 0, max: INT4_MAX }).optional()),
    problemId: n({ min: 1, max: INT4_MAX }),
  };
}

/** What a multipart request's files became before validation: each file's digest and size stands for it (Idempotency-Key hash). */
export const receivedFilesSchema = z
  .array(z.object({ sha256: text({ max: 64 }), size: int({ min: 0, max: INT4_MAX }) }))
  .max(TICKET_ATTACHMENTS.maxFiles);
const withFiles = { attachments: receivedFilesSchema };

/** POST /api/helpdesk/tickets (JSON, no attachments). */
export const ticketCreateBodySchema = request(z.object(ticketFields(int)).strict());
export type TicketCreateBody = z.infer<typeof ticketCreateBodySchema>;
/** POST /api/helpdesk/tickets/with-attachments (multipart: the same fields as text, files in `attachments`). */
export const ticketCreateFormSchema = request(z.object({ ...ticketFields(queryInt), ...withFiles }).strict());
export type TicketCreateForm = z.infer<typeof ticketCreateFormSchema>;

const commentFields = {
  body: text({ max: TICKET_TEXT.commentMax, lines: 'multi', error: FIELD_MESSAGES.ticketCommentRequired }).min(1, FIELD_MESSAGES.ticketCommentRequired),
};
/** POST /api/helpdesk/tickets/:id/comments (JSON). `userId` is the session's; another one is refused. */
export const ticketCommentBodySchema = request(z.object({ ...commentFields, userId: int({ min: 1, max: INT4_MAX }).optional() }).strict());
export type TicketCommentBody = z.infer<typeof ticketCommentBodySchema>;
/** POST /api/helpdesk/tickets/:id/comments/with-attachments (multipart). */
export const ticketCommentFormSchema = request(
  z.object({ ...commentFields, userId: z.preprocess(blankToUndefined, queryInt({ min: 1, max: INT4_MAX }).optional()), ...withFiles }).strict(),
);
export type TicketCommentForm = z.infer<typeof ticketCommentFormSchema>;
/** POST /api/helpdesk/tickets/:id/attachments (multipart, files only). */
export const ticketAttachFormSchema = request(z.object(withFiles).strict());

/** PUT /api/helpdesk/tickets/:id: the new status (TICKET_FLOW for the caller's side). */
export const ticketUpdateBodySchema = request(z.object({ status: ticketStatusSchema }).strict());
export type TicketUpdateBody = z.infer<typeof ticketUpdateBodySchema>;
