import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describeDirection, ORDER_STATUS, POD_APPROVAL_STATUS, POD_REQUEST_TYPE, RETURN_STATUS, type PodApprovalStatus, type PodRequestType, type ReturnStatus, type PodMyRequests, type PodRequestCount, type PodRequestCountQuery, type PodRequestDetail, type PodRequestList, type PodRequestListQuery, type PodRequestSummary, roundMeters, wibDayAfter, wibDayStart } from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { pickColumns } from '../../db/columns';
import { escapeLike } from '../../db/like';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { orders, podApprovalRequests, podRejectReasons, podRequestReasons, returns, stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { emptyPage, readPage } from '../../platform/paging';
import { canSeeStore, type Principal } from '../../platform/principal';
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

const requestColumns = {
  r: podApprovalRequests,
  order: pickColumns(orders, ['orderNo', 'statusId', 'storeCode', 'customerName', 'customerPhone', 'customerAddress', 'customerLat', 'customerLng']),
  storeName: stores.name,
  requesterNik: requester.nik,
  requesterName: requester.name,
  deciderNik: decider.nik,
  deciderName: decider.name,
  reasonLabel: requestReason.label,
  rejectLabel: rejectReason.label,
};

/** The requests with their order, store, people and reasons; `extra` adds columns (the detail's return status). */
function selectRequests<E extends Record<string, SQL.Aliased>>(db: Reader, extra = {} as E) {
  return db
    .select({ ...requestColumns, ...extra })
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
 * The supervisor queue's filters as a shape of one letter each (scope of some stores, one store, status,
 * from, to, shipment search, ascending): each shape is one prepared statement (db/prepared.ts). The stores
 * are the request's own (migration 0031's trigger keeps its order's): one store by equality walks
 * `pod_approval_requests_store_date_idx` in the page's order, and no filter reads the orders.
 */
function queueWhere(shape: string): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  return and(
    has('s') ? inScope(podApprovalRequests.storeCode) : undefined,
    has('c') ? eq(podApprovalRequests.storeCode, sql.placeholder('storeCode')) : undefined,
    has('t') ? eq(podApprovalRequests.status, sql.placeholder('status')) : undefined,
    has('f') ? gte(podApprovalRequests.requestDate, sql.placeholder('from')) : undefined,
    has('e') ? lt(podApprovalRequests.requestDate, sql.placeholder('to')) : undefined,
    has('n') ? ilike(podApprovalRequests.shipmentNo, sql.placeholder('shipmentNo')) : undefined,
  );
}

