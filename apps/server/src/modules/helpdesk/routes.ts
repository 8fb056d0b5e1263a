import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  faqListSchema,
  faqQuerySchema,
  problemListSchema,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS,
  TICKET_FILES_FIELD,
  TICKET_TEXT,
  ticketAttachFormSchema,
  ticketAttachmentParamsSchema,
  ticketCommentBodySchema,
  ticketCommentFormSchema,
  ticketCreateBodySchema,
  ticketCreateFormSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketParamsSchema,
  ticketSummarySchema,
  ticketUpdateBodySchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { sendStoredFile } from '../../platform/file-reply';
import { access, changeReplies, errorReplies, findReplies, ok, readReplies } from '../../platform/route-kit';
import { multipartForm, receivedFiles, useMultipart } from '../../platform/upload-routes';
import { checkFiles } from './attachments';
import { getTicketDetail, listFaqs, listProblems, listTickets, readAttachment } from './queries';
import { addAttachments, addComment, changeTicketStatus, createTicket, deleteAttachment } from './service';

const TAGS = ['helpdesk'];
const commentReplySchema = z.object({ id: z.number().int() });
const attachReplySchema = z.object({ count: z.number().int() });
const FILES_DESCRIPTION = `Files in the multipart field \`${TICKET_FILES_FIELD}\`: at most ${TICKET_ATTACHMENTS.maxFiles} per request and ${TICKET_ATTACHMENTS.perTicketMax} per ticket (422 \`TICKET_ATTACHMENTS_TOO_MANY\`), each at most ${TICKET_ATTACHMENTS.maxBytes / 1024 / 1024} MB (413 \`TICKET_ATTACHMENT_TOO_LARGE\`), of type ${TICKET_ATTACHMENT_TYPES.join(', ')} read from the content, never the name (415 \`TICKET_ATTACHMENT_TYPE_UNSUPPORTED\`). The file name is a label only. With an Idempotency-Key the files are identified by their SHA-256.`;
const fileReplies = { ...changeReplies, ...errorReplies(413, 415) };

/** The one place a ticket reads the reopen window: config is fixed in production, tests may tune it. */
const reopenDaysOf = (app: FastifyInstance) => app.config.TICKET_REOPEN_DAYS;

/** Help center: problems, FAQ, tickets (JSON calls; those with files are in `helpdeskFileRoutes`). Decisions 93–96. */
export async function helpdeskRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/helpdesk/problems',
    { ...access({ auth: 'session' }), schema: { tags: TAGS, summary: 'The problems a ticket may be about', response: { 200: envelope(problemListSchema), ...readReplies } } },
    async () => ok(await listProblems(app.db)),
  );

  app.get(
    '/api/helpdesk/faqs',
    {
      ...access({ auth: 'session' }),
      schema: { tags: TAGS, summary: 'The FAQ; `query` keeps entries whose question or answer holds every word', querystring: faqQuerySchema, response: { 200: envelope(faqListSchema), ...readReplies } },
    },
    async (req) => ok(await listFaqs(app.db, req.query)),
  );

  app.get(
    '/api/helpdesk/tickets',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: "The active store's tickets (or `storeCode`, one of the caller's stores); for the helpdesk every store's: the queue. Newest change first",
        querystring: ticketListQuerySchema,
        response: { 200: envelope(ticketListSchema), ...findReplies },
      },
    },
    async (req) => ok(await listTickets(app.db, principalOf(req), req.query)),
  );

  app.post(
    '/api/helpdesk/tickets',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'Report a problem with an order of the caller\'s stores (no files; with files: POST /api/helpdesk/tickets/with-attachments)',
        description: `A shipment with an open or in-progress ticket → 409 \`SHIPMENT_HAS_ACTIVE_TICKET\`; an unknown problem → 422 \`TICKET_PROBLEM_UNKNOWN\`; description ${TICKET_TEXT.descriptionMin}–${TICKET_TEXT.descriptionMax} characters.`,
        body: ticketCreateBodySchema,
        response: { 201: envelope(ticketSummarySchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await createTicket(app.db, principalOf(req), req.body))),
  );

  app.get(
    '/api/helpdesk/tickets/:idTicket',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'A ticket with its conversation, files and the statuses the caller may move it to (another store\'s → 404)',
        params: ticketParamsSchema,
        response: { 200: envelope(ticketDetailSchema), ...findReplies },
      },
    },
    async (req) => ok(await getTicketDetail(app.db, principalOf(req), req.params.idTicket, reopenDaysOf(app))),
  );

  app.put(
    '/api/helpdesk/tickets/:idTicket',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: "Move a ticket along TICKET_FLOW for the caller's side; answers the list entry with its new status",
        description: 'Helpdesk: open → in_progress, open/in_progress → resolved, resolved → closed. Store: resolved → closed, resolved → in_progress (reopen, within TICKET_REOPEN_DAYS: else 422 `TICKET_REOPEN_WINDOW_CLOSED`), open → closed. A closed ticket → 409 `TICKET_CLOSED`; a move the ticket no longer allows → 409 `TICKET_STATUS_CHANGED`; a move of the other side → 403 `TICKET_TRANSITION_FORBIDDEN`.',
        params: ticketParamsSchema,
        body: ticketUpdateBodySchema,
        response: { 200: envelope(ticketSummarySchema), ...changeReplies },
      },
    },
    async (req) => ok(await changeTicketStatus(app.db, principalOf(req), req.params.idTicket, req.body.status, reopenDaysOf(app))),
  );

  app.post(
    '/api/helpdesk/tickets/:idTicket/comments',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'Reply on a ticket (no files); a closed ticket → 409 `TICKET_CLOSED`; `userId`, if sent, must be the caller',
        params: ticketParamsSchema,
        body: ticketCommentBodySchema,
        response: { 201: envelope(commentReplySchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await addComment(app.db, principalOf(req), req.params.idTicket, req.body))),
  );

  app.get(
    '/api/helpdesk/tickets/:idTicket/attachments/:idAttachment',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: "A ticket file's bytes; only for callers who may see the ticket (else 404). Images inline, PDF as a download, never sniffed",
        params: ticketAttachmentParamsSchema,
        response: findReplies,
      },
    },
    async (req, reply) => {
      const file = await readAttachment(app.db, principalOf(req), req.params.idTicket, req.params.idAttachment);
      // Only images are shown in place; a PDF is downloaded, so no script in it runs in our origin.
      const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
      return sendStoredFile(reply, { mime: file.mime, bytes: file.bytes, disposition, fileName: file.fileName, cacheControl: 'private, max-age=86400', etag: file.sha256 });
    },
  );

  app.delete(
    '/api/helpdesk/tickets/:idTicket/attachments/:idAttachment',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: "Delete one of the caller's own files from a ticket (someone else's → 403 `TICKET_ATTACHMENT_NOT_OWNER`)",
        params: ticketAttachmentParamsSchema,
        response: { 200: envelope(commentReplySchema), ...changeReplies },
      },
    },
    async (req) => ok(await deleteAttachment(app.db, principalOf(req), req.params.idTicket, req.params.idAttachment)),
  );
}


