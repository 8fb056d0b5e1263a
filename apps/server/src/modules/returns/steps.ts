import { and, desc, eq, sql } from 'drizzle-orm';
import {
  describeDirection,
  distanceMeters,
  ERROR_DETAILS,
  FIELD_MESSAGES,
  hasRoleAtLeast,
  RETURN_FLOW,
  RETURN_STATUS_LABEL,
  returnStep,
  roundMeters,
  STOCK_CAUSE,
  STOCK_CONDITION,
  type ChannelNoticeKind,
  type EventPayload,
  type ReturnAction,
  type ReturnApproveBody,
  type ReturnDetail,
  type ReturnEventType,
  type ReturnPodBody,
  type ReturnReceiveBody,
  type ReturnRejectBody,
  type ReturnStatus,
} from '@gerai/contract';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { orderLines, orders, returnLines, returns } from '../../db/schema';
import { recordChange, type DomainEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';
import { enqueueChannelNotice } from '../channels';
import { captureRefusal, closePendingRequests, decidePod, RETURN_AUTO_CLOSE_TEXT, refuseCapture, type CaptureRefusal, type CaptureTimes, type PodLimits } from '../pod';
import { moveStock } from '../stock';
import { loadReturnDetail, RETURN_ENTITY, returnRef } from './views';

const now = sql`now()`;

/** The event each step writes. */
const STEP_EVENT = {
  approve: 'return.approved',
  reject: 'return.rejected',
  collect: 'return.collected',
  receive: 'return.received',
  refund: 'return.refunded',
} as const satisfies Record<ReturnAction, ReturnEventType>;

/** The steps the sales channel is told of (channel_notices, sent by the channels module's dispatcher). */
const STEP_NOTICE: Partial<Record<ReturnAction, ChannelNoticeKind>> = { approve: 'return.approved', reject: 'return.rejected', refund: 'return.refunded' };

type StepEventType<A extends ReturnAction> = (typeof STEP_EVENT)[A];
/** What a step adds to the fields every step's event has. */
type StepExtra<A extends ReturnAction> = Omit<EventPayload<StepEventType<A>>, 'shipmentNo' | 'orderNo' | 'returnId' | 'status' | 'actorName'>;

type ReturnRow = typeof returns.$inferSelect;
type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'orderNo' | 'appId' | 'customerLat' | 'customerLng'>;

export interface StepContext {
  ret: ReturnRow;
  order: OrderRow;
  from: ReturnStatus;
  to: ReturnStatus;
}

export interface StepWrite<A extends ReturnAction> {
  /** Columns of the return the step sets besides its status. */
  set?: PgUpdateSetSource<typeof returns>;
  /** The step's note, kept in the history (audit reason) and the channel notice. */
  note?: string | null;
  extra: StepExtra<A>;
}

/**
 * Why `action` cannot be taken on the return now: no such step for its delivery type (a pickup
 * order's goods are received at the store, never collected), the caller's role below every step
 * of that action (403), else the return has moved on (409, naming its status now).
 */
function refusal(action: ReturnAction, ret: ReturnRow, p: Principal): AppError {
  const steps = RETURN_FLOW.filter((s) => s.action === action && (s.deliveryType === undefined || s.deliveryType === ret.deliveryType));
  if (steps.length === 0) return new AppError('RETURN_POD_PICKUP_ORDER');
  if (!steps.some((s) => hasRoleAtLeast(p.roleId, s.minRole))) return new AppError('FORBIDDEN');
  return new AppError('RETURN_STATUS_CHANGED', ERROR_DETAILS.returnStatusChangedTo(RETURN_STATUS_LABEL[ret.status as ReturnStatus] ?? ret.status));
}

/**
 * The one place RETURN_FLOW is applied. In one transaction: the order's latest return in the
 * caller's stores, row-locked (404 RETURN_NOT_FOUND); the step `action` takes from its status
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

/** The order's latest return in the caller's stores, row-locked (404 RETURN_NOT_FOUND). */
async function lockLatestReturn(tx: Tx, p: Principal, shipmentNo: string): Promise<ReturnRow> {
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

/** applyReturnStep inside the caller's transaction (a change of another area that moves a return: an approved return POD). Returns the return's id. */
export async function applyReturnStepIn<A extends ReturnAction>(tx: Tx, p: Principal, shipmentNo: string, action: A, write: (tx: Tx, ctx: StepContext) => Promise<StepWrite<A>>): Promise<number> {
  const ret = await lockLatestReturn(tx, p, shipmentNo);
  const step = returnStep(action, ret.status as ReturnStatus, ret.deliveryType);
  if (!step || !hasRoleAtLeast(p.roleId, step.minRole)) throw refusal(action, ret, p);
  const [order] = await tx
    .select({ id: orders.id, orderNo: orders.orderNo, appId: orders.appId, customerLat: orders.customerLat, customerLng: orders.customerLng })
    .from(orders)
    .where(eq(orders.id, ret.orderId))
    .limit(1);
  const ctx: StepContext = { ret, order: order!, from: step.from, to: step.to };
  const done = await write(tx, ctx);
  const [moved] = await tx
    .update(returns)
    .set({ ...done.set, status: step.to, updatedAt: now })
    .where(and(eq(returns.id, ret.id), eq(returns.status, step.from)))
    .returning({ id: returns.id });
  // The row is locked, so this holds; the guard keeps a second writer of the status honest.
  if (!moved) throw refusal(action, ret, p);
  const note = done.note ?? null;
  const payload = { shipmentNo: ret.shipmentNo, orderNo: ctx.order.orderNo, returnId: ret.id, status: step.to, actorName: p.name, ...done.extra } as EventPayload<StepEventType<A>>;
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: RETURN_ENTITY, entityId: String(ret.id), action, fromValue: step.from, toValue: step.to, reason: note },
    { storeCode: ret.storeCode, type: STEP_EVENT[action], payload } as DomainEvent<StepEventType<A>>,
  );
  const kind = STEP_NOTICE[action];
  if (kind) {
    await enqueueChannelNotice(tx, {
      orderId: ret.orderId,
      shipmentNo: ret.shipmentNo,
      storeCode: ret.storeCode,
      appId: ctx.order.appId,
      kind,
      ref: returnRef(ret.id),
      payload: { returnId: ret.id, shipmentNo: ret.shipmentNo, orderNo: ctx.order.orderNo, status: step.to, note, lines: await noticeLines(tx, ret.id) },
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

// --- the steps ----------------------------------------------------------------------------

/** The kepala toko and above approve a requested return (an optional note). */
export function approveReturn(db: Db, p: Principal, shipmentNo: string, body: ReturnApproveBody): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'approve', async () => ({
    set: { decidedBy: p.userId, decidedAt: now, decisionNote: body.note ?? null },
    note: body.note ?? null,
    extra: {},
  }));
}

/** The kepala toko and above reject a requested return, saying why. */
export function rejectReturn(db: Db, p: Principal, shipmentNo: string, body: ReturnRejectBody): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'reject', async () => ({
    set: { decidedBy: p.userId, decidedAt: now, decisionNote: body.note },
    note: body.note,
    extra: { note: body.note },
  }));
}

