// The helpdesk ticket machine as a table (decision 95): the server's helpdesk module is the only code
// that applies it; the web offers the moves the server lists on a ticket. Zod-free.
import { hasRoleAtLeast, ROLE, type RoleId } from './roles';
import { TICKET_STATUS, type TicketStatus } from './workflow-statuses';

/** Who moves a ticket: the helpdesk (role helpdesk and above) or the store's people (below it). */
export type TicketSide = 'store' | 'helpdesk';
export const ticketSide = (roleId: RoleId): TicketSide => (hasRoleAtLeast(roleId, ROLE.HELPDESK) ? 'helpdesk' : 'store');

export interface TicketStep {
  from: TicketStatus;
  to: TicketStatus;
  side: TicketSide;
  /** Only within the reopen window after the ticket was resolved (TICKET_REOPEN_DAYS). */
  reopen?: true;
}

/**
 * The helpdesk takes a ticket up (open → in_progress) and resolves it; the store confirms a
 * resolved ticket (closed), reopens it within the window (resolved → in_progress), or withdraws
 * its own open ticket (closed). A closed ticket never moves again and takes no comments.
 */
export const TICKET_FLOW: readonly TicketStep[] = [
  { from: TICKET_STATUS.OPEN, to: TICKET_STATUS.IN_PROGRESS, side: 'helpdesk' },
  { from: TICKET_STATUS.OPEN, to: TICKET_STATUS.RESOLVED, side: 'helpdesk' },
  { from: TICKET_STATUS.IN_PROGRESS, to: TICKET_STATUS.RESOLVED, side: 'helpdesk' },
  { from: TICKET_STATUS.RESOLVED, to: TICKET_STATUS.CLOSED, side: 'helpdesk' },
  { from: TICKET_STATUS.RESOLVED, to: TICKET_STATUS.CLOSED, side: 'store' },
  { from: TICKET_STATUS.RESOLVED, to: TICKET_STATUS.IN_PROGRESS, side: 'store', reopen: true },
  { from: TICKET_STATUS.OPEN, to: TICKET_STATUS.CLOSED, side: 'store' },
];

/** The step from `from` to `to` for `side`, or undefined. */
export function ticketStep(from: TicketStatus, to: TicketStatus, side: TicketSide): TicketStep | undefined {
  return TICKET_FLOW.find((s) => s.from === from && s.to === to && s.side === side);
}

/** The statuses `side` may move a ticket in `status` to now (`reopenOpen`: the reopen window has not passed). */
export function ticketMoves(status: TicketStatus, side: TicketSide, reopenOpen: boolean): TicketStatus[] {
  return TICKET_FLOW.filter((s) => s.from === status && s.side === side && (!s.reopen || reopenOpen)).map((s) => s.to);
}
