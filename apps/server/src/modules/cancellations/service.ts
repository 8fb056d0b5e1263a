import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  cancelMinRole,
  CANCEL_REQUEST_FLOW,
  CANCEL_REQUEST_STATUS,
  CANCEL_RULE,
  hasRoleAtLeast,
  isCancellable,
  ORDER_STATUS,
  STOCK_CAUSE,
  type CancelApproveBody,
  type CancelBody,
  type CancelRequestAction,
  type CancellableStatus,
  type CancelRejectBody,
  type CancelResult,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { cancelRequests, orders } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { applyStep, type StepRefusal } from '../../platform/workflow';
import { cancelOrderBookings } from '../bookings';
import { enqueueChannelNotice } from '../channels';
import { changeOrderStatus, loadOrderDetail, lockOrderRow, type OrderRecord, type OrderViewer } from '../orders';
import { movementsOf, moveStock } from '../stock';
import { chosenReason, latestRequestOf, loadRequest, reasonLabel, resolveReason } from './queries';

type RequestRecord = typeof cancelRequests.$inferSelect;

const ONE_PENDING_INDEX = 'cancel_requests_one_pending';

/**
 * Cancels a locked order, the one way for a direct cancel and an approval alike (decision 87), in
 * the caller's transaction: 11xx → 1106 through the lifecycle (which refuses a role below
 * CANCEL_RULE, the delivery rule included, with everything rolled back), who and why on the order,
 * the units a pack took back on the books (exactly once: the ledger's unique ref), its open stock
 * bookings cancelled (the bookings area's `cancelOrderBookings`), and the notice to the sales
 * channel. Events: `order.cancelled`, `booking.cancelled` per open booking.
 */
async function cancelOrder(tx: Tx, p: OrderViewer, order: OrderRecord, reason: string): Promise<void> {
  const from = order.statusId as CancellableStatus;
  await changeOrderStatus(tx, p, order.shipmentNo, 'cancel', {
    from,
    reason,
    payload: { reason },
    apply: async (locked) => {
      // cancelledAt and cancelledBy are the cancel step's stamps.
      await tx.update(orders).set({ cancelReason: reason }).where(eq(orders.id, locked.id));
      // Decision 88: its open stock bookings end with it; units a store took for it go back to that store's shelf.
      await cancelOrderBookings(tx, p, { id: locked.id, shipmentNo: locked.shipmentNo, storeCode: locked.storeCode });
      // Packed goods left the books at pack; they return to the shelf with the cancel. Before packing nothing moved.
      if (from === ORDER_STATUS.IN_PROGRESS) {
        const packed = await movementsOf(tx, STOCK_CAUSE.PACK, locked.shipmentNo);
        await moveStock(
          tx,
          packed.map((m) => ({ storeCode: m.storeCode, productId: m.productId, delta: -m.delta, condition: m.condition, cause: STOCK_CAUSE.CANCEL, ref: locked.shipmentNo, actorUserId: p.userId })),
        );
      }
      await enqueueChannelNotice(tx, {
        orderId: locked.id,
        shipmentNo: locked.shipmentNo,
        storeCode: locked.storeCode,
        appId: order.appId,
        kind: 'order.cancelled',
        ref: locked.shipmentNo,
        payload: { orderNo: locked.orderNo, fromStatus: from, reason },
      });
    },
  });
}

/** The order a cancellation is about, row-locked; missing or another store's → 404. */
async function lockOrder(tx: Tx, p: OrderViewer, shipmentNo: string, notFound: 'NOT_FOUND' | 'CANCEL_REQUEST_NOT_FOUND'): Promise<OrderRecord> {
  const order = await lockOrderRow(tx, p, shipmentNo);
  if (!order) throw new AppError(notFound);
  return order;
}

async function result(db: Db, p: OrderViewer, ids: { requestId: number; orderId: number }): Promise<CancelResult> {
  return { request: await loadRequest(db, ids.requestId, p), order: await loadOrderDetail(db, ids.orderId, p) };
}

/**
 * "Batalkan pesanan" for an order in 1101, 1102 or 1103. What it becomes is the caller's role
 * (CANCEL_RULE): a decider cancels at once (the request is written approved, so who, when and why
 * stay in one place); anyone else leaves a request for a decider (`cancel.requested`). One pending
 * request per order; a finished or cancelled order is refused.
 */
export async function requestCancellation(db: Db, p: OrderViewer, body: CancelBody): Promise<CancelResult> {
  const ids = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, body.shipmentNo, 'NOT_FOUND');
    const reason = await resolveReason(tx, body.reasonId, 'body.reasonId');
    if (!isCancellable(order.statusId)) throw new AppError('CANCEL_NOT_ALLOWED');
    const latest = await latestRequestOf(tx, order.id);
    if (latest?.status === CANCEL_REQUEST_STATUS.PENDING) throw new AppError('CANCEL_REQUEST_PENDING');
    const shown = chosenReason(reason.storedId, reason.label, body.reasonText ?? null);
    const decides = hasRoleAtLeast(p.roleId, cancelMinRole(order.statusId, order.deliveryType)!);
    let row: RequestRecord | undefined;
    try {
      [row] = await tx
        .insert(cancelRequests)
        .values({
          orderId: order.id,
          reasonId: reason.storedId,
          reasonText: body.reasonText ?? null,
          requestedInStatus: order.statusId,
          requestedBy: p.userId,
          status: decides ? CANCEL_REQUEST_STATUS.APPROVED : CANCEL_REQUEST_STATUS.PENDING,
          ...(decides ? { decidedBy: p.userId, decidedAt: sql`now()` } : {}),
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err, ONE_PENDING_INDEX)) throw new AppError('CANCEL_REQUEST_PENDING');
      throw err;
    }
    if (decides) {
      await cancelOrder(tx, p, order, shown.display);
    } else {
      await recordChange(
        tx,
        { actorUserId: p.userId, entity: 'cancel_request', entityId: order.shipmentNo, action: 'request', toValue: CANCEL_REQUEST_STATUS.PENDING, reason: shown.display },
        {
          storeCode: order.storeCode,
          type: 'cancel.requested',
          payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: row!.id, statusId: order.statusId, requesterName: p.name, reason: shown.display },
        },
      );
    }
    return { requestId: row!.id, orderId: order.id };
  });
  return result(db, p, ids);
}