/** Thrown inside the step's transaction so it rolls back; the refusal is recorded after. */
class CaptureRefused extends Error {
  constructor(readonly refusal: CaptureRefusal) {
    super(refusal);
  }
}

/**
 * The return POD: the crew collect a delivered order's goods at the customer's address. The
 * position is decided on as scan and go decides (decisions 87): captured at most
 * POD_CAPTURE_MAX_AGE_MINUTES before it arrives, precise to POD_MAX_ACCURACY_METERS, within
 * POD_RADIUS_METERS of the customer's coordinates; else 422 and nothing changes.
 */
export async function collectReturn(db: Db, p: Principal, limits: PodLimits, shipmentNo: string, body: ReturnPodBody, receivedAt = new Date()): Promise<ReturnDetail> {
  const times: CaptureTimes = { capturedAt: new Date(body.capturedAt), receivedAt };
  try {
    return await applyReturnStep(db, p, shipmentNo, 'collect', async (tx, { ret, order }) => {
      // The position's time first: a stale position says nothing about where the crew was.
      const stale = captureRefusal(times, limits);
      if (stale) throw new CaptureRefused(stale);
      if (order.customerLat === null || order.customerLng === null) throw new AppError('POD_CUSTOMER_LOCATION_MISSING');
      const customer = { lat: order.customerLat, lng: order.customerLng };
      const point = { lat: body.lat, lng: body.long };
      const distanceM = distanceMeters(customer, point);
      const verdict = decidePod(distanceM, body.accuracy, limits);
      if (verdict === 'inaccurate') {
        throw new AppError('POD_ACCURACY_TOO_LOW', undefined, [{ path: 'body.accuracy', message: `Akurasi lokasi ±${Math.round(body.accuracy)} m, paling besar ${limits.maxAccuracyM} m.` }]);
      }
      if (verdict === 'outside') {
        const direction = describeDirection(customer, point);
        throw new AppError('POD_OUTSIDE_AREA', undefined, [{ path: 'body.lat', message: `Lokasi Anda ${direction.text} dari titik pelanggan, di luar radius ${limits.radiusM} m.` }]);
      }
      const relation = body.receiverOther ? `${body.receiverRelation}: ${body.receiverOther}` : body.receiverRelation;
      // The crew walked close enough: a return POD request still waiting is moot.
      await closePendingRequests(tx, p.userId, { id: order.id, shipmentNo: ret.shipmentNo, orderNo: order.orderNo, storeCode: ret.storeCode }, RETURN_AUTO_CLOSE_TEXT);
      return {
        set: {
          collectedAt: now,
          collectedBy: p.userId,
          lat: body.lat,
          lng: body.long,
          accuracy: body.accuracy,
          distanceM: roundMeters(distanceM),
          capturedAt: times.capturedAt,
          receiverName: body.receiverName,
          receiverRelation: body.receiverRelation,
          receiverOther: body.receiverOther ?? null,
        },
        note: `Diserahkan oleh ${body.receiverName} (${relation}), ${roundMeters(distanceM)} m dari titik pelanggan`,
        extra: { distanceM: roundMeters(distanceM) },
      };
    });
  } catch (err) {
    if (err instanceof CaptureRefused) throw await refuseCapture(db, p, shipmentNo, err.refusal, times, limits);
    throw err;
  }
}

