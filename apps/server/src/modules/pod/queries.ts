import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describeDirection, ORDER_STATUS, POD_APPROVAL_STATUS, POD_REQUEST_TYPE, RETURN_STATUS, type PodApprovalStatus, type PodRequestType, type ReturnStatus, type PodMyRequests, type PodRequestCount, type PodRequestCountQuery, type PodRequestDetail, type PodRequestList, type PodRequestListQuery, type PodRequestSummary, roundMeters, wibDayAfter, wibDayStart } from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { pickColumns } from '../../db/columns';
import { escapeLike } from '../../db/like';
import { orders, podApprovalRequests, podRejectReasons, podRequestReasons, stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { chosenReason } from '../../platform/reasons';
import { assertStoreVisible, storeScope } from '../../platform/scope';
import { latestReturnStatus } from '../returns';
import { isoOrNull } from '../../platform/iso';

// --- reasons --------------------------------------------------------------------

export { listReasons, resolveReason } from '../../platform/reasons';

// --- one select for lists and details -------------------------------------------

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
const requestReason = alias(podRequestReasons, 'request_reason');
const rejectReason = alias(podRejectReasons, 'reject_reason');

function selectRequests(db: Reader) {
  return db
    .select({
      r: podApprovalRequests,
      order: pickColumns(orders, ['orderNo', 'statusId', 'storeCode', 'customerName', 'customerPhone', 'customerAddress', 'customerLat', 'customerLng']),
      storeName: stores.name,
      requesterNik: requester.nik,
      requesterName: requester.name,
      deciderNik: decider.nik,
      deciderName: decider.name,
      reasonLabel: requestReason.label,
      rejectLabel: rejectReason.label,
    })
    .from(podApprovalRequests)
    .innerJoin(orders, eq(orders.id, podApprovalRequests.orderId))
    .innerJoin(stores, eq(stores.code, orders.storeCode))
    .leftJoin(requester, eq(requester.id, podApprovalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, podApprovalRequests.decidedBy))
    .leftJoin(requestReason, eq(requestReason.id, podApprovalRequests.reasonId))
    .leftJoin(rejectReason, eq(rejectReason.id, podApprovalRequests.rejectReasonId));
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];

const rejectOf = (row: RequestRow) =>
  row.r.status === POD_APPROVAL_STATUS.REJECTED ? chosenReason(row.r.rejectReasonId, row.rejectLabel, row.r.rejectReasonText) : null;

function toSummary(row: RequestRow): PodRequestSummary {
  const { r, order } = row;
  return {
    id: r.id,
    shipmentNo: r.shipmentNo,
    orderNo: order.orderNo,
    deliveryType: r.deliveryType,
    type: r.type as PodRequestType,
    status: r.status as PodApprovalStatus,
    requestDate: r.requestDate.toISOString(),
    requesterName: row.requesterName,
    reason: chosenReason(r.reasonId, row.reasonLabel, r.reasonText),
    distanceM: r.distanceM === null ? null : roundMeters(r.distanceM),
    storeCode: order.storeCode,
    storeName: row.storeName,
    customerName: order.customerName,
    orderStatusId: order.statusId,
    decidedAt: isoOrNull(r.decidedAt),
    decidedByName: row.deciderName,
    rejectReason: rejectOf(row),
  };
}

/** A request's detail; `returnStatus` is the return's status now for a return POD request ('retur'), else null. */
function toDetail(row: RequestRow, returnStatus: ReturnStatus | null): PodRequestDetail {
  const { r, order } = row;
  const type = r.type as PodRequestType;
  // What the request is for still waits: the order out for delivery, or the return approved and not yet collected.
  const waiting = type === POD_REQUEST_TYPE.RETURN ? returnStatus === RETURN_STATUS.APPROVED : order.statusId === ORDER_STATUS.IN_PROGRESS;
  const customer = order.customerLat !== null && order.customerLng !== null ? { lat: order.customerLat, lng: order.customerLng } : null;
  const status = r.status as PodApprovalStatus;
  return {
    id: r.id,
    shipmentNo: r.shipmentNo,
    orderNo: order.orderNo,
    deliveryType: r.deliveryType,
    type,
    status,
    requestDate: r.requestDate.toISOString(),
    storeCode: order.storeCode,
    storeName: row.storeName,
    orderStatusId: order.statusId,
    returnStatus,
    requester: row.requesterNik && row.requesterName ? { nik: row.requesterNik, name: row.requesterName } : null,
    reason: chosenReason(r.reasonId, row.reasonLabel, r.reasonText),
    position: { lat: r.lat, long: r.lng, accuracy: r.accuracy, capturedAt: isoOrNull(r.capturedAt) },
    customer: { name: order.customerName, phone: order.customerPhone, address: order.customerAddress, lat: order.customerLat, long: order.customerLng },
    distanceM: r.distanceM === null ? null : roundMeters(r.distanceM),
    direction: customer ? describeDirection(customer, { lat: r.lat, lng: r.lng }) : null,
    decision:
      status === POD_APPROVAL_STATUS.PENDING
        ? null
        : {
            status,
            decidedAt: isoOrNull(r.decidedAt),
            decidedBy: row.deciderNik && row.deciderName ? { nik: row.deciderNik, name: row.deciderName } : null,
            rejectReason: rejectOf(row),
          },
    canDecide: status === POD_APPROVAL_STATUS.PENDING && waiting,
  };
}

/** A request the caller has just written (scope was checked by the change). */
export async function loadRequestDetail(db: Db, requestId: number): Promise<PodRequestDetail> {
  const [row] = await selectRequests(db).where(eq(podApprovalRequests.id, requestId)).limit(1);
  if (!row) throw new Error(`pod request ${requestId} vanished`);
  return detailOf(db, row);
}

async function detailOf(db: Db, row: RequestRow): Promise<PodRequestDetail> {
  return toDetail(row, row.r.type === POD_REQUEST_TYPE.RETURN ? await latestReturnStatus(db, row.r.orderId) : null);
}

// --- supervisor queue -------------------------------------------------------------

/**
 * Requests of every store the caller may see. Both dates given (and start ≤
 * end, which the query schema enforces) → oldest first, as spec §5 sorts the
 * POD list; otherwise newest first.
 */
export async function listRequests(db: Db, p: Principal, q: PodRequestListQuery): Promise<PodRequestList> {
  const where = and(
    storeScope(orders.storeCode, p),
    q.storeCode ? eq(orders.storeCode, q.storeCode) : undefined,
    q.status ? eq(podApprovalRequests.status, q.status) : undefined,
    q.startDate ? gte(podApprovalRequests.requestDate, wibDayStart(q.startDate)) : undefined,
    q.endDate ? lt(podApprovalRequests.requestDate, wibDayAfter(q.endDate)) : undefined,
    q.shipmentNo ? ilike(podApprovalRequests.shipmentNo, `%${escapeLike(q.shipmentNo)}%`) : undefined,
  );
  const ascending = Boolean(q.startDate && q.endDate && q.startDate <= q.endDate);
  const order = ascending ? [asc(podApprovalRequests.requestDate), asc(podApprovalRequests.id)] : [desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id)];
  const page = await readPage(q, (w) => [
    selectRequests(db)
      .where(where)
      .orderBy(...order)
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(podApprovalRequests).innerJoin(orders, eq(orders.id, podApprovalRequests.orderId)).where(where),
  ], toSummary);
  return { ...page, sort: ascending ? 'asc' : 'desc' };
}