/** The order and its latest request, row-locked: none → 404 (whether it is still pending is the step's to say). */
async function lockRequest(tx: Tx, p: OrderViewer, shipmentNo: string): Promise<{ order: OrderRecord; request: RequestRecord }> {
  const order = await lockOrder(tx, p, shipmentNo, 'CANCEL_REQUEST_NOT_FOUND');
  const request = await latestRequestOf(tx, order.id);
  if (!request) throw new AppError('CANCEL_REQUEST_NOT_FOUND');
  return { order, request };
}

/**
 * A decision is a step of CANCEL_REQUEST_FLOW through the workflow kernel: pending → approved or
 * rejected, with a compare-and-set so the loser of two decisions at once learns it was decided (409
 * CANCEL_ALREADY_DECIDED, as a request decided before); decidedAt and decidedBy are the step's stamps.
 */
const decisionSpec = <A extends CancelRequestAction>(tx: Tx, p: OrderViewer, request: RequestRecord, action: A, decisionNote: string | null) => ({
  flow: CANCEL_REQUEST_FLOW,
  action,
  status: request.status,
  actor: { userId: p.userId, roleId: p.roleId },
  refuse: (why: StepRefusal) => new AppError(why === 'conflict' ? 'CANCEL_ALREADY_DECIDED' : 'FORBIDDEN'),
  move: async (step: { from: string; to: string | null }, _done: unknown, stamps: Record<string, SQL | number>) => {
    const [row] = await tx
      .update(cancelRequests)
      .set({ ...stamps, status: step.to ?? step.from, decisionNote })
      .where(and(eq(cancelRequests.id, request.id), eq(cancelRequests.status, step.from)))
      .returning();
    return row;
  },
});

/**
 * Approve a pending request: the order is cancelled exactly as by a direct cancel, in the status it
 * is in now (a request made in 1102 of an order packed since is decided by the 1103 rule). An order
 * that moved past cancelling (completed) is refused and the request stays as it was.
 * Events: `order.cancelled`, `cancel.approved`.
 */
export async function approveCancellation(db: Db, p: OrderViewer, shipmentNo: string, body: CancelApproveBody): Promise<CancelResult> {
  const ids = await db.transaction(async (tx) => {
    const { order, request } = await lockRequest(tx, p, shipmentNo);
    let reason = '';
    const { row: decided } = await applyStep(tx, {
      ...decisionSpec(tx, p, request, 'approve', body.note ?? null),
      before: async () => {
        if (!isCancellable(order.statusId)) throw new AppError('CANCEL_NOT_ALLOWED');
      },
      after: async (_step, decided) => {
        reason = chosenReason(decided.reasonId, await reasonLabel(tx, decided.reasonId), decided.reasonText).display;
        await cancelOrder(tx, p, order, reason);
      },
      record: (step, decided) => ({
        audit: { entity: 'cancel_request', entityId: order.shipmentNo, action: step.action, fromValue: step.from, toValue: step.to, reason: body.note ?? null },
        storeCode: order.storeCode,
        payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: decided.id, deciderName: p.name, reason },
      }),
    });
    return { requestId: decided.id, orderId: order.id };
  });
  return result(db, p, ids);
}

/**
 * Reject a pending request with a note the crew reads; the order stays as it is. Only those who
 * could approve it may (CANCEL_RULE of the order now); a request of an order that can no longer be
 * cancelled may be closed by any decider. Event: `cancel.rejected`.
 */
export async function rejectCancellation(db: Db, p: OrderViewer, shipmentNo: string, body: CancelRejectBody): Promise<CancelResult> {
  const ids = await db.transaction(async (tx) => {
    const { order, request } = await lockRequest(tx, p, shipmentNo);
    const { row: decided } = await applyStep(tx, {
      ...decisionSpec(tx, p, request, 'reject', body.note),
      before: async () => {
        if (isCancellable(order.statusId) && !hasRoleAtLeast(p.roleId, cancelMinRole(order.statusId, order.deliveryType)!)) {
          // The refusal the lifecycle gives an approval: the delivery rule has its own words.
          throw new AppError(hasRoleAtLeast(p.roleId, CANCEL_RULE[order.statusId].minRole) ? 'CANCEL_NEEDS_SUPERVISOR' : 'FORBIDDEN');
        }
      },
      record: (step, decided) => ({
        audit: { entity: 'cancel_request', entityId: order.shipmentNo, action: step.action, fromValue: step.from, toValue: step.to, reason: body.note },
        storeCode: order.storeCode,
        payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: decided.id, deciderName: p.name, note: body.note },
      }),
    });
    return { requestId: decided.id, orderId: order.id };
  });
  return result(db, p, ids);
}