/** The return a return POD request is about, and its order's customer point. */
export interface ReturnForPodRequest {
  returnId: number;
  orderId: number;
  shipmentNo: string;
  orderNo: string;
  storeCode: string;
  deliveryType: number;
  customer: { lat: number; lng: number } | null;
}

/**
 * A return POD request (the POD area's approval request of type 'retur') may be made only for a
 * return whose next step is its collection at the customer's address: the order's latest return in
 * the caller's stores (404 RETURN_NOT_FOUND), row-locked, of a delivered order (422
 * RETURN_POD_PICKUP_ORDER) and approved, not yet collected (409 RETURN_STATUS_CHANGED naming its status).
 */
export async function lockReturnForPodRequest(tx: Tx, p: Principal, shipmentNo: string): Promise<ReturnForPodRequest> {
  const ret = await lockLatestReturn(tx, p, shipmentNo);
  const step = returnStep('collect', ret.status as ReturnStatus, ret.deliveryType);
  if (!step || !hasRoleAtLeast(p.roleId, step.minRole)) throw refusal('collect', ret, p);
  const [order] = await tx.select({ orderNo: orders.orderNo, lat: orders.customerLat, lng: orders.customerLng }).from(orders).where(eq(orders.id, ret.orderId)).limit(1);
  return {
    returnId: ret.id,
    orderId: ret.orderId,
    shipmentNo: ret.shipmentNo,
    orderNo: order!.orderNo,
    storeCode: ret.storeCode,
    deliveryType: ret.deliveryType,
    customer: order!.lat !== null && order!.lng !== null ? { lat: order!.lat, lng: order!.lng } : null,
  };
}

/** What an approved return POD request collects the goods with: the request's position, its crew member, the receiver it did not record. */
export interface ApprovedCollection {
  lat: number;
  lng: number;
  accuracy: number | null;
  distanceM: number | null;
  capturedAt: Date | null;
  /** The crew member who was at the customer's address (the requester). */
  collectedBy: number | null;
  receiver: { name: string; relation: string; other: string };
  /** The history's line: who approved, how far. */
  note: string;
}

