// The helpdesk ticket machine as a table (decision 95): the server's helpdesk module is the only code
// that applies it; the web offers the moves the server lists on a ticket. Zod-free.
import type { HelpdeskEventType } from './event-types';
import { hasRoleAtLeast, ROLE, type RoleId } from './roles';
import { stepsFor, type FlowStep } from './workflow';
import { TICKET_STATUS, type TicketStatus } from './workflow-statuses';

/** Who moves a ticket: the helpdesk (role helpdesk and above) or the store's people (below it). */
export type TicketSide = 'store' | 'helpdesk';
export const ticketSide = (roleId: RoleId): TicketSide => (hasRoleAtLeast(roleId, ROLE.HELPDESK) ? 'helpdesk' : 'store');

export const TICKET_ACTIONS = ['start', 'resolve', 'close', 'reopen'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

const T = TICKET_STATUS;
const helpdesk = { sides: ['helpdesk'] } as const;
const store = { sides: ['store'] } as const;

/**
 * The helpdesk takes a ticket up (open → in_progress) and resolves it; the store confirms a
 * resolved ticket (closed; the helpdesk may too), reopens it within the window (resolved →
 * in_progress, TICKET_REOPEN_DAYS), or withdraws its own open ticket (closed). A closed ticket never
 * moves again and takes no comments. Every move writes `ticket.status_changed`; a phone asks for a
 * status, and (from, to) names the step.
 */
export const TICKET_FLOW = [
  { action: 'start', from: T.OPEN, to: T.IN_PROGRESS, who: helpdesk, event: 'ticket.status_changed', stamps: [] },
  { action: 'resolve', from: T.OPEN, to: T.RESOLVED, who: helpdesk, event: 'ticket.status_changed', stamps: ['resolvedAt'] },
  { action: 'resolve', from: T.IN_PROGRESS, to: T.RESOLVED, who: helpdesk, event: 'ticket.status_changed', stamps: ['resolvedAt'] },
  { action: 'close', from: T.RESOLVED, to: T.CLOSED, who: { sides: ['helpdesk', 'store'] }, event: 'ticket.status_changed', stamps: [] },
  { action: 'reopen', from: T.RESOLVED, to: T.IN_PROGRESS, who: store, event: 'ticket.status_changed', stamps: [], when: { reopenWindow: true } },
  { action: 'close', from: T.OPEN, to: T.CLOSED, who: store, event: 'ticket.status_changed', stamps: [] },
] as const satisfies ReadonlyArray<FlowStep<TicketAction, TicketStatus, TicketSide, HelpdeskEventType>>;
export type TicketStep = (typeof TICKET_FLOW)[number];

/** The step that moves a ticket from `from` to `to`, whoever may take it, or undefined. */
export const ticketMove = (from: TicketStatus, to: TicketStatus): TicketStep | undefined => TICKET_FLOW.find((s) => s.from === from && s.to === to);

/** The step from `from` to `to` for `side`, or undefined. */
export function ticketStep(from: TicketStatus, to: TicketStatus, side: TicketSide): TicketStep | undefined {
  return stepsFor(TICKET_FLOW, from, { sides: [side] }).find((s) => s.to === to);
}

/** The statuses `side` may move a ticket in `status` to now (`reopenOpen`: the reopen window has not passed). */
export function ticketMoves(status: TicketStatus, side: TicketSide, reopenOpen: boolean): TicketStatus[] {
  return stepsFor(TICKET_FLOW, status, { sides: [side] }, { reopenWindow: reopenOpen }).map((s) => s.to);
}
