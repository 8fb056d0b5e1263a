import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  channelByAppId,
  isoDateInWib,
  ORDER_STATUS,
  POD_REASON_OTHER,
  RETURN_OPEN_STATUSES,
  RETURN_STATUS,
  RETURN_STATUSES,
  returnActions,
  roundMeters,
  type ChosenReason,
  type ReturnCount,
  type ReturnCountQuery,
  type ReturnDetail,
  type Returnable,
  type ReturnList,
  type ReturnListQuery,
  type ReturnStatus,
  type ReturnStockCondition,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { auditLog, orderLines, orders, products, returnLines, returnPhotos, returnReasons, returns, uploads, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { listReasons as listReasonsOf, reasonDisplay, resolveReason as resolveReasonOf } from '../../platform/reasons';
import { assertStoreVisible, requireActiveStore, storeScope } from '../../platform/scope';
import { toUpload } from '../../platform/uploads';

type Reader = Db | Tx;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The audit entity of a return's steps: its history is read back from the audit log. */
export const RETURN_ENTITY = 'return';
/** The ledger and notice ref of a return. */
export const returnRef = (id: number) => `return:${id}`;

// --- open returns -----------------------------------------------------------------

/**
 * True while the order has a return not yet complete (RETURN_OPEN_STATUSES): its goods must not
 * be handed over by POD ("Order sedang dalam pengajuan retur"), and no second return is recorded.
 */
export async function hasOpenReturn(tx: Reader, orderId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...RETURN_OPEN_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

// --- reasons ------------------------------------------------------------------------

export const listReasons = (db: Reader) => listReasonsOf(db, returnReasons);
export const resolveReason = (tx: Reader, id: number, path: string) => resolveReasonOf(tx, returnReasons, id, path);

/** The stored reason as the screens show it; a null id is "Lainnya" (or a return recorded before reasons were listed). */
function chosenReason(reasonId: number | null, label: string | null, text: string | null, stored: string): ChosenReason {
  if (reasonId === null) return { id: POD_REASON_OTHER.id, label: POD_REASON_OTHER.label, text, display: text ?? stored };
  const shown = label ?? stored;
  return { id: reasonId, label: shown, text, display: reasonDisplay(reasonId, shown, text) };
}

// --- the return window ----------------------------------------------------------------

/** The last moment a return of an order completed at `completedAt` may be recorded. */
export function returnWindowEnd(completedAt: Date, windowDays: number): Date {
  return new Date(completedAt.getTime() + windowDays * 24 * 3600 * 1000);
}

/** A WIB calendar date as the crew reads it (dd-mm-yyyy). */
export function wibDateText(at: Date): string {
  const [y, m, d] = isoDateInWib(at).split('-');
  return `${d}-${m}-${y}`;
}

const COMPLETED: readonly number[] = [ORDER_STATUS.COMPLETED, ORDER_STATUS.HISTORY];
export const isCompleted = (statusId: number) => COMPLETED.includes(statusId);

export type ReturnRefusal = NonNullable<Returnable['refusal']>;

/** Why a return of the order cannot be recorded now, in the order the request checks it; null when it can. */
export function returnRefusal(order: { statusId: number; completedAt: Date | null }, windowDays: number, open: boolean, now = new Date()): ReturnRefusal | null {
  if (!isCompleted(order.statusId) || !order.completedAt) return 'RETURN_ORDER_NOT_COMPLETED';
  if (now.getTime() > returnWindowEnd(order.completedAt, windowDays).getTime()) return 'RETURN_WINDOW_CLOSED';
  return open ? 'RETURN_ALREADY_OPEN' : null;
}

// --- what may come back -----------------------------------------------------------------

export interface ReturnableLine {
  lineId: number;
  productId: string;
  name: string;
  barcode: string;
  imageUrl: string | null;
  delivered: number;
  returned: number;
  returnable: number;
}

/**
 * The order's delivered lines (picked > 0) with what earlier returns that were not rejected
 * already took back: a new return may take at most delivered − returned of each.
 */
export async function returnableLines(tx: Reader, orderId: number): Promise<ReturnableLine[]> {
  const returned = sql<number>`coalesce((
    select sum(rl.qty) from ${returnLines} rl join ${returns} r on r.id = rl.return_id
    where rl.order_line_id = ${orderLines.id} and r.status <> ${RETURN_STATUS.REJECTED}
  ), 0)::int`;
  const rows = await tx
    .select({
      lineId: orderLines.id,
      productId: orderLines.productId,
      name: orderLines.name,
      barcode: orderLines.barcode,
      imageUrl: products.imageUrl,
      delivered: orderLines.qtyPicked,
      returned,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.productId, orderLines.productId))
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.qtyPicked} > 0`))
    .orderBy(asc(orderLines.id));
  return rows.map((r) => ({ ...r, returned: Number(r.returned), returnable: Math.max(0, r.delivered - Number(r.returned)) }));
}

/** GET /api/returns/returnable/:shipmentNo: the order in the caller's stores, what of it may come back, and whether a return may be recorded now. */
export async function getReturnable(db: Db, p: Principal, shipmentNo: string, windowDays: number, now = new Date()): Promise<Returnable> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shipmentNo, shipmentNo), storeScope(orders.storeCode, p)))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND');
  const [open, lines] = await Promise.all([hasOpenReturn(db, order.id), returnableLines(db, order.id)]);
  return {
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    statusId: order.statusId,
    deliveryType: order.deliveryType,
    appName: channelByAppId(order.appId)?.appName ?? String(order.appId),
    customerName: order.customerName,
    completedAt: iso(order.completedAt),
    windowDays,
    windowEndsAt: order.completedAt && isCompleted(order.statusId) ? returnWindowEnd(order.completedAt, windowDays).toISOString() : null,
    refusal: returnRefusal(order, windowDays, open, now),
    lines: lines.map((l) => ({ lineId: l.lineId, productID: l.productId, name: l.name, barcode: l.barcode, imageUrl: l.imageUrl, delivered: l.delivered, returned: l.returned, returnable: l.returnable })),
  };
}

// --- one return in full -------------------------------------------------------------------

const requester = alias(users, 'requester');
const collector = alias(users, 'collector');
const actor = alias(users, 'actor');

function selectReturns(db: Reader) {
  return db
    .select({
      r: returns,
      order: {
        orderNo: orders.orderNo,
        appId: orders.appId,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        customerAddress: orders.customerAddress,
        customerLat: orders.customerLat,
        customerLng: orders.customerLng,
      },
      requesterName: requester.name,
      collectorName: collector.name,
      reasonLabel: returnReasons.label,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(requester, eq(requester.id, returns.requestedBy))
    .leftJoin(collector, eq(collector.id, returns.collectedBy))
    .leftJoin(returnReasons, eq(returnReasons.id, returns.reasonId));
}

type ReturnJoinRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['where']>>[number];

async function linesOf(db: Reader, returnId: number) {
  const rows = await db
    .select({
      lineId: returnLines.orderLineId,
      id: returnLines.id,
      productId: returnLines.productId,
      lineName: orderLines.name,
      lineBarcode: orderLines.barcode,
      productName: products.name,
      productBarcode: products.ean13,
      imageUrl: products.imageUrl,
      qty: returnLines.qty,
      qtyReceived: returnLines.qtyReceived,
      condition: returnLines.condition,
    })
    .from(returnLines)
    .leftJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .leftJoin(products, eq(products.productId, returnLines.productId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
  return rows.map((l) => ({
    // The order line's id names the line in every request; a line whose order line is gone keeps its own (negative) id.
    lineId: l.lineId ?? -l.id,
    productID: l.productId,
    name: l.lineName ?? l.productName ?? l.productId,
    barcode: l.lineBarcode ?? l.productBarcode ?? '',
    imageUrl: l.imageUrl ?? null,
    qty: l.qty,
    qtyReceived: l.qtyReceived,
    condition: (l.condition as ReturnStockCondition | null) ?? null,
  }));
}

async function photosOf(db: Reader, returnId: number) {
  const rows = await db
    .select({ id: uploads.id, mime: uploads.mime, size: uploads.size })
    .from(returnPhotos)
    .innerJoin(uploads, eq(uploads.id, returnPhotos.uploadId))
    .where(eq(returnPhotos.returnId, returnId))
    .orderBy(asc(returnPhotos.sort), asc(uploads.id));
  return rows.map(toUpload);
}

const isReturnStatus = (v: string | null): v is ReturnStatus => v !== null && (RETURN_STATUSES as readonly string[]).includes(v);

/**
 * The steps taken, oldest first, from the audit rows of the return (every step writes one). A return
 * recorded without one (the demo's) starts from its own creation.
 */
async function historyOf(db: Reader, row: ReturnJoinRow): Promise<ReturnDetail['history']> {
  const rows = await db
    .select({ action: auditLog.action, from: auditLog.fromValue, to: auditLog.toValue, reason: auditLog.reason, at: auditLog.createdAt, actorName: actor.name })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, RETURN_ENTITY), eq(auditLog.entityId, String(row.r.id))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const steps = rows
    .filter((h) => isReturnStatus(h.to))
    .map((h) => ({ action: h.action, fromStatus: isReturnStatus(h.from) ? h.from : null, status: h.to as ReturnStatus, actorName: h.actorName, at: h.at.toISOString(), note: h.reason }));
  if (!steps.some((s) => s.action === 'request')) {
    steps.unshift({ action: 'request', fromStatus: null, status: RETURN_STATUS.REQUESTED, actorName: row.requesterName, at: row.r.createdAt.toISOString(), note: row.r.reason });
  }
  return steps;
}

async function toDetail(db: Reader, p: Principal, row: ReturnJoinRow): Promise<ReturnDetail> {
  const { r, order } = row;
  const status = r.status as ReturnStatus;
  const [lines, photos, history] = await Promise.all([linesOf(db, r.id), photosOf(db, r.id), historyOf(db, row)]);
  return {
    id: r.id,
    shipmentNo: r.shipmentNo,
    orderNo: order.orderNo,
    storeCode: r.storeCode,
    deliveryType: r.deliveryType,
    appName: channelByAppId(order.appId)?.appName ?? String(order.appId),
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    customerAddress: order.customerAddress,
    customerLatitude: order.customerLat,
    customerLongitude: order.customerLng,
    status,
    reason: chosenReason(r.reasonId, row.reasonLabel, r.reasonText, r.reason),
    lines,
    photos,
    requestedBy: row.requesterName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    decisionNote: r.decisionNote,
    pod:
      r.collectedAt && r.lat !== null && r.lng !== null
        ? {
            lat: r.lat,
            long: r.lng,
            accuracy: r.accuracy,
            distanceM: r.distanceM === null ? null : roundMeters(r.distanceM),
            receiverName: r.receiverName ?? '-',
            receiverRelation: r.receiverRelation ?? '-',
            receiverOther: r.receiverOther,
            capturedAt: iso(r.capturedAt),
            at: r.collectedAt.toISOString(),
            userName: row.collectorName,
          }
        : null,
    history,
    actions: returnActions(status, r.deliveryType, p.roleId),
  };
}

/** A return the caller has just changed (its scope was checked by the change). */
export async function loadReturnDetail(db: Reader, p: Principal, returnId: number): Promise<ReturnDetail> {
  const [row] = await selectReturns(db).where(eq(returns.id, returnId)).limit(1);
  if (!row) throw new Error(`return ${returnId} vanished`);
  return toDetail(db, p, row);
}

/** GET /api/returns/:shipmentNo: the order's latest return, in the caller's stores. */
export async function getReturnDetail(db: Db, p: Principal, shipmentNo: string): Promise<ReturnDetail> {
  const [row] = await selectReturns(db)
    .where(and(eq(returns.shipmentNo, shipmentNo), storeScope(returns.storeCode, p)))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(1);
  if (!row) throw new AppError('RETURN_NOT_FOUND');
  return toDetail(db, p, row);
}

// --- lists and counts ---------------------------------------------------------------------

/** The active store's returns in one status (the route /retur/list/:status), newest first, searched by shipment, order or customer. */
export async function listReturns(db: Db, p: Principal, q: ReturnListQuery): Promise<ReturnList> {
  const storeCode = requireActiveStore(p);
  const term = q.query?.trim() ? `%${escapeLike(q.query.trim())}%` : null;
  const where = and(
    eq(returns.storeCode, storeCode),
    eq(returns.status, q.status),
    term ? or(ilike(returns.shipmentNo, term), ilike(orders.orderNo, term), ilike(orders.customerName, term)) : undefined,
  );
  const itemCount = sql<number>`coalesce((select sum(rl.qty) from ${returnLines} rl where rl.return_id = ${returns.id}), 0)::int`;
  return readPage(q, (w) => [
    db
      .select({
        r: returns,
        orderNo: orders.orderNo,
        appId: orders.appId,
        customerName: orders.customerName,
        requesterName: requester.name,
        itemCount,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .leftJoin(requester, eq(requester.id, returns.requestedBy))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(returns).innerJoin(orders, eq(orders.id, returns.orderId)).where(where),
  ], (row) => ({
      id: row.r.id,
      shipmentNo: row.r.shipmentNo,
      orderNo: row.orderNo,
      deliveryType: row.r.deliveryType,
      status: row.r.status as ReturnStatus,
      reason: row.r.reason,
      appName: channelByAppId(row.appId)?.appName ?? String(row.appId),
      customerName: row.customerName,
      itemCount: Number(row.itemCount),
      requestedBy: row.requesterName,
      createdAt: row.r.createdAt.toISOString(),
      updatedAt: row.r.updatedAt.toISOString(),
    }));
}

/** The returns of the active store (or of one of the caller's stores named) per status; `open` are those not yet complete. */
export async function countReturns(db: Db, p: Principal, q: Partial<ReturnCountQuery> = {}): Promise<ReturnCount> {
  const storeCode = q.storeCode ?? requireActiveStore(p);
  // Another store's count answers 404, as its objects do.
  assertStoreVisible(p, storeCode);
  const rows = await db
    .select({ status: returns.status, n: count() })
    .from(returns)
    .where(eq(returns.storeCode, storeCode))
    .groupBy(returns.status);
  const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, 0])) as ReturnCount['counts'];
  for (const r of rows) if (isReturnStatus(r.status)) counts[r.status] = Number(r.n);
  return { counts, open: RETURN_OPEN_STATUSES.reduce((sum, s) => sum + counts[s], 0), storeCode };
}
