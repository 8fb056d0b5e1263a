// What an order offers in its status: the server lists it in every detail, and the phone
// applies it to an order changed offline (a claim kept in the outbox makes it a picking
// order on the phone before the server has it). Zod-free.
import { isCancellable, ORDER_FLOW } from './order-flow';
import { ROLE, type RoleId } from './roles';
import { DELIVERY_TYPE, ORDER_STATUS } from './statuses';
import { actionsFor } from './workflow';

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

/** What besides the status decides an order's actions; left out, none of the actions that need it are offered. */
export interface OrderActionContext {
  /** The caller's role: whether a cancellation is theirs to decide. */
  roleId?: RoleId;
  /** A cancellation request is waiting for a decision (no second one). */
  cancelPending?: boolean;
  /** Completed within the return window, something left to return, no open return. */
  returnable?: boolean;
}

/** The changes within picking (1102): none moves the order's status. */
const PICKING_ACTIONS = ['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset'] as const satisfies readonly OrderAction[];

/**
 * The actions an order offers in its status: the steps of ORDER_FLOW the caller may take, by the
 * names the screens know them. Any crew member who can see the store may take the picking and
 * handover ones (docs/decisions.md): the status, not the person, decides; cancelling needs the role
 * of CANCEL_RULE, and anyone below it may ask (requestCancel). A delivery order is confirmed through
 * scan-and-go POD (a separate flow), so only a pickup order offers the handover.
 */
export function availableActions(statusId: number, deliveryType: number, ctx: OrderActionContext = {}): OrderAction[] {
  const steps = actionsFor(ORDER_FLOW, statusId, { roleId: ctx.roleId ?? ROLE.STAFF, deliveryType });
  const actions: OrderAction[] = [];
  if (steps.includes('claim')) actions.push('claim');
  if (steps.includes('pack')) actions.push(...PICKING_ACTIONS, 'pack');
  if (steps.includes('confirm') && deliveryType === DELIVERY_TYPE.PICKUP) actions.push('handover');
  if (steps.includes('archive')) actions.push(statusId === ORDER_STATUS.CANCELLED ? 'archiveCancelled' : 'finish');
  if (isCancellable(statusId) && !ctx.cancelPending && ctx.roleId !== undefined) actions.push(steps.includes('cancel') ? 'cancel' : 'requestCancel');
  if ((statusId === ORDER_STATUS.COMPLETED || statusId === ORDER_STATUS.HISTORY) && ctx.returnable) actions.push('requestReturn');
  return actions;
}
