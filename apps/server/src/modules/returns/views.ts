// One return in full as the screens read it, its audit names and its reasons.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  channelByAppId,
  POD_REASON_OTHER,
  RETURN_STATUS,
  RETURN_STATUSES,
  returnActions,
  roundMeters,
  type ChosenReason,
  type ReturnDetail,
  type ReturnStatus,
  type ReturnStockCondition,
} from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { pickColumns } from '../../db/columns';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { auditLog, orderLines, orders, products, returnLines, returnPhotos, returnReasons, returns, uploads, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { listReasons as listReasonsOf, reasonDisplay, resolveReason as resolveReasonOf } from '../../platform/reasons';
import { toUpload } from '../../platform/uploads';
import { isoOrNull } from '../../platform/iso';

/** The audit entity of a return's steps: its history is read back from the audit log. */
export const RETURN_ENTITY = 'return';
/** The ledger and notice ref of a return. */
export const returnRef = (id: number) => `return:${id}`;
// --- reasons ------------------------------------------------------------------------

export const listReasons = (db: Db) => listReasonsOf(db, returnReasons);
export const resolveReason = (tx: Reader, id: number, path: string) => resolveReasonOf(tx, returnReasons, id, path);

/** The stored reason as the screens show it; a null id is "Lainnya" (or a return recorded before reasons were listed). */
function chosenReason(reasonId: number | null, label: string | null, text: string | null, stored: string): ChosenReason {
  if (reasonId === null) return { id: POD_REASON_OTHER.id, label: POD_REASON_OTHER.label, text, display: text ?? stored };
  const shown = label ?? stored;
  return { id: reasonId, label: shown, text, display: reasonDisplay(reasonId, shown, text) };
}

export const requester = alias(users, 'requester');
const collector = alias(users, 'collector');
const actor = alias(users, 'actor');

/**
 * A return's order, looked up by its id for each return row. A lateral subquery with a LIMIT is
 * never flattened into a join, so it stays a lookup on orders_pkey: as a plain join the planner,
 * going by statistics of a small table whose newest rows point at the newest orders (past the
 * histogram it knows), merge-joined one return with the whole orders index — seconds at 2
 * million orders (bench/day-explain.ts).
 */
export function returnOrderOf(db: Reader) {
  return db
    .select(pickColumns(orders, ['orderNo', 'appId', 'customerName', 'customerPhone', 'customerAddress', 'customerLat', 'customerLng']))
    .from(orders)
    .where(eq(orders.id, returns.orderId))
    .limit(1)
    .as('return_order');
}

export function selectReturns(db: Reader) {
  const order = returnOrderOf(db);
  return db
    .select({
      r: returns,
      order: {
        orderNo: order.orderNo,
        appId: order.appId,
        customerName: order.customerName,
        customerPhone: order.customerPhone,
        customerAddress: order.customerAddress,
        customerLat: order.customerLat,
        customerLng: order.customerLng,
      },
      requesterName: requester.name,
      collectorName: collector.name,
      reasonLabel: returnReasons.label,
    })
    .from(returns)
    .innerJoinLateral(order, sql`true`)
    .leftJoin(requester, eq(requester.id, returns.requestedBy))
    .leftJoin(collector, eq(collector.id, returns.collectedBy))
    .leftJoin(returnReasons, eq(returnReasons.id, returns.reasonId));
}

/** A return line's order line by its id (a lookup, not a merge join over every line: see returnOrderOf). */
export function returnOrderLineOf(db: Reader) {
  return db
    .select({ name: orderLines.name, barcode: orderLines.barcode })
    .from(orderLines)
    .where(eq(orderLines.id, returnLines.orderLineId))
    .limit(1)
    .as('return_order_line');
}

type ReturnJoinRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['where']>>[number];

const linesRead = preparedRead('return_lines', (db, _shape: '', as) => {
  const line = returnOrderLineOf(db);
  return db
    .select({
      lineId: returnLines.orderLineId,
      id: returnLines.id,
      productId: returnLines.productId,
      lineName: line.name,
      lineBarcode: line.barcode,
      productName: products.name,
      productBarcode: products.ean13,
      imageUrl: products.imageUrl,
      qty: returnLines.qty,
      qtyReceived: returnLines.qtyReceived,
      condition: returnLines.condition,
    })
    .from(returnLines)
    .leftJoinLateral(line, sql`true`)
    .leftJoin(products, eq(products.productId, returnLines.productId))
    .where(eq(returnLines.returnId, sql.placeholder('returnId')))
    .orderBy(asc(returnLines.id))
    .prepare(as);
});

async function linesOf(db: Db, returnId: number) {
  const rows = await linesRead(db, '').execute({ returnId });
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

const photosRead = preparedRead('return_photos', (db, _shape: '', as) =>
  db
    .select({ id: uploads.id, mime: uploads.mime, size: uploads.size })
    .from(returnPhotos)
    .innerJoin(uploads, eq(uploads.id, returnPhotos.uploadId))
    .where(eq(returnPhotos.returnId, sql.placeholder('returnId')))
    .orderBy(asc(returnPhotos.sort), asc(uploads.id))
    .prepare(as),
);

async function photosOf(db: Db, returnId: number) {
  const rows = await photosRead(db, '').execute({ returnId });
  return rows.map(toUpload);
}

export const isReturnStatus = (v: string | null): v is ReturnStatus => v !== null && (RETURN_STATUSES as readonly string[]).includes(v);

/**
 * The steps taken, oldest first, from the audit rows of the return (every step writes one). A return
 * recorded without one (the demo's) starts from its own creation.
 */
const historyRead = preparedRead('return_history', (db, _shape: '', as) =>
  db
    .select({ action: auditLog.action, from: auditLog.fromValue, to: auditLog.toValue, reason: auditLog.reason, at: auditLog.createdAt, actorName: actor.name })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, RETURN_ENTITY), eq(auditLog.entityId, sql.placeholder('entityId'))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .prepare(as),
);

async function historyOf(db: Db, row: ReturnJoinRow): Promise<ReturnDetail['history']> {
  const rows = await historyRead(db, '').execute({ entityId: String(row.r.id) });
  const steps = rows
    .filter((h) => isReturnStatus(h.to))
    .map((h) => ({ action: h.action, fromStatus: isReturnStatus(h.from) ? h.from : null, status: h.to as ReturnStatus, actorName: h.actorName, at: h.at.toISOString(), note: h.reason }));
  if (!steps.some((s) => s.action === 'request')) {
    steps.unshift({ action: 'request', fromStatus: null, status: RETURN_STATUS.REQUESTED, actorName: row.requesterName, at: row.r.createdAt.toISOString(), note: row.r.reason });
  }
  return steps;
}

async function toDetail(db: Db, p: Principal, row: ReturnJoinRow): Promise<ReturnDetail> {
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
            capturedAt: isoOrNull(r.capturedAt),
            at: r.collectedAt.toISOString(),
            userName: row.collectorName,
          }
        : null,
    history,
    actions: returnActions(status, r.deliveryType, p.roleId),
  };
}

