// The helpdesk area's state changes: tickets, their comments and files, and TICKET_FLOW's steps.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ACTIVE_TICKET_STATUSES,
  TICKET_FLOW,
  TICKET_STATUS,
  ticketMove,
  ticketSide,
  ticketStep,
  type EventPayload,
  type HelpdeskEventType,
  type TicketCreateBody,
  type TicketStatus,
  type TicketSummary,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { orders, problems, ticketAttachments, ticketComments, tickets } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';
import { applyStep } from '../../platform/workflow';
import { insertAttachments, type CheckedFile } from './attachments';
import { findTicket, reopenUntil, TICKET_ENTITY, ticketSummary, type TicketRow } from './queries';

const now = sql`now()`;

/** The audit row and the typed event of a ticket change, on the ticket's store stream (the helpdesk hears every store). */
async function record<T extends HelpdeskEventType>(
  tx: Tx,
  p: Principal,
  ticket: Pick<TicketRow, 'id' | 'storeCode'>,
  type: T,
  action: string,
  payload: EventPayload<T>,
  audit: { from?: string | null; to?: string | null; reason?: string | null } = {},
): Promise<void> {
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: TICKET_ENTITY, entityId: String(ticket.id), action, fromValue: audit.from ?? null, toValue: audit.to ?? null, reason: audit.reason ?? null },
    { storeCode: ticket.storeCode, type, payload },
  );
}

/** The ticket, locked, that may still change: closed → 409 TICKET_CLOSED. */
async function lockOpenTicket(tx: Tx, p: Principal, id: number): Promise<TicketRow> {
  const ticket = await findTicket(tx, p, id, true);
  if (ticket.status === TICKET_STATUS.CLOSED) throw new AppError('TICKET_CLOSED');
  return ticket;
}

/** The fields every ticket event has: the ticket, its status now, who changed it. */
const eventBase = (ticket: Pick<TicketRow, 'id' | 'shipmentNo' | 'status'>, p: Principal) => ({
  ticketId: ticket.id,
  shipmentNo: ticket.shipmentNo,
  status: ticket.status as TicketStatus,
  actorName: p.name,
});

const touch = (tx: Tx, id: number) => tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, id));

/**
 * Creates a ticket for an order of the caller's stores (404 for another store's or a missing one),
 * with its files if any. The order's number, channel and store come from the order. A shipment
 * with an open or in-progress ticket is refused (409 SHIPMENT_HAS_ACTIVE_TICKET); the partial
 * unique index decides a race, so two phones never both win.
 */
export async function createTicket(db: Db, p: Principal, body: TicketCreateBody, files: readonly CheckedFile[] = []): Promise<TicketSummary> {
  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, orderNo: orders.orderNo, appId: orders.appId, storeCode: orders.storeCode })
      .from(orders)
      .where(and(eq(orders.shipmentNo, body.shipmentNo), storeScope(orders.storeCode, p)))
      .limit(1);
    if (!order) throw new AppError('NOT_FOUND');
    const [problem] = await tx.select({ label: problems.label }).from(problems).where(eq(problems.id, body.problemId)).limit(1);
    if (!problem) throw new AppError('TICKET_PROBLEM_UNKNOWN', undefined, [{ path: 'body.problemId', message: 'Jenis masalah tidak dikenal' }]);
    const [row] = await tx
      .insert(tickets)
      .values({
        shipmentNo: body.shipmentNo,
        orderNo: order.orderNo,
        orderId: order.id,
        storeCode: order.storeCode,
        description: body.description,
        staffName: body.staffName ?? p.name,
        applicationId: order.appId,
        problemId: body.problemId,
        createdBy: p.userId,
      })
      // The one-active-ticket index is partial: name its predicate so ON CONFLICT can use it.
      .onConflictDoNothing({ target: tickets.shipmentNo, where: inArray(tickets.status, [...ACTIVE_TICKET_STATUSES]) })
      .returning({ id: tickets.id, storeCode: tickets.storeCode });
    if (!row) throw new AppError('SHIPMENT_HAS_ACTIVE_TICKET');
    await insertAttachments(tx, row.id, null, p.userId, files);
    await record(tx, p, row, 'ticket.created', 'create', {
      ticketId: row.id,
      shipmentNo: body.shipmentNo,
      status: TICKET_STATUS.OPEN,
      actorName: p.name,
      problem: problem.label,
      attachmentCount: files.length,
    }, { to: TICKET_STATUS.OPEN, reason: problem.label });
    return row.id;
  });
  return ticketSummary(db, id);
}

