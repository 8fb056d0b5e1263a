import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_TICKET_STATUSES,
  TICKET_STATUS,
  ticketMoves,
  ticketSide,
  wibDayAfter,
  wibDayStart,
  type FaqList,
  type FaqQuery,
  type ProblemList,
  type TicketAttachment,
  type TicketAttachmentType,
  type TicketDetail,
  type TicketList,
  type TicketListQuery,
  type TicketStatus,
  type TicketSummary,
} from '@gerai/contract';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Reader } from '../../db/client';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { escapeLike } from '../../db/like';
import { faqs, problems, stores, ticketAttachments, ticketComments, tickets, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { emptyPage, readPage, type PageWindow } from '../../platform/paging';
import { canSeeStore, type Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore, storeScope } from '../../platform/scope';

export type TicketRow = typeof tickets.$inferSelect;

/** The audit entity of every ticket change. */
export const TICKET_ENTITY = 'ticket';
export const attachmentUrl = (ticketId: number, attachmentId: number) => `/api/helpdesk/tickets/${ticketId}/attachments/${attachmentId}`;

const DAY_MS = 24 * 3600 * 1000;
/** Until when the store may reopen a resolved ticket, or null when it is not resolved. */
export function reopenUntil(ticket: Pick<TicketRow, 'status' | 'resolvedAt'>, reopenDays: number): Date | null {
  if (ticket.status !== TICKET_STATUS.RESOLVED || !ticket.resolvedAt) return null;
  return new Date(ticket.resolvedAt.getTime() + reopenDays * DAY_MS);
}

// --- problems and FAQ ------------------------------------------------------------------

export async function listProblems(db: Reader): Promise<ProblemList> {
  return { items: await db.select({ id: problems.id, label: problems.label }).from(problems).orderBy(asc(problems.sort), asc(problems.id)) };
}

/** The FAQ, in its order; `query` keeps the entries whose question or answer holds every word. */
export async function listFaqs(db: Reader, q: FaqQuery): Promise<FaqList> {
  const words = (q.query ?? '').split(/\s+/).filter(Boolean);
  const filters = words.map((w) => or(ilike(faqs.question, `%${escapeLike(w)}%`), ilike(faqs.answer, `%${escapeLike(w)}%`)));
  const items = await db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(...filters))
    .orderBy(asc(faqs.sort), asc(faqs.id));
  return { items };
}

// --- one ticket ------------------------------------------------------------------------

/**
 * The ticket `id` in the caller's stores (the helpdesk sees every store), optionally row-locked;
 * another store's ticket answers 404 like a missing one.
 */
export async function findTicket(tx: Reader, p: Principal, id: number, lock = false): Promise<TicketRow> {
  const query = tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), storeScope(tickets.storeCode, p)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