const queuePage = preparedRead('pod_queue', (db, shape: string, as) =>
  selectRequests(db)
    .where(queueWhere(shape))
    .orderBy(...(shape.includes('a') ? [asc(podApprovalRequests.requestDate), asc(podApprovalRequests.id)] : [desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id)]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
// Every request has its order (a foreign key), so the count needs no join.
const queueCount = preparedRead('pod_queue_n', (db, shape: string, as) => db.select({ n: count() }).from(podApprovalRequests).where(queueWhere(shape)).prepare(as));

/**
 * The one store a queue reads, if it reads one: the store asked for (null when the caller may not see it,
 * which reads nothing, as another store's objects answer), else a caller's only store.
 */
function oneStoreOf(p: Principal, asked: string | undefined): string | null | undefined {
  if (asked) return canSeeStore(p, asked) ? asked : null;
  return p.storeCodes !== 'all' && p.storeCodes.length === 1 ? p.storeCodes[0] : undefined;
}

/**
 * Requests of every store the caller may see. Both dates given (and start ≤
 * end, which the query schema enforces) → oldest first, as spec §5 sorts the
 * POD list; otherwise newest first.
 */
export async function listRequests(db: Db, p: Principal, q: PodRequestListQuery): Promise<PodRequestList> {
  const ascending = Boolean(q.startDate && q.endDate && q.startDate <= q.endDate);
  const scope = scopeKind(p);
  const storeCode = oneStoreOf(p, q.storeCode);
  if (scope === 'none' || storeCode === null) return { ...emptyPage(q), sort: ascending ? 'asc' : 'desc' };
  const shape = [scope === 'some' && !storeCode && 's', storeCode && 'c', q.status && 't', q.startDate && 'f', q.endDate && 'e', q.shipmentNo && 'n', ascending && 'a'].filter(Boolean).join('');
  const values = {
    stores: scopeValue(p),
    storeCode,
    status: q.status,
    from: q.startDate ? wibDayStart(q.startDate) : undefined,
    to: q.endDate ? wibDayAfter(q.endDate) : undefined,
    shipmentNo: q.shipmentNo ? `%${escapeLike(q.shipmentNo)}%` : undefined,
  };
  const page = await readPage(q, (w) => [queuePage(db, shape).execute({ ...values, ...w }), queueCount(db, shape).execute(values)], toSummary);
  return { ...page, sort: ascending ? 'asc' : 'desc' };
}

/** Pending requests in the caller's stores: the home screen's badge. */
export async function countPending(db: Db, p: Principal, q: Partial<PodRequestCountQuery> = {}): Promise<PodRequestCount> {
  // One store named: it must be one of the caller's (another store's count answers 404, as its objects do).
  if (q.storeCode) assertStoreVisible(p, q.storeCode);
  const [row] = await db
    .select({ n: count() })
    .from(podApprovalRequests)
    .where(
      and(
        storeScope(podApprovalRequests.storeCode, p),
        q.storeCode ? eq(podApprovalRequests.storeCode, q.storeCode) : undefined,
        eq(podApprovalRequests.status, POD_APPROVAL_STATUS.PENDING),
      ),
    );
  return { pending: Number(row?.n ?? 0), storeCode: q.storeCode ?? null };
}

// --- one request and the crew's view ------------------------------------------------------

/**
 * The return's status now, in the detail's own statement (a second round trip before): the order's
 * latest return, as returns' `latestReturnStatus` reads it, for a return POD request only.
 */
const returnStatusNow = sql<ReturnStatus | null>`case when ${podApprovalRequests.type} = ${POD_REQUEST_TYPE.RETURN} then (
  select ${returns.status} from ${returns} where ${returns.orderId} = ${orders.id} order by ${returns.createdAt} desc, ${returns.id} desc limit 1
) end`.as('return_status');

/** The approval detail's statement by shape: 's' the caller's stores (none: every store). */
const detailRead = preparedRead('pod_detail', (db, shape: string, as) =>
  selectRequests(db, { returnStatus: returnStatusNow })
    .where(
      and(
        eq(podApprovalRequests.shipmentNo, sql.placeholder('shipmentNo')),
        eq(podApprovalRequests.deliveryType, sql.placeholder('deliveryType')),
        eq(podApprovalRequests.type, sql.placeholder('type')),
        shape.includes('s') ? inScope(podApprovalRequests.storeCode) : undefined,
      ),
    )
    .orderBy(desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id))
    .limit(sql.placeholder('limit'))
    .prepare(as),
);

/** The spec's approval detail: the latest request of that order, delivery type and type, in the caller's stores. */
export async function getRequestDetail(db: Db, p: Principal, shipmentNo: string, deliveryType: number, type: string): Promise<PodRequestDetail> {
  const scope = scopeKind(p);
  if (scope === 'none') throw new AppError('POD_REQUEST_NOT_FOUND');
  const [row] = await detailRead(db, scope === 'some' ? 's' : '').execute({ shipmentNo, deliveryType, type, stores: scopeValue(p), limit: 1 });
  if (!row) throw new AppError('POD_REQUEST_NOT_FOUND');
  return toDetail(row, row.r.type === POD_REQUEST_TYPE.RETURN ? row.returnStatus : null);
}

/** The crew's view by shape: 's' the caller's stores, 'h' one order's requests (else the caller's own), 't' one type. */
const mineRead = preparedRead('pod_mine', (db, shape: string, as) =>
  selectRequests(db)
    .where(
      and(
        shape.includes('h') ? eq(podApprovalRequests.shipmentNo, sql.placeholder('shipmentNo')) : eq(podApprovalRequests.requestedBy, sql.placeholder('userId')),
        shape.includes('t') ? eq(podApprovalRequests.type, sql.placeholder('type')) : undefined,
        shape.includes('s') ? inScope(podApprovalRequests.storeCode) : undefined,
      ),
    )
    .orderBy(desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id))
    .limit(sql.placeholder('limit'))
    .prepare(as),
);

/**
 * The crew's view: with a shipmentNo, that order's requests (newest first, so
 * items[0] is the one its screen shows, e.g. "ditolak: <alasan>"); without,
 * the caller's own requests. Other stores' orders give an empty list.
 */
export async function listMyRequests(db: Db, p: Principal, shipmentNo: string | undefined, type?: PodRequestType): Promise<PodMyRequests> {
  const scope = scopeKind(p);
  if (scope === 'none') return { items: [] };
  const shape = [scope === 'some' && 's', shipmentNo && 'h', type && 't'].filter(Boolean).join('');
  const rows = await mineRead(db, shape).execute({ shipmentNo, userId: p.userId, type, stores: scopeValue(p), limit: 50 });
  return { items: rows.map(toSummary) };
}
