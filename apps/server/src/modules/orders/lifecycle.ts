import { and, eq, sql } from 'drizzle-orm';
import { CANCEL_RULE, DELIVERY_TYPE, ERROR_DETAILS, hasRoleAtLeast, ORDER_STATUS, ORDER_STATUS_LABEL, ROLE, type EventPayload, type OrderStatusId, type RoleId } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { orders, orderStatusHistory, users } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, storeScope } from '../../platform/scope';

const S = ORDER_STATUS;

export type OrderRecord = typeof orders.$inferSelect;
/** The columns a change needs; the pickup code stays on the server. */
export type LockedOrder = Pick<OrderRecord, 'id' | 'shipmentNo' | 'orderNo' | 'storeCode' | 'statusId' | 'deliveryType' | 'pickupCode'>;

const LOCKED_COLUMNS = {
  id: orders.id,
  shipmentNo: orders.shipmentNo,
  orderNo: orders.orderNo,
  storeCode: orders.storeCode,
  statusId: orders.statusId,
  deliveryType: orders.deliveryType,
  pickupCode: orders.pickupCode,
};

type TransitionEvent = 'order.claimed' | 'order.packed' | 'order.completed' | 'order.archived' | 'order.cancelled';

interface Step<E extends TransitionEvent> {
  from: OrderStatusId;
  /** The history and audit action; the catalogue fixes one per event type. */
  action: EventPayload<E>['action'];
  to: OrderStatusId;
  event: E;
  /** The lowest role that may take the step; a higher role holds the rights of those below. */
  minRole: RoleId;
  /**
   * For a delivery order, a higher lowest role (CANCEL_RULE: a delivery out for delivery is called back
   * by an area supervisor). Checked once the compare-and-set knows the order: CANCEL_NEEDS_SUPERVISOR.
   */
  minRoleDelivery?: RoleId;
  /** The order's timestamp set to the transaction's now(). */
  stamp: 'claimedAt' | 'packedAt' | 'completedAt' | 'archivedAt' | 'cancelledAt';
  /** The caller becomes the order's picker. */
  picker?: true;
}
type AnyStep = { [E in TransitionEvent]: Step<E> }[TransitionEvent];

/**
 * The order status machine: every status change of an order is one of these
 * steps, taken through `changeOrderStatus`. (from, action) names a step.
 */
export const ORDER_LIFECYCLE = [
  { from: S.NEW, action: 'claim', to: S.PACKING, event: 'order.claimed', minRole: ROLE.STAFF, stamp: 'claimedAt', picker: true },
  { from: S.PACKING, action: 'pack', to: S.IN_PROGRESS, event: 'order.packed', minRole: ROLE.STAFF, stamp: 'packedAt' },
  // Pickup handover, or proof of delivery (scan and go, an approved request).
  { from: S.IN_PROGRESS, action: 'confirm', to: S.COMPLETED, event: 'order.completed', minRole: ROLE.STAFF, stamp: 'completedAt' },
  { from: S.COMPLETED, action: 'archive', to: S.HISTORY, event: 'order.archived', minRole: ROLE.STAFF, stamp: 'archivedAt' },
  { from: S.CANCELLED, action: 'archive', to: S.HISTORY_CANCELLED, event: 'order.archived', minRole: ROLE.STAFF, stamp: 'archivedAt' },
  // The cancellation area's steps; who may take them is the contract's CANCEL_RULE (decision 87): crew ask, the kepala
  // toko and above cancel, a delivery order out for delivery (1103) needs an area supervisor or above.
  { from: S.NEW, action: 'cancel', to: S.CANCELLED, event: 'order.cancelled', minRole: CANCEL_RULE[S.NEW].minRole, stamp: 'cancelledAt' },
  { from: S.PACKING, action: 'cancel', to: S.CANCELLED, event: 'order.cancelled', minRole: CANCEL_RULE[S.PACKING].minRole, stamp: 'cancelledAt' },
  {
    from: S.IN_PROGRESS,
    action: 'cancel',
    to: S.CANCELLED,
    event: 'order.cancelled',
    minRole: CANCEL_RULE[S.IN_PROGRESS].minRole,
    minRoleDelivery: CANCEL_RULE[S.IN_PROGRESS].minRoleDelivery,
    stamp: 'cancelledAt',
  },
] as const satisfies readonly AnyStep[];

