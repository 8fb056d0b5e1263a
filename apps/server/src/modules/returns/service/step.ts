import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  admits,
  ERROR_DETAILS,
  factsFit,
  RETURN_FLOW,
  RETURN_STATUS_LABEL,
  type ChannelNoticeKind,
  type EventOf,
  type EventPayload,
  type FlowStep,
  type ReturnAction,
  type ReturnDetail,
  type ReturnStatus,
} from '@gerai/contract';
import type { Db, Tx } from '../../../db/client';
import { orders, returnLines, returns } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { storeScope } from '../../../platform/scope';
import { applyStep, type StepActor } from '../../../platform/workflow';
import { enqueueChannelNotice } from '../../channels';
import { loadReturnDetail, RETURN_ENTITY, returnRef } from '../views';

export const now = sql`now()`;

/** The steps the sales channel is told of (channel_notices, sent by the channels module's dispatcher). */
const STEP_NOTICE: Partial<Record<ReturnAction, ChannelNoticeKind>> = { approve: 'return.approved', reject: 'return.rejected', refund: 'return.refunded' };

export type ReturnRow = typeof returns.$inferSelect;
type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'orderNo' | 'appId' | 'customerLat' | 'customerLng'>;

/** What every return event carries besides the status it reached (a literal per event type). */
export type ReturnFacts = Omit<EventPayload<'return.approved'>, 'status'>;

export interface StepContext {
  ret: ReturnRow;
  order: OrderRow;
  from: ReturnStatus;
  to: ReturnStatus;
}

export interface StepWrite<A extends ReturnAction> {
  /** Columns of the return the step sets besides its status and stamps. */
  set?: PgUpdateSetSource<typeof returns>;
  /** The step's note, kept in the history (audit reason) and the channel notice. */
  note?: string | null;
  /** The step's event: the catalogue's payload of the step's event type. */
  event: (facts: ReturnFacts) => EventPayload<EventOf<typeof RETURN_FLOW, A>>;
}

/**
 * Why `action` cannot be taken on the return now: no such step for its delivery type (a pickup
 * order's goods are received at the store, never collected), the caller's role below every step
 * of that action (403), else the return has moved on (409, naming its status now).
 */
function refusal(action: ReturnAction, ret: ReturnRow, p: Principal): AppError {
  const flow: readonly FlowStep[] = RETURN_FLOW;
  const steps = flow.filter((s) => s.action === action && factsFit(s, { deliveryType: ret.deliveryType }));
  if (steps.length === 0) return new AppError('RETURN_POD_PICKUP_ORDER');
  if (!steps.some((s) => admits(s.who, { roleId: p.roleId }))) return new AppError('FORBIDDEN');
  return new AppError('RETURN_STATUS_CHANGED', ERROR_DETAILS.returnStatusChangedTo(RETURN_STATUS_LABEL[ret.status as ReturnStatus] ?? ret.status));
}

/** Where RETURN_FLOW is looked up for a locked return: its status and delivery type, the caller's role; every refusal is `refusal`'s. */
export const stepSpecOf = <A extends ReturnAction>(p: Principal, ret: ReturnRow, action: A) => ({
  flow: RETURN_FLOW,
  action,
  status: ret.status,
  facts: { deliveryType: ret.deliveryType },
  actor: { userId: p.userId, roleId: p.roleId } satisfies StepActor,
  refuse: () => refusal(action, ret, p),
});

/** The order's latest return in the caller's stores, row-locked (404 RETURN_NOT_FOUND). */
export async function lockLatestReturn(tx: Tx, p: Principal, shipmentNo: string): Promise<ReturnRow> {
  const [ret] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.shipmentNo, shipmentNo), storeScope(returns.storeCode, p)))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(1)
    .for('update');
  if (!ret) throw new AppError('RETURN_NOT_FOUND');
  return ret;
}

/**
 * RETURN_FLOW applied through the workflow kernel. In one transaction: the order's latest return in
 * the caller's stores, row-locked (404 RETURN_NOT_FOUND); the step `action` takes from its status
 * for its delivery type and the caller's role (403 below it, 409 RETURN_STATUS_CHANGED when the
 * return is no longer where the step starts: the loser of a race); the step's own checks and
 * writes (`write`); the status moved with a compare-and-set; the audit row and the typed event;
 * for decisions and the refund, the notice to the sales channel. Returns the return's detail.
 */
export async function applyReturnStep<A extends ReturnAction>(
  db: Db,
  p: Principal,
  shipmentNo: string,
  action: A,
  write: (tx: Tx, ctx: StepContext) => Promise<StepWrite<A>>,
): Promise<ReturnDetail> {
  const returnId = await db.transaction((tx) => applyReturnStepIn(tx, p, shipmentNo, action, write));
  return loadReturnDetail(db, p, returnId);
}

/** applyReturnStep inside the caller's transaction (a change of another area that moves a return: an approved return POD). Returns the return's id. */
export async function applyReturnStepIn<A extends ReturnAction>(tx: Tx, p: Principal, shipmentNo: string, action: A, write: (tx: Tx, ctx: StepContext) => Promise<StepWrite<A>>): Promise<number> {
  const ret = await lockLatestReturn(tx, p, shipmentNo);
  const { done } = await applyStep(tx, {
    ...stepSpecOf(p, ret, action),
    before: async (step) => {
      const [order] = await tx
        .select({ id: orders.id, orderNo: orders.orderNo, appId: orders.appId, customerLat: orders.customerLat, customerLng: orders.customerLng })
        .from(orders)
        .where(eq(orders.id, ret.orderId))
        .limit(1);
      const ctx: StepContext = { ret, order: order!, from: step.from, to: step.to };
      return { ctx, write: await write(tx, ctx) };
    },
    move: async (step, { write: w }, stamps) => {
      const [moved] = await tx
        .update(returns)
        .set({ ...w.set, ...stamps, status: step.to, updatedAt: now })
        .where(and(eq(returns.id, ret.id), eq(returns.status, step.from)))
        .returning({ id: returns.id });
      return moved;
    },
    record: (step, _row, { ctx, write: w }) => ({
      audit: { entity: RETURN_ENTITY, entityId: String(ret.id), action, fromValue: step.from, toValue: ctx.to, reason: w.note ?? null },
      storeCode: ret.storeCode,
      payload: w.event({ shipmentNo: ret.shipmentNo, orderNo: ctx.order.orderNo, returnId: ret.id, actorName: p.name }),
    }),
  });
  const kind = STEP_NOTICE[action];
  if (kind) {
    await enqueueChannelNotice(tx, {
      orderId: ret.orderId,
      shipmentNo: ret.shipmentNo,
      storeCode: ret.storeCode,
      appId: done.ctx.order.appId,
      kind,
      ref: returnRef(ret.id),
      payload: { returnId: ret.id, shipmentNo: ret.shipmentNo, orderNo: done.ctx.order.orderNo, status: done.ctx.to, note: done.write.note ?? null, lines: await noticeLines(tx, ret.id) },
    });
  }
  return ret.id;
}

/** What the channel is told of the goods: product and quantities per line. */
async function noticeLines(tx: Tx, returnId: number) {
  const rows = await tx
    .select({ productID: returnLines.productId, qty: returnLines.qty, qtyReceived: returnLines.qtyReceived })
    .from(returnLines)
    .where(eq(returnLines.returnId, returnId))
    .orderBy(returnLines.id);
  return rows;
}
