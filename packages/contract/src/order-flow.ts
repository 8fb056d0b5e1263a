// The order status machine and the cancel request machine as tables (docs/decisions.md 87): the server's
// orders lifecycle is the only code that moves an order's status, the cancellations area the only
// one that decides a request; every screen's order actions come from here (order-actions.ts). Zod-free.
import type { CancelEventType, OrderEventType } from './event-types';
import { ROLE, type RoleId } from './roles';
import { DELIVERY_TYPE, ORDER_STATUS, type OrderStatusId } from './statuses';
import type { FlowStep } from './workflow';
import { CANCEL_REQUEST_STATUS, type CancelRequestStatus } from './workflow-statuses';

/**
 * Who may cancel an order directly or decide a crew member's request, by the order's status
 * (docs/decisions.md 87): crew ask; the kepala toko and above decide; a delivery order in 1103
 * is out for delivery, so only an area supervisor or above may call it back. ORDER_FLOW's cancel
 * steps take their roles from here.
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

export const ORDER_STEP_ACTIONS = ['claim', 'pack', 'confirm', 'archive', 'cancel'] as const;
export type OrderStepAction = (typeof ORDER_STEP_ACTIONS)[number];

const S = ORDER_STATUS;
const crew = { minRole: ROLE.STAFF } as const;

/**
 * Every status change of an order is one of these steps, taken through the server's
 * `changeOrderStatus`; (from, action) names a step. Any crew member takes the daily steps; the cancel
 * steps take their roles from CANCEL_RULE: crew ask, the kepala toko and above cancel, a delivery
 * order out for delivery (1103) needs an area supervisor or above.
 */
export const ORDER_FLOW = [
  { action: 'claim', from: S.NEW, to: S.PACKING, who: crew, event: 'order.claimed', stamps: ['claimedAt', 'pickerUserId'] },
  { action: 'pack', from: S.PACKING, to: S.IN_PROGRESS, who: crew, event: 'order.packed', stamps: ['packedAt'] },
  // Pickup handover, or proof of delivery (scan and go, an approved request).
  { action: 'confirm', from: S.IN_PROGRESS, to: S.COMPLETED, who: crew, event: 'order.completed', stamps: ['completedAt'] },
  { action: 'archive', from: S.COMPLETED, to: S.HISTORY, who: crew, event: 'order.archived', stamps: ['archivedAt'] },
  { action: 'archive', from: S.CANCELLED, to: S.HISTORY_CANCELLED, who: crew, event: 'order.archived', stamps: ['archivedAt'] },
  { action: 'cancel', from: S.NEW, to: S.CANCELLED, who: CANCEL_RULE[S.NEW], event: 'order.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
  { action: 'cancel', from: S.PACKING, to: S.CANCELLED, who: CANCEL_RULE[S.PACKING], event: 'order.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
  { action: 'cancel', from: S.IN_PROGRESS, to: S.CANCELLED, who: CANCEL_RULE[S.IN_PROGRESS], event: 'order.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
] as const satisfies ReadonlyArray<FlowStep<OrderStepAction, OrderStatusId, never, OrderEventType>>;

export const CANCEL_REQUEST_ACTIONS = ['approve', 'reject'] as const;
export type CancelRequestAction = (typeof CANCEL_REQUEST_ACTIONS)[number];

/**
 * A crew member's request to cancel an order (`cancel.requested`, pending) is decided once: approved
 * (the order is cancelled in the same transaction, by ORDER_FLOW's cancel step) or rejected with a
 * note. The route admits the kepala toko and above; whether this decider may decide this order is
 * CANCEL_RULE of the order's status now (the cancellations area checks it).
 */
export const CANCEL_REQUEST_FLOW = [
  { action: 'approve', from: CANCEL_REQUEST_STATUS.PENDING, to: CANCEL_REQUEST_STATUS.APPROVED, who: { minRole: ROLE.STORE_CHIEF }, event: 'cancel.approved', stamps: ['decidedAt', 'decidedBy'] },
  { action: 'reject', from: CANCEL_REQUEST_STATUS.PENDING, to: CANCEL_REQUEST_STATUS.REJECTED, who: { minRole: ROLE.STORE_CHIEF }, event: 'cancel.rejected', stamps: ['decidedAt', 'decidedBy'] },
] as const satisfies ReadonlyArray<FlowStep<CancelRequestAction, CancelRequestStatus, never, CancelEventType>>;