type LifecycleStep = (typeof ORDER_LIFECYCLE)[number];
export type LifecycleAction = LifecycleStep['action'];
type StepOf<A extends LifecycleAction> = Extract<LifecycleStep, { action: A }>;
type FromOf<A extends LifecycleAction> = StepOf<A>['from'];

/** Fields the lifecycle itself writes into every transition event. */
type StatusChangeField = 'shipmentNo' | 'orderNo' | 'fromStatus' | 'statusId' | 'action' | 'actorName';
/** What the caller adds to the event of action A (the catalogue decides which fields are required). */
export type TransitionPayload<A extends LifecycleAction> = Omit<EventPayload<StepOf<A>['event']>, StatusChangeField>;

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** True when every property of T is optional, so T may be left out. */
type AllOptional<T> = Partial<T> extends T ? true : false;
/** No payload for an event without fields of its own (`{}` would accept any object), optional or required by its fields. */
type PayloadOption<P> = [keyof P] extends [never] ? { payload?: never } : AllOptional<P> extends true ? { payload?: P } : { payload: P };

export type ChangeOptions<A extends LifecycleAction> = {
  /** Status history and audit reason. */
  reason?: string | null;
  /**
   * The caller's own checks and writes, run under the row lock after the
   * status moved and before history, audit and event are written; a throw
   * rolls the whole change back.
   */
  apply?: (order: LockedOrder) => Promise<void>;
} & (true extends IsUnion<FromOf<A>> ? { /** The action has several steps: which one. */ from: FromOf<A> } : { from?: FromOf<A> }) &
  PayloadOption<TransitionPayload<A>>;

/**
 * True when the role may take the step (from, action); false also when there is no such step.
 * With the order's delivery type, a step's delivery rule (minRoleDelivery) counts too.
 */
export function mayChangeStatus(roleId: RoleId, from: OrderStatusId, action: LifecycleAction, deliveryType?: number): boolean {
  const step: AnyStep | undefined = ORDER_LIFECYCLE.find((s) => s.from === from && s.action === action);
  if (step === undefined || !hasRoleAtLeast(roleId, step.minRole)) return false;
  return deliveryType === undefined || !needsDeliveryRole(step, deliveryType) || hasRoleAtLeast(roleId, step.minRoleDelivery!);
}

const needsDeliveryRole = (step: AnyStep, deliveryType: number) => step.minRoleDelivery !== undefined && deliveryType === DELIVERY_TYPE.DELIVERY;

function stepFor(action: LifecycleAction, from: OrderStatusId | undefined): AnyStep {
  const steps: AnyStep[] = ORDER_LIFECYCLE.filter((s) => s.action === action && (from === undefined || s.from === from));
  if (steps.length !== 1) throw new Error(`order lifecycle: ${action}${from === undefined ? '' : ` from ${from}`} names ${steps.length} steps`);
  return steps[0]!;
}

/**
 * The only way an order's status changes. One transaction step:
 * 403 when the role may not take the step; then a compare-and-set on the
 * step's from-status that moves the status, bumps the version and takes the
 * row lock (404 for a missing or another store's order, 409 for a race loser:
 * ORDER_ALREADY_CLAIMED or ORDER_STATUS_CHANGED); the caller's `apply`; then
 * the status history row, the audit row and the typed event.
 */