/** Pending requests in the caller's stores: the home screen's badge. */
export async function countPending(db: Db, p: Principal, q: Partial<PodRequestCountQuery> = {}): Promise<PodRequestCount> {
  // One store named: it must be one of the caller's (another store's count answers 404, as its objects do).
  if (q.storeCode) assertStoreVisible(p, q.storeCode);
  const [row] = await db
    .select({ n: count() })
    .from(podApprovalRequests)
    .innerJoin(orders, eq(orders.id, podApprovalRequests.orderId))
    .where(
      and(
        storeScope(orders.storeCode, p),
        q.storeCode ? eq(orders.storeCode, q.storeCode) : undefined,
        eq(podApprovalRequests.status, POD_APPROVAL_STATUS.PENDING),
      ),
    );
  return { pending: Number(row?.n ?? 0), storeCode: q.storeCode ?? null };
}

/** The spec's approval detail: the latest request of that order, delivery type and type, in the caller's stores. */
export async function getRequestDetail(db: Db, p: Principal, shipmentNo: string, deliveryType: number, type: string): Promise<PodRequestDetail> {
  const [row] = await selectRequests(db)
    .where(
      and(
        eq(podApprovalRequests.shipmentNo, shipmentNo),
        eq(podApprovalRequests.deliveryType, deliveryType),
        eq(podApprovalRequests.type, type),
        storeScope(orders.storeCode, p),
      ),
    )
    .orderBy(desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id))
    .limit(1);
  if (!row) throw new AppError('POD_REQUEST_NOT_FOUND');
  return detailOf(db, row);
}

/**
 * The crew's view: with a shipmentNo, that order's requests (newest first, so
 * items[0] is the one its screen shows, e.g. "ditolak: <alasan>"); without,
 * the caller's own requests. Other stores' orders give an empty list.
 */
export async function listMyRequests(db: Db, p: Principal, shipmentNo: string | undefined, type?: PodRequestType): Promise<PodMyRequests> {
  const filter: SQL = shipmentNo ? eq(podApprovalRequests.shipmentNo, shipmentNo) : eq(podApprovalRequests.requestedBy, p.userId);
  const rows = await selectRequests(db)
    .where(and(filter, type ? eq(podApprovalRequests.type, type) : undefined, storeScope(orders.storeCode, p)))
    .orderBy(desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id))
    .limit(50);
  return { items: rows.map(toSummary) };
}