const summaryColumns = {
  id: tickets.id,
  status: tickets.status,
  shipmentNo: tickets.shipmentNo,
  orderNo: tickets.orderNo,
  description: tickets.description,
  staffName: tickets.staffName,
  applicationId: tickets.applicationId,
  problemId: tickets.problemId,
  problemLabel: problems.label,
  storeCode: tickets.storeCode,
  storeName: stores.name,
  commentCount: sql<number>`(select count(*)::int from ${ticketComments} where ${ticketComments.ticketId} = ${tickets.id})`,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

/** Tickets as list rows, with their store and problem; `extra` adds columns (the detail's own). */
function selectTickets<E extends SelectedFields>(db: Reader, extra = {} as E) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(tickets)
    .innerJoin(stores, eq(stores.code, tickets.storeCode))
    .leftJoin(problems, eq(problems.id, tickets.problemId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['where']>>[number];

async function selectSummaries(db: Reader, where: SQL | undefined, window: PageWindow = { limit: 1, offset: 0 }): Promise<TicketSummary[]> {
  const rows = await selectTickets(db)
    .where(where)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(toSummary);
}

function toSummary(r: SummaryRow): TicketSummary {
  return {
    id: r.id,
    idTicket: r.id,
    status: r.status as TicketStatus,
    shipmentNo: r.shipmentNo,
    orderNo: r.orderNo,
    description: r.description,
    staffName: r.staffName,
    applicationId: r.applicationId,
    problem: r.problemId !== null && r.problemLabel !== null ? { id: r.problemId, label: r.problemLabel } : null,
    storeCode: r.storeCode,
    storeName: r.storeName,
    commentCount: Number(r.commentCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One ticket as a list row (the reply of a status change: the list entry takes it). */
export async function ticketSummary(db: Reader, id: number): Promise<TicketSummary> {
  const [row] = await selectSummaries(db, eq(tickets.id, id));
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

// --- lists -----------------------------------------------------------------------------

/**
 * The store's tickets (the active store, or `storeCode` among the caller's stores) or, for the
 * helpdesk side without `storeCode`, every store's: the queue. Newest change first.
 */
export async function listTickets(db: Db, p: Principal, q: TicketListQuery): Promise<TicketList> {
  // Whose tickets: the store named, the helpdesk's stores (`s`; every store: no condition), or my active store.
  let storeCode: string | undefined;
  let scope = '';
  if (q.storeCode) {
    assertStoreVisible(p, q.storeCode);
    storeCode = q.storeCode;
  } else if (ticketSide(p.roleId) === 'helpdesk') {
    const kind = scopeKind(p);
    if (kind === 'none') return emptyPage(q);
    scope = kind === 'some' ? 's' : '';
  } else {
    storeCode = requireActiveStore(p);
  }
  const shape = [storeCode !== undefined && 'c', scope, q.status === 'active' ? 'v' : q.status && 't', q.from && 'f', q.to && 'e', q.query && 'q'].filter(Boolean).join('');
  const values = {
    storeCode,
    stores: scopeValue(p),
    status: q.status,
    from: q.from ? wibDayStart(q.from) : undefined,
    to: q.to ? wibDayAfter(q.to) : undefined,
    text: q.query ? `%${escapeLike(q.query)}%` : undefined,
  };
  return readPage(q, (w) => [ticketsPage(db, shape).execute({ ...values, ...w }), ticketsCount(db, shape).execute(values)], toSummary);
}

/** The ticket list's filters as a shape of one letter each (store, the helpdesk's stores, active or one status, from, to, text). */
function ticketsWhere(shape: string): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  const text = sql.placeholder('text');
  return and(
    has('c') ? eq(tickets.storeCode, sql.placeholder('storeCode')) : undefined,
    has('s') ? inScope(tickets.storeCode) : undefined,
    has('v') ? inArray(tickets.status, [...ACTIVE_TICKET_STATUSES]) : undefined,
    has('t') ? eq(tickets.status, sql.placeholder('status')) : undefined,
    has('f') ? gte(tickets.createdAt, sql.placeholder('from')) : undefined,
    has('e') ? lt(tickets.createdAt, sql.placeholder('to')) : undefined,
    has('q') ? or(ilike(tickets.shipmentNo, text), ilike(tickets.orderNo, text), ilike(tickets.description, text)) : undefined,
  );
}
const ticketsPage = preparedRead('helpdesk_tickets', (db, shape: string, as) =>
  selectTickets(db)
    .where(ticketsWhere(shape))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
const ticketsCount = preparedRead('helpdesk_tickets_n', (db, shape: string, as) => db.select({ n: count() }).from(tickets).where(ticketsWhere(shape)).prepare(as));

// --- detail ----------------------------------------------------------------------------

/** The ticket as a list row with its resolution, by shape: 's' the caller's stores (none: every store). */
const ticketRead = preparedRead('helpdesk_ticket', (db, shape: string, as) =>
  selectTickets(db, { resolvedAt: tickets.resolvedAt })
    .where(and(eq(tickets.id, sql.placeholder('id')), shape.includes('s') ? inScope(tickets.storeCode) : undefined))
    .limit(sql.placeholder('limit'))
    .prepare(as),
);
const commentsRead = preparedRead('helpdesk_ticket_comments', (db, _shape: '', as) =>
  db
    .select({ id: ticketComments.id, userId: ticketComments.userId, userName: users.name, roleId: users.roleId, body: ticketComments.body, createdAt: ticketComments.createdAt })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.userId))
    .where(eq(ticketComments.ticketId, sql.placeholder('id')))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id))
    .prepare(as),
);
const filesRead = preparedRead('helpdesk_ticket_files', (db, _shape: '', as) =>
  db
    .select({
      id: ticketAttachments.id,
      commentId: ticketAttachments.commentId,
      fileName: ticketAttachments.fileName,
      mime: ticketAttachments.mimeType,
      size: ticketAttachments.sizeBytes,
      uploadedBy: ticketAttachments.uploadedBy,
      uploaderName: users.name,
      createdAt: ticketAttachments.createdAt,
    })
    .from(ticketAttachments)
    .leftJoin(users, eq(users.id, ticketAttachments.uploadedBy))
    .where(eq(ticketAttachments.ticketId, sql.placeholder('id')))
    .orderBy(asc(ticketAttachments.id))
    .prepare(as),
);

/**
 * The ticket with its conversation, files and the moves the caller may make now. Three prepared
 * statements side by side (the ticket and its list row were two reads before the others): the
 * conversation of a ticket the caller may not see is read, never answered (404 as `findTicket`).
 */
export async function getTicketDetail(db: Db, p: Principal, id: number, reopenDays: number, now = new Date()): Promise<TicketDetail> {
  const scope = scopeKind(p);
  if (scope === 'none') throw new AppError('TICKET_NOT_FOUND');
  const [[ticket], comments, files] = await Promise.all([
    ticketRead(db, scope === 'some' ? 's' : '').execute({ id, stores: scopeValue(p), limit: 1 }),
    commentsRead(db, '').execute({ id }),
    filesRead(db, '').execute({ id }),
  ]);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  const closed = ticket.status === TICKET_STATUS.CLOSED;
  const attachments: TicketAttachment[] = files.map((f) => ({
    id: f.id,
    idAttachment: f.id,
    commentId: f.commentId,
    fileName: f.fileName,
    mime: f.mime as TicketAttachmentType,
    size: f.size,
    url: attachmentUrl(id, f.id),
    uploadedBy: f.uploadedBy,
    uploaderName: f.uploaderName,
    canDelete: !closed && f.uploadedBy === p.userId,
    createdAt: f.createdAt.toISOString(),
  }));
  const until = reopenUntil(ticket, reopenDays);
  return {
    ...toSummary(ticket),
    conversations: comments.map((c) => ({
      id: c.id,
      userId: c.userId,
      userName: c.userName,
      fromHelpdesk: c.roleId !== null && ticketSide(c.roleId as Principal['roleId']) === 'helpdesk',
      body: c.body,
      attachments: attachments.filter((a) => a.commentId === c.id),
      createdAt: c.createdAt.toISOString(),
    })),
    attachments: attachments.filter((a) => a.commentId === null),
    moves: ticketMoves(ticket.status as TicketStatus, ticketSide(p.roleId), until !== null && now < until),
    resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
    reopenUntil: until?.toISOString() ?? null,
    canComment: !closed,
  };
}

// A file with its ticket's store, one statement for every caller: the ticket's row whether or not the file is on it.
const attachmentRead = preparedRead('helpdesk_attachment', (db, _shape: '', as) =>
  db
    .select({ storeCode: tickets.storeCode, fileName: ticketAttachments.fileName, mime: ticketAttachments.mimeType, bytes: ticketAttachments.bytes, sha256: ticketAttachments.sha256 })
    .from(tickets)
    .leftJoin(ticketAttachments, and(eq(ticketAttachments.id, sql.placeholder('attachmentId')), eq(ticketAttachments.ticketId, tickets.id)))
    .where(eq(tickets.id, sql.placeholder('ticketId')))
    .limit(1)
    .prepare(as),
);

/** An attachment's bytes, only for a caller who may see its ticket (else 404). */
export async function readAttachment(db: Db, p: Principal, ticketId: number, attachmentId: number) {
  const [row] = await attachmentRead(db, '').execute({ ticketId, attachmentId });
  if (!row || !canSeeStore(p, row.storeCode)) throw new AppError('TICKET_NOT_FOUND');
  const { fileName, mime, bytes, sha256 } = row;
  if (fileName === null || mime === null || bytes === null || sha256 === null) throw new AppError('NOT_FOUND');
  return { fileName, mime: mime as TicketAttachmentType, bytes, sha256 };
}