/** A comment (with its files, if any) on a ticket that is not closed (409 TICKET_CLOSED). `userId`, when sent, must be the caller. */
export async function addComment(db: Db, p: Principal, id: number, body: { body: string; userId?: number | undefined }, files: readonly CheckedFile[] = []): Promise<{ id: number }> {
  if (body.userId !== undefined && body.userId !== p.userId) throw new AppError('FORBIDDEN');
  return db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, p, id);
    const [comment] = await tx.insert(ticketComments).values({ ticketId: id, userId: p.userId, body: body.body }).returning({ id: ticketComments.id });
    await insertAttachments(tx, id, comment!.id, p.userId, files);
    await touch(tx, id);
    await record(tx, p, ticket, 'ticket.commented', 'comment', {
      ...eventBase(ticket, p),
      commentId: comment!.id,
      attachmentCount: files.length,
    });
    return { id: comment!.id };
  });
}

/** Files added to the ticket itself ("Tambah lampiran"), not to a comment. */
export async function addAttachments(db: Db, p: Principal, id: number, files: readonly CheckedFile[]): Promise<{ count: number }> {
  if (files.length === 0) throw new AppError('TICKET_ATTACHMENTS_MISSING');
  return db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, p, id);
    await insertAttachments(tx, id, null, p.userId, files);
    await touch(tx, id);
    await record(tx, p, ticket, 'ticket.attachments_added', 'attach', {
      ...eventBase(ticket, p),
      attachmentCount: files.length,
    });
    return { count: files.length };
  });
}

/** Deletes one of the caller's own files (403 for someone else's; 404 when it is not on this ticket). */
export async function deleteAttachment(db: Db, p: Principal, id: number, attachmentId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, p, id);
    const [file] = await tx
      .select({ uploadedBy: ticketAttachments.uploadedBy, fileName: ticketAttachments.fileName })
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, id)))
      .limit(1);
    if (!file) throw new AppError('NOT_FOUND');
    if (file.uploadedBy !== p.userId) throw new AppError('TICKET_ATTACHMENT_NOT_OWNER');
    await tx.delete(ticketAttachments).where(eq(ticketAttachments.id, attachmentId));
    await touch(tx, id);
    await record(tx, p, ticket, 'ticket.attachment_deleted', 'delete_attachment', {
      ...eventBase(ticket, p),
      attachmentId,
    }, { reason: file.fileName });
    return { id: attachmentId };
  });
}

/**
 * Moves a ticket along TICKET_FLOW for the caller's side, through the workflow kernel: (from, to)
 * names the step. No step the caller's side may take: 409 TICKET_STATUS_CHANGED when the other side
 * could take it or the ticket has moved on (the race loser), else 403 TICKET_TRANSITION_FORBIDDEN.
 * Reopening is the store's within `reopenDays` of the resolution (422 after) and only while the
 * shipment has no other active ticket (409). Resolving stamps resolvedAt.
 */
export async function changeTicketStatus(db: Db, p: Principal, id: number, to: TicketStatus, reopenDays: number): Promise<TicketSummary> {
  await db.transaction(async (tx) => {
    const ticket = await findTicket(tx, p, id, true);
    const from = ticket.status as TicketStatus;
    if (from === TICKET_STATUS.CLOSED) throw new AppError('TICKET_CLOSED');
    const side = ticketSide(p.roleId);
    const refused = () => new AppError(ticketStep(from, to, side === 'store' ? 'helpdesk' : 'store') || from === to ? 'TICKET_STATUS_CHANGED' : 'TICKET_TRANSITION_FORBIDDEN');
    const move = ticketMove(from, to);
    if (!move) throw refused();
    await applyStep(tx, {
      flow: TICKET_FLOW,
      action: move.action,
      status: from,
      actor: { userId: p.userId, sides: [side] },
      // The row is locked: a compare-and-set that finds it moved is the race loser.
      refuse: (why) => (why === 'conflict' ? new AppError('TICKET_STATUS_CHANGED') : refused()),
      before: async (step) => {
        if (!step.when?.reopenWindow) return;
        const until = reopenUntil(ticket, reopenDays);
        if (!until || new Date() >= until) throw new AppError('TICKET_REOPEN_WINDOW_CLOSED');
        const [other] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.shipmentNo, ticket.shipmentNo), ne(tickets.id, id), inArray(tickets.status, [...ACTIVE_TICKET_STATUSES])))
          .limit(1);
        if (other) throw new AppError('SHIPMENT_HAS_ACTIVE_TICKET');
      },
      move: async (step, _done, stamps) => {
        const [moved] = await tx
          .update(tickets)
          .set({ ...stamps, status: step.to, updatedAt: now })
          .where(and(eq(tickets.id, id), eq(tickets.status, from)))
          .returning({ id: tickets.id });
        return moved;
      },
      record: (step) => ({
        audit: { entity: TICKET_ENTITY, entityId: String(id), action: 'status', fromValue: from, toValue: step.to, reason: null },
        storeCode: ticket.storeCode,
        payload: { ticketId: id, shipmentNo: ticket.shipmentNo, status: step.to, actorName: p.name, from },
      }),
    });
  });
  return ticketSummary(db, id);
}