export async function changeOrderStatus<A extends LifecycleAction>(
  tx: Tx,
  p: Principal,
  shipmentNo: string,
  action: A,
  ...[options]: AllOptional<ChangeOptions<A>> extends true ? [options?: ChangeOptions<A>] : [options: ChangeOptions<A>]
): Promise<LockedOrder> {
  // The generic options are checked at the call; inside, their common shape is enough.
  const opts = (options ?? {}) as { from?: OrderStatusId; reason?: string | null; apply?: (order: LockedOrder) => Promise<void>; payload?: object };
  const step = stepFor(action, opts.from);
  if (!hasRoleAtLeast(p.roleId, step.minRole)) throw new AppError('FORBIDDEN');
  const order = await compareAndSet(
    tx,
    p,
    shipmentNo,
    step.from,
    { statusId: step.to, ...(step.picker ? { pickerUserId: p.userId } : {}), [step.stamp]: sql`now()` },
    step.action,
  );
  // Known only now: a delivery order may need a higher role for this step (rolled back with the move).
  if (needsDeliveryRole(step, order.deliveryType) && !hasRoleAtLeast(p.roleId, step.minRoleDelivery!)) throw new AppError('CANCEL_NEEDS_SUPERVISOR');
  await opts.apply?.(order);
  const reason = opts.reason ?? null;
  await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: step.from, toStatus: step.to, actorUserId: p.userId, action: step.action, reason });
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: 'order', entityId: order.shipmentNo, action: step.action, fromValue: String(step.from), toValue: String(step.to), reason },
    {
      storeCode: order.storeCode,
      type: step.event,
      // The caller's part was checked against the catalogue at the call; the compiler cannot join the two halves.
      payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, fromStatus: step.from, statusId: step.to, action: step.action, actorName: p.name, ...opts.payload } as EventPayload<typeof step.event>,
    },
  );
  return order;
}

/**
 * Locks an order that must be in `expected` without changing its status
 * (picking edits): the same compare-and-set, bumping the version only, with
 * the same 404 and 409 answers.
 */
export function lockOrder(tx: Tx, p: Principal, shipmentNo: string, expected: OrderStatusId): Promise<LockedOrder> {
  return compareAndSet(tx, p, shipmentNo, expected, {});
}

/**
 * The whole order row, row-locked for the caller's transaction whatever its
 * status, for checks whose refusals are the caller's own (POD). Nothing
 * changes. Missing or another store's order → null.
 */
export async function lockOrderRow(tx: Tx, p: Principal, shipmentNo: string): Promise<OrderRecord | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.shipmentNo, shipmentNo), storeScope(orders.storeCode, p)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The first statement of every change to an order: compare-and-set on its
 * status (optionally moving it on) that bumps the version and takes the row
 * lock, so all changes of one order run one after another and a change that
 * lost a race sees the new status and stops.
 */
async function compareAndSet(
  tx: Tx,
  p: Principal,
  shipmentNo: string,
  expected: OrderStatusId,
  set: Partial<typeof orders.$inferInsert>,
  action?: LifecycleAction,
): Promise<LockedOrder> {
  const [row] = await tx
    .update(orders)
    .set({ ...set, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.shipmentNo, shipmentNo), eq(orders.statusId, expected), storeScope(orders.storeCode, p)))
    .returning(LOCKED_COLUMNS);
  if (row) return row;
  throw await explainMiss(tx, p, shipmentNo, expected, action);
}

/** "Status pesanan sudah berubah menjadi <status>", for an order no longer in the status a change expected. */
export function statusChangedError(statusId: number): AppError {
  const label = ORDER_STATUS_LABEL[statusId as OrderStatusId] ?? String(statusId);
  return new AppError('ORDER_STATUS_CHANGED', ERROR_DETAILS.orderStatusChangedTo(label));
}

/**
 * Why a change found no order to lock: 404 for a missing or hidden one, 409 for a status that moved on;
 * a claim that lost the race learns who has the order.
 */
export async function explainMiss(tx: Tx | Db, p: Principal, shipmentNo: string, expected: OrderStatusId, action?: LifecycleAction): Promise<AppError> {
  const [current] = await tx
    .select({ storeCode: orders.storeCode, statusId: orders.statusId, pickerName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.pickerUserId))
    .where(eq(orders.shipmentNo, shipmentNo))
    .limit(1);
  assertStoreVisible(p, current?.storeCode);
  const { statusId, pickerName } = current!;
  if (action === 'claim' && statusId === S.PACKING && pickerName) {
    return new AppError('ORDER_ALREADY_CLAIMED', ERROR_DETAILS.orderClaimedBy(pickerName));
  }
  return statusChangedError(statusId);
}
