// The return (retur) machine as a table: the server's returns module is the only code that applies it;
// the web reads the actions each return offers from the server. Zod-free.
import { hasRoleAtLeast, ROLE, type RoleId } from './roles';
import { DELIVERY_TYPE } from './statuses';
import { RETURN_STATUS, type ReturnStatus } from './workflow-statuses';

export const RETURN_ACTIONS = ['approve', 'reject', 'collect', 'receive', 'refund'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

interface ReturnStep {
  action: ReturnAction;
  from: ReturnStatus;
  to: ReturnStatus;
  minRole: RoleId;
  /** Only for returns of this delivery type: a delivered order's goods are collected at the address (return POD). */
  deliveryType?: number;
}

/**
 * docs/decisions.md 87: the crew record a return; the kepala toko and above approve or reject it;
 * the crew collect a delivered order's goods at the customer's address (the return POD, location
 * checked) or receive a pickup order's goods at the counter; the goods received at the store enter
 * its stock (sellable or damaged per line); the kepala toko and above confirm the refund.
 */
export const RETURN_FLOW: readonly ReturnStep[] = [
  { action: 'approve', from: RETURN_STATUS.REQUESTED, to: RETURN_STATUS.APPROVED, minRole: ROLE.STORE_CHIEF },
  { action: 'reject', from: RETURN_STATUS.REQUESTED, to: RETURN_STATUS.REJECTED, minRole: ROLE.STORE_CHIEF },
  { action: 'collect', from: RETURN_STATUS.APPROVED, to: RETURN_STATUS.COLLECTED, minRole: ROLE.STAFF, deliveryType: DELIVERY_TYPE.DELIVERY },
  { action: 'receive', from: RETURN_STATUS.APPROVED, to: RETURN_STATUS.RECEIVED, minRole: ROLE.STAFF, deliveryType: DELIVERY_TYPE.PICKUP },
  { action: 'receive', from: RETURN_STATUS.COLLECTED, to: RETURN_STATUS.RECEIVED, minRole: ROLE.STAFF, deliveryType: DELIVERY_TYPE.DELIVERY },
  { action: 'refund', from: RETURN_STATUS.RECEIVED, to: RETURN_STATUS.REFUNDED, minRole: ROLE.STORE_CHIEF },
];

/** The step `action` takes from `status` for a return of `deliveryType`, or undefined when there is none. */
export function returnStep(action: ReturnAction, status: ReturnStatus, deliveryType: number): ReturnStep | undefined {
  return RETURN_FLOW.find((s) => s.action === action && s.from === status && (s.deliveryType === undefined || s.deliveryType === deliveryType));
}

/** What the caller may do with a return now (the buttons of its detail). */
export function returnActions(status: ReturnStatus, deliveryType: number, roleId: RoleId): ReturnAction[] {
  return RETURN_FLOW.filter((s) => s.from === status && (s.deliveryType === undefined || s.deliveryType === deliveryType) && hasRoleAtLeast(roleId, s.minRole)).map((s) => s.action);
}
