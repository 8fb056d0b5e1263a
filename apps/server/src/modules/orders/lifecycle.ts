import { and, eq, sql } from 'drizzle-orm';
import { admits, ERROR_DETAILS, ORDER_FLOW, ORDER_STATUS, ORDER_STATUS_LABEL, stepOf, type EventOf, type EventPayload, type OrderStatusId, type RoleId } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/columns';
import { orders, orderStatusHistory, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, storeScope } from '../../platform/scope';
import { applyStep } from '../../platform/workflow';

const S = ORDER_STATUS;

export type OrderRecord = typeof orders.$inferSelect;
/** The columns a change needs; the pickup code stays on the server. */
export type LockedOrder = Pick<OrderRecord, 'id' | 'shipmentNo' | 'orderNo' | 'storeCode' | 'statusId' | 'deliveryType' | 'pickupCode'>;

const LOCKED_COLUMNS = pickColumns(orders, ['id', 'shipmentNo', 'orderNo', 'storeCode', 'statusId', 'deliveryType', 'pickupCode']);

/**
 * The order status machine is the contract's ORDER_FLOW: every status change of an order is one of
 * its steps, taken through `changeOrderStatus`. (from, action) names a step.
 */
export const ORDER_LIFECYCLE = ORDER_FLOW;

type LifecycleStep = (typeof ORDER_FLOW)[number];
export type LifecycleAction = LifecycleStep['action'];
type FromOf<A extends LifecycleAction> = Extract<LifecycleStep, { action: A }>['from'];

/** Fields the lifecycle itself writes into every transition event. */
type StatusChangeField = 'shipmentNo' | 'orderNo' | 'fromStatus' | 'statusId' | 'action' | 'actorName';
/** What the caller adds to the event of action A (the catalogue decides which fields are required). */
export type TransitionPayload<A extends LifecycleAction> = Omit<EventPayload<EventOf<typeof ORDER_FLOW, A>>, StatusChangeField>;

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

/** The fields of every transition event that the lifecycle knows, all but the action. */
type StatusChange = Pick<EventPayload<'order.packed'>, Exclude<StatusChangeField, 'action'>>;
/**
 * Each action's event from the lifecycle's fields and the caller's: written once per action, so the
 * compiler checks every pair against the catalogue (a mapped type over the actions, so a call with a
 * generic action keeps the pair together).
 */
const TRANSITION_EVENT: { [A in LifecycleAction]: (base: StatusChange, extra: TransitionPayload<A>) => EventPayload<EventOf<typeof ORDER_FLOW, A>> } = {
  claim: (base, extra) => ({ ...base, action: 'claim', ...extra }),
  pack: (base, extra) => ({ ...base, action: 'pack', ...extra }),
  confirm: (base, extra) => ({ ...base, action: 'confirm', ...extra }),
  archive: (base, extra) => ({ ...base, action: 'archive', ...extra }),
  cancel: (base, extra) => ({ ...base, action: 'cancel', ...extra }),
};

/**
 * True when the role may take the step (from, action); false also when there is no such step.
 * With the order's delivery type, a step's delivery rule (minRoleDelivery) counts too.
 */
export function mayChangeStatus(roleId: RoleId, from: OrderStatusId, action: LifecycleAction, deliveryType?: number): boolean {
  const step = stepOf(ORDER_FLOW, action, from);
  return step !== undefined && admits(step.who, deliveryType === undefined ? { roleId } : { roleId, deliveryType });
}

function stepFor(action: LifecycleAction, from: OrderStatusId | undefined): LifecycleStep {
  const steps: LifecycleStep[] = ORDER_FLOW.filter((s) => s.action === action && (from === undefined || s.from === from));
  if (steps.length !== 1) throw new Error(`order lifecycle: ${action}${from === undefined ? '' : ` from ${from}`} names ${steps.length} steps`);
  return steps[0]!;
}

/**
 * The only way an order's status changes: ORDER_FLOW's step applied through the workflow kernel in
 * the caller's transaction. 403 when the role may not take the step; then a compare-and-set on the
 * step's from-status that moves the status with the step's stamps, bumps the version and takes the
 * row lock (404 for a missing or another store's order, 409 for a race loser: ORDER_ALREADY_CLAIMED or
 * ORDER_STATUS_CHANGED); a delivery order's higher role (CANCEL_NEEDS_SUPERVISOR); the caller's
 * `apply`; then the status history row, the audit row and the typed event.
 */
export async function changeOrderStatus<A extends LifecycleAction>(
  tx: Tx,
  p: Principal,
  shipmentNo: string,
  action: A,
  ...[options]: AllOptional<ChangeOptions<A>> extends true ? [options?: ChangeOptions<A>] : [options: ChangeOptions<A>]
): Promise<LockedOrder> {
  // The options were checked at the call; inside, their common shape (an empty payload may be left out: spreading nothing adds nothing).
  const opts = (options ?? {}) as { from?: OrderStatusId; reason?: string | null; apply?: (order: LockedOrder) => Promise<void>; payload: TransitionPayload<A> };
  const reason = opts.reason ?? null;
  const { row } = await applyStep(tx, {
    flow: ORDER_FLOW,
    action,
    status: stepFor(action, opts.from).from,
    actor: { userId: p.userId, roleId: p.roleId },
    // The compare-and-set answers its own 404 and 409 (explainMiss).
    refuse: (why) => new AppError(why === 'forbidden' ? 'FORBIDDEN' : 'CONFLICT'),
    before: async () => undefined,
    move: (step, _done, stamps) => compareAndSet(tx, p, shipmentNo, step.from, { ...stamps, statusId: step.to }, step.action),
    after: async (step, order) => {
      // Known only now: a delivery order may need a higher role for this step (rolled back with the move).
      if (!admits(step.who, { roleId: p.roleId, deliveryType: order.deliveryType })) throw new AppError('CANCEL_NEEDS_SUPERVISOR');
      await opts.apply?.(order);
      await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: step.from, toStatus: step.to, actorUserId: p.userId, action: step.action, reason });
    },
    record: (step, order) => ({
      audit: { entity: 'order', entityId: order.shipmentNo, action: step.action, fromValue: String(step.from), toValue: String(step.to), reason },
      storeCode: order.storeCode,
      payload: TRANSITION_EVENT[action]({ shipmentNo: order.shipmentNo, orderNo: order.orderNo, fromStatus: step.from, statusId: step.to, actorName: p.name }, opts.payload),
    }),
  });
  return row;
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
 * changes. Missing or another store's order → null. FOR NO KEY UPDATE, the
 * lock an UPDATE of the order takes: changes of the order still queue, but a
 * row that merely points at it (a chat room's foreign key) does not wait.
 */
export async function lockOrderRow(tx: Tx, p: Principal, shipmentNo: string): Promise<OrderRecord | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.shipmentNo, shipmentNo), storeScope(orders.storeCode, p)))
    .limit(1)
    .for('no key update');
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
