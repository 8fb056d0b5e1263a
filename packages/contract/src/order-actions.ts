// What an order offers in its status: the server lists it in every detail, and the phone
// applies it to an order changed offline (a claim kept in the outbox makes it a picking
// order on the phone before the server has it). Zod-free.
import { hasRoleAtLeast, ROLE, type RoleId } from './roles';
import { DELIVERY_TYPE, ORDER_STATUS } from './statuses';

export const ORDER_ACTIONS = [
  'claim',
  'scan',
  'editQuantity',
  'markOutOfStock',
  'setPaperBags',
  'reset',
  'pack',
  'handover',
  'finish',
  'archiveCancelled',
  /** Ask for the order to be cancelled (a decider approves it). */
  'requestCancel',
  /** Cancel at once: the caller may decide a cancellation of this order. */
  'cancel',
  /** Record a return (retur) of a completed order within the return window. */
  'requestReturn',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Who may cancel an order directly or decide a crew member's request, by the order's status
 * (docs/decisions.md 87): crew ask; the kepala toko and above decide; a delivery order in 1103
 * is out for delivery, so only an area supervisor or above may call it back. The server's order
 * lifecycle takes its cancel steps' roles from here.
 */
export const CANCEL_RULE = {
  [ORDER_STATUS.NEW]: { minRole: ROLE.STORE_CHIEF },
  [ORDER_STATUS.PACKING]: { minRole: ROLE.STORE_CHIEF },
  [ORDER_STATUS.IN_PROGRESS]: { minRole: ROLE.STORE_CHIEF, minRoleDelivery: ROLE.AREA_SUPERVISOR },
} as const satisfies Record<number, { minRole: RoleId; minRoleDelivery?: RoleId }>;

export type CancellableStatus = keyof typeof CANCEL_RULE;
export function isCancellable(statusId: number): statusId is CancellableStatus {
  return statusId in CANCEL_RULE;
}

/** The lowest role that may cancel the order directly; null when its status cannot be cancelled. */
export function cancelMinRole(statusId: number, deliveryType: number): RoleId | null {
  if (!isCancellable(statusId)) return null;
  const rule: { minRole: RoleId; minRoleDelivery?: RoleId } = CANCEL_RULE[statusId];
  return deliveryType === DELIVERY_TYPE.DELIVERY && rule.minRoleDelivery !== undefined ? rule.minRoleDelivery : rule.minRole;
}

/** What besides the status decides an order's actions; left out, none of the actions that need it are offered. */
export interface OrderActionContext {
  /** The caller's role: whether a cancellation is theirs to decide. */
  roleId?: RoleId;
  /** A cancellation request is waiting for a decision (no second one). */
  cancelPending?: boolean;
  /** Completed within the return window, something left to return, no open return. */
  returnable?: boolean;
}

/**
 * The actions an order offers in its status. Any crew member who can see the
 * store may take the picking and handover ones (docs/decisions.md): the status,
 * not the person, decides; cancelling needs the role of CANCEL_RULE.
 */
export function availableActions(statusId: number, deliveryType: number, ctx: OrderActionContext = {}): OrderAction[] {
  const actions = statusActions(statusId, deliveryType);
  const minRole = cancelMinRole(statusId, deliveryType);
  if (minRole !== null && !ctx.cancelPending && ctx.roleId !== undefined) {
    actions.push(hasRoleAtLeast(ctx.roleId, minRole) ? 'cancel' : 'requestCancel');
  }
  if ((statusId === ORDER_STATUS.COMPLETED || statusId === ORDER_STATUS.HISTORY) && ctx.returnable) actions.push('requestReturn');
  return actions;
}

function statusActions(statusId: number, deliveryType: number): OrderAction[] {
  switch (statusId) {
    case ORDER_STATUS.NEW:
      return ['claim'];
    case ORDER_STATUS.PACKING:
      return ['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack'];
    case ORDER_STATUS.IN_PROGRESS:
      // Delivery orders are confirmed through scan-and-go POD (a separate flow).
      return deliveryType === DELIVERY_TYPE.PICKUP ? ['handover'] : [];
    case ORDER_STATUS.COMPLETED:
      return ['finish'];
    case ORDER_STATUS.CANCELLED:
      return ['archiveCancelled'];
    default:
      return [];
  }
}