/** Converts the multipart text fields and files into the body the route's schema validates. */
const formOf = (extra: (fields: Record<string, string>) => Record<string, unknown>) =>
  multipartForm({
    fileField: TICKET_FILES_FIELD,
    maxFiles: TICKET_ATTACHMENTS.maxFiles,
    tooLarge: 'TICKET_ATTACHMENT_TOO_LARGE',
    tooMany: () => new AppError('TICKET_ATTACHMENTS_TOO_MANY'),
    shape: (fields, files) => ({ ...extra(fields), [TICKET_FILES_FIELD]: files.map((f) => ({ sha256: f.sha256, size: f.size })) }),
  });
const pick = (fields: Record<string, string>, names: readonly string[]) => Object.fromEntries(names.filter((n) => n in fields).map((n) => [n, fields[n]]));
const createForm = formOf((f) => pick(f, ['shipmentNo', 'orderNo', 'description', 'staffName', 'applicationId', 'problemId']));
const commentForm = formOf((f) => pick(f, ['body', 'userId']));
const attachForm = formOf(() => ({}));

/** The calls with files (multipart; spec: a different call than without files, 60 s on the phone). Own plugin: multipart is parsed here only. */
export async function helpdeskFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await useMultipart(app, { fileSize: TICKET_ATTACHMENTS.maxBytes, files: TICKET_ATTACHMENTS.maxFiles, fieldSize: 4 * TICKET_TEXT.descriptionMax });

  app.post(
    '/api/helpdesk/tickets/with-attachments',
    {
      ...access({ auth: 'session' }),
      preValidation: createForm,
      schema: {
        tags: TAGS,
        summary: 'Report a problem with files (multipart/form-data: the ticket fields as text, files in `attachments`)',
        description: FILES_DESCRIPTION,
        consumes: ['multipart/form-data'],
        body: ticketCreateFormSchema,
        response: { 201: envelope(ticketSummarySchema), ...fileReplies },
      },
    },
    async (req, reply) => {
      const files = await checkFiles(receivedFiles(req));
      const { attachments: _digests, ...body } = req.body;
      return reply.code(201).send(ok(await createTicket(app.db, principalOf(req), body, files)));
    },
  );

  app.post(
    '/api/helpdesk/tickets/:idTicket/comments/with-attachments',
    {
      ...access({ auth: 'session' }),
      preValidation: commentForm,
      schema: {
        tags: TAGS,
        summary: 'Reply on a ticket with files (multipart: `body`, files in `attachments`)',
        description: FILES_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: ticketParamsSchema,
        body: ticketCommentFormSchema,
        response: { 201: envelope(commentReplySchema), ...fileReplies },
      },
    },
    async (req, reply) => {
      const files = await checkFiles(receivedFiles(req));
      return reply.code(201).send(ok(await addComment(app.db, principalOf(req), req.params.idTicket, req.body, files)));
    },
  );

  app.post(
    '/api/helpdesk/tickets/:idTicket/attachments',
    {
      ...access({ auth: 'session' }),
      preValidation: attachForm,
      schema: {
        tags: TAGS,
        summary: 'Add files to a ticket (multipart, files in `attachments`; none → 400 `TICKET_ATTACHMENTS_MISSING`)',
        description: FILES_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: ticketParamsSchema,
        body: ticketAttachFormSchema,
        response: { 201: envelope(attachReplySchema), ...fileReplies },
      },
    },
    async (req, reply) => {
      const files = await checkFiles(receivedFiles(req));
      return reply.code(201).send(ok(await addAttachments(app.db, principalOf(req), req.params.idTicket, files)));
    },
  );
}