const detailById = preparedRead('return_by_id', (db, _shape: '', as) =>
  selectReturns(db).where(eq(returns.id, sql.placeholder('id'))).limit(1).prepare(as),
);

/** A return the caller has just changed (its scope was checked by the change). */
export async function loadReturnDetail(db: Db, p: Principal, returnId: number): Promise<ReturnDetail> {
  const [row] = await detailById(db, '').execute({ id: returnId });
  if (!row) throw new Error(`return ${returnId} vanished`);
  return toDetail(db, p, row);
}

/** The order's latest return; shape 's': in the caller's stores (a super user's reads have no scope). */
const latestOfOrder = preparedRead('return_latest', (db, shape: '' | 's', as) =>
  selectReturns(db)
    .where(and(eq(returns.shipmentNo, sql.placeholder('shipmentNo')), shape === 's' ? inScope(returns.storeCode) : undefined))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(1)
    .prepare(as),
);

/** GET /api/returns/:shipmentNo: the order's latest return, in the caller's stores. */
export async function getReturnDetail(db: Db, p: Principal, shipmentNo: string): Promise<ReturnDetail> {
  const scope = scopeKind(p);
  if (scope === 'none') throw new AppError('RETURN_NOT_FOUND');
  const [row] = await latestOfOrder(db, scope === 'some' ? 's' : '').execute({ shipmentNo, stores: scopeValue(p) });
  if (!row) throw new AppError('RETURN_NOT_FOUND');
  return toDetail(db, p, row);
}
