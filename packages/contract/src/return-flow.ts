// The return (retur) machine as a table: the server's returns module is the only code that applies it;
// the web reads the actions each return offers from the server. Zod-free.
import type { ReturnEventType } from './event-types';
import { ROLE, type RoleId } from './roles';
import { DELIVERY_TYPE } from './statuses';
import { actionsFor, stepOf, type FlowStep } from './workflow';
import { RETURN_STATUS, type ReturnStatus } from './workflow-statuses';

export const RETURN_ACTIONS = ['approve', 'reject', 'collect', 'receive', 'refund'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

const R = RETURN_STATUS;
const chief = { minRole: ROLE.STORE_CHIEF } as const;
const crew = { minRole: ROLE.STAFF } as const;
/** A delivered order's goods are collected at the address (return POD); a pickup order's come to the counter. */
const delivery = { deliveryType: DELIVERY_TYPE.DELIVERY } as const;
const pickup = { deliveryType: DELIVERY_TYPE.PICKUP } as const;

/**
 * docs/decisions.md 87: the crew record a return (`return.requested`); the kepala toko and above
 * approve or reject it; the crew collect a delivered order's goods at the customer's address (the
 * return POD, location checked) or receive a pickup order's goods at the counter; the goods received
 * at the store enter its stock (sellable or damaged per line); the kepala toko and above confirm the refund.
 */
export const RETURN_FLOW = [
  { action: 'approve', from: R.REQUESTED, to: R.APPROVED, who: chief, event: 'return.approved', stamps: ['decidedAt', 'decidedBy'] },
  { action: 'reject', from: R.REQUESTED, to: R.REJECTED, who: chief, event: 'return.rejected', stamps: ['decidedAt', 'decidedBy'] },
  // collectedBy is the crew member at the address: the approver of a return POD request is not.
  { action: 'collect', from: R.APPROVED, to: R.COLLECTED, who: crew, event: 'return.collected', stamps: ['collectedAt'], when: delivery },
  { action: 'receive', from: R.APPROVED, to: R.RECEIVED, who: crew, event: 'return.received', stamps: ['receivedAt', 'receivedBy'], when: pickup },
  { action: 'receive', from: R.COLLECTED, to: R.RECEIVED, who: crew, event: 'return.received', stamps: ['receivedAt', 'receivedBy'], when: delivery },
  { action: 'refund', from: R.RECEIVED, to: R.REFUNDED, who: chief, event: 'return.refunded', stamps: ['refundedAt', 'refundedBy'] },
] as const satisfies ReadonlyArray<FlowStep<ReturnAction, ReturnStatus, never, ReturnEventType>>;

/** The step `action` takes from `status` for a return of `deliveryType`, or undefined when there is none. */
export const returnStep = (action: ReturnAction, status: ReturnStatus, deliveryType: number) => stepOf(RETURN_FLOW, action, status, { deliveryType });

/** What the caller may do with a return now (the buttons of its detail). */
export const returnActions = (status: ReturnStatus, deliveryType: number, roleId: RoleId): ReturnAction[] => actionsFor(RETURN_FLOW, status, { roleId }, { deliveryType });