/**
 * The return POD through an approved request, inside the approval's transaction: the collect step
 * of RETURN_FLOW (approved → collected) with the request's position. `decide` runs once the return
 * is locked and the step allowed (it decides the request and records its event), so a return that
 * moved on refuses the approval and nothing changes. Returns the return's id.
 */
export function collectByApproval(tx: Tx, p: Principal, shipmentNo: string, decide: () => Promise<ApprovedCollection>): Promise<number> {
  return applyReturnStepIn(tx, p, shipmentNo, 'collect', async () => {
    const a = await decide();
    return {
      set: {
        collectedAt: now,
        collectedBy: a.collectedBy,
        lat: a.lat,
        lng: a.lng,
        accuracy: a.accuracy,
        distanceM: a.distanceM,
        capturedAt: a.capturedAt,
        receiverName: a.receiver.name,
        receiverRelation: a.receiver.relation,
        receiverOther: a.receiver.other,
      },
      note: a.note,
      extra: { distanceM: a.distanceM },
    };
  });
}

/** The status of the order's latest return (a return POD request's detail shows it), or null. */
export async function latestReturnStatus(tx: Pick<Db, 'select'>, orderId: number): Promise<ReturnStatus | null> {
  const [row] = await tx.select({ status: returns.status }).from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.createdAt), desc(returns.id)).limit(1);
  return (row?.status as ReturnStatus | undefined) ?? null;
}

/**
 * The goods arrive at the store: every line of the return once, what came back (at most the line's
 * quantity) and where it goes. The units enter the store's stock on the ledger (cause 'return',
 * ref `return:<id>`): sellable to qty, damaged to qty_damaged, once per return whatever happens.
 */
export function receiveReturn(db: Db, p: Principal, shipmentNo: string, body: ReturnReceiveBody): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'receive', async (tx, { ret }) => {
    const lines = await tx
      .select({ id: returnLines.id, lineId: returnLines.orderLineId, productId: returnLines.productId, qty: returnLines.qty, name: orderLines.name })
      .from(returnLines)
      .leftJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnId, ret.id))
      .orderBy(returnLines.id);
    const byLineId = new Map(lines.map((l) => [l.lineId ?? -l.id, l]));
    const given = new Set<number>();
    body.lines.forEach((l, i) => {
      const line = byLineId.get(l.lineId);
      if (!line) throw new AppError('RETURN_LINE_UNKNOWN', undefined, [{ path: `body.lines.${i}.lineId`, message: `Produk #${l.lineId} tidak ada di retur ini.` }]);
      if (l.qtyReceived > line.qty) {
        throw new AppError('RETURN_RECEIVED_EXCEEDS', undefined, [{ path: `body.lines.${i}.qtyReceived`, message: `${line.name ?? line.productId}: diterima ${l.qtyReceived}, retur ${line.qty}.` }]);
      }
      given.add(l.lineId);
    });
    const missing = lines.filter((l) => !given.has(l.lineId ?? -l.id));
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        undefined,
        missing.map((l) => ({ path: 'body.lines', message: FIELD_MESSAGES.returnLineMissing(l.name ?? l.productId) })),
      );
    }
    let sellable = 0;
    let damaged = 0;
    for (const l of body.lines) {
      const line = byLineId.get(l.lineId)!;
      await tx.update(returnLines).set({ qtyReceived: l.qtyReceived, condition: l.condition }).where(eq(returnLines.id, line.id));
      if (l.condition === STOCK_CONDITION.DAMAGED) damaged += l.qtyReceived;
      else sellable += l.qtyReceived;
    }
    await moveStock(
      tx,
      body.lines
        .filter((l) => l.qtyReceived > 0)
        .map((l) => ({
          storeCode: ret.storeCode,
          productId: byLineId.get(l.lineId)!.productId,
          delta: l.qtyReceived,
          condition: l.condition,
          cause: STOCK_CAUSE.RETURN,
          ref: returnRef(ret.id),
          actorUserId: p.userId,
        })),
    );
    return { set: { receivedAt: now, receivedBy: p.userId }, note: body.note ?? null, extra: { sellable, damaged } };
  });
}

/** The kepala toko and above confirm the refund of a received return. */
export function refundReturn(db: Db, p: Principal, shipmentNo: string): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'refund', async () => ({ set: { refundedAt: now, refundedBy: p.userId }, extra: {} }));
}
