import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cancelMinRole,
  CANCEL_REQUEST_STATUS,
  channelByAppId,
  hasRoleAtLeast,
  ROLE,
  type CancelCount,
  type CancelCountQuery,
  type CancelList,
  type CancelListQuery,
  type CancelRequest,
  type CancelRequestStatus,
  type RoleId,
} from '@gerai/contract';
import type { Db, Reader, Tx } from '../../db/client';
import { pickColumns } from '../../db/columns';
import { preparedRead } from '../../db/prepared';
import { cancelReasons, cancelRequests, orders, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { emptyPage, readPage } from '../../platform/paging';
import { canSeeStore, type Principal } from '../../platform/principal';
import { chosenReason, listReasons as listReasonsOf, resolveReason as resolveReasonOf } from '../../platform/reasons';
import { assertStoreVisible, requireActiveStore } from '../../platform/scope';
import { isoOrNull } from '../../platform/iso';

// --- reasons --------------------------------------------------------------------

export const listReasons = (db: Db) => listReasonsOf(db, cancelReasons);
export const resolveReason = (tx: Tx, id: number, path: string) => resolveReasonOf(tx, cancelReasons, id, path);

/** The label of a stored reason id (null for "Lainnya" or a reason no longer listed). */
export async function reasonLabel(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ label: cancelReasons.label }).from(cancelReasons).where(eq(cancelReasons.id, id)).limit(1);
  return row?.label ?? null;
}

export { chosenReason };

// --- requests ---------------------------------------------------------------------

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

function selectRequests(db: Reader) {
  return db
    .select({
      r: cancelRequests,
      order: pickColumns(orders, ['shipmentNo', 'orderNo', 'storeCode', 'statusId', 'deliveryType', 'appId', 'customerName', 'price']),
      itemCount: sql<number>`(select coalesce(sum(l.qty), 0)::int from order_lines l where l.order_id = ${orders.id})`,
      reasonLabel: cancelReasons.label,
      requesterName: requester.name,
      deciderName: decider.name,
    })
    .from(cancelRequests)
    .innerJoin(orders, eq(orders.id, cancelRequests.orderId))
    .leftJoin(cancelReasons, eq(cancelReasons.id, cancelRequests.reasonId))
    .leftJoin(requester, eq(requester.id, cancelRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, cancelRequests.decidedBy));
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];

/** The lowest role that decides a request: the order's CANCEL_RULE now, else the one of the status it was asked in. */
function deciderRoleOf(row: RequestRow): RoleId {
  const { order, r } = row;
  return cancelMinRole(order.statusId, order.deliveryType) ?? (r.requestedInStatus === null ? null : cancelMinRole(r.requestedInStatus, order.deliveryType)) ?? ROLE.STORE_CHIEF;
}

function toRequest(row: RequestRow, viewer: Pick<Principal, 'roleId'>): CancelRequest {
  const { r, order } = row;
  const status = r.status as CancelRequestStatus;
  const minRole = cancelMinRole(order.statusId, order.deliveryType);
  return {
    id: r.id,
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    storeCode: order.storeCode,
    orderStatusId: order.statusId,
    requestedInStatus: r.requestedInStatus ?? order.statusId,
    deliveryType: order.deliveryType,
    appName: channelByAppId(order.appId)?.appName ?? String(order.appId),
    customerName: order.customerName,
    itemCount: Number(row.itemCount),
    price: order.price,
    status,
    reason: chosenReason(r.reasonId, row.reasonLabel, r.reasonText),
    requestedBy: row.requesterName,
    requestedAt: r.createdAt.toISOString(),
    decidedBy: row.deciderName,
    decidedAt: isoOrNull(r.decidedAt),
    note: r.decisionNote,
    canDecide: status === CANCEL_REQUEST_STATUS.PENDING && minRole !== null && hasRoleAtLeast(viewer.roleId, minRole),
    deciderRole: deciderRoleOf(row),
  };
}

/** A request the caller has just written (scope was checked by the change). */
export async function loadRequest(db: Db, requestId: number, viewer: Pick<Principal, 'roleId'>): Promise<CancelRequest> {
  const [row] = await selectRequests(db).where(eq(cancelRequests.id, requestId)).limit(1);
  if (!row) throw new Error(`cancel request ${requestId} vanished`);
  return toRequest(row, viewer);
}

/**
 * The store's requests of one status, by the request's own store (the order's, kept by migration 0029's
 * trigger): the page and the count read `cancel_requests_store_status_idx` and only those requests, where
 * joining the store's orders first read all of them (1.8 ms for T001's 10,000 in a decided tab's count).
 * The store alone, never also the caller's stores (checked before): a second condition on the store made
 * a generic plan misjudge it. Shape 'p' (pending, oldest first) writes its status out: with `status = $n`
 * the generic plan was priced for the common status and the page was planned anew on every call.
 */
const listWhere = (shape: '' | 'p') =>
  and(
    eq(cancelRequests.storeCode, sql.placeholder('storeCode')),
    eq(cancelRequests.status, shape === 'p' ? sql`${CANCEL_REQUEST_STATUS.PENDING}`.inlineParams() : sql.placeholder('status')),
  );

const listPage = preparedRead('cancel_list', (db, shape: '' | 'p', as) =>
  selectRequests(db)
    .where(listWhere(shape))
    .orderBy(
      ...(shape === 'p'
        ? [asc(cancelRequests.createdAt), asc(cancelRequests.id)]
        : [sql`${cancelRequests.decidedAt} desc nulls last`, desc(cancelRequests.createdAt), desc(cancelRequests.id)]),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
// Every request has its order (a foreign key), so the count needs no join.
const listCount = preparedRead('cancel_list_n', (db, shape: '' | 'p', as) => db.select({ n: count() }).from(cancelRequests).where(listWhere(shape)).prepare(as));

/**
 * The active store's requests of one status: the queue (pending) oldest first, so the longest
 * waiting is decided first; decided ones newest decision first. Staff see them too (their own
 * requests' outcome); `canDecide` tells who may act.
 */
export async function listRequests(db: Db, p: Principal, q: CancelListQuery): Promise<CancelList> {
  const storeCode = requireActiveStore(p);
  // The store's scope, as storeScope would answer it: an active store the caller may not see reads nothing.
  if (!canSeeStore(p, storeCode)) return emptyPage(q);
  const values = { storeCode, status: q.status };
  const shape = q.status === CANCEL_REQUEST_STATUS.PENDING ? 'p' : '';
  return readPage(q, (w) => [listPage(db, shape).execute({ ...values, ...w }), listCount(db, shape).execute(values)], (row) => toRequest(row, p));
}

/**
 * Pending requests of one store: the home screen's and the Batal tab's badge. The store named must be
 * one of the caller's (another store's count answers 404, as its objects do); none named, the active store.
 */
export async function countPending(db: Db, p: Principal, q: CancelCountQuery = {}): Promise<CancelCount> {
  if (q.storeCode) assertStoreVisible(p, q.storeCode);
  const storeCode = q.storeCode ?? requireActiveStore(p);
  // An active store the caller may not see counts nothing, as storeScope would answer it.
  if (!canSeeStore(p, storeCode)) return { pending: 0, storeCode };
  const [row] = await listCount(db, 'p').execute({ storeCode });
  return { pending: Number(row?.n ?? 0), storeCode };
}

// An order's latest request, and its store when it has none: by shipment number alone, one text for every
// caller (the store is checked on the row), prepared once instead of built on every call.
const latestRead = preparedRead('cancel_latest', (db, _shape: '', as) =>
  selectRequests(db)
    .where(eq(orders.shipmentNo, sql.placeholder('shipmentNo')))
    .orderBy(desc(cancelRequests.createdAt), desc(cancelRequests.id))
    .limit(1)
    .prepare(as),
);
const orderStoreRead = preparedRead('cancel_order_store', (db, _shape: '', as) =>
  db.select({ storeCode: orders.storeCode }).from(orders).where(eq(orders.shipmentNo, sql.placeholder('shipmentNo'))).limit(1).prepare(as),
);

/** The latest request of an order of the caller's stores; none (or another store's order) → 404. */
export async function getLatestRequest(db: Db, p: Principal, shipmentNo: string): Promise<CancelRequest | null> {
  const [row] = await latestRead(db, '').execute({ shipmentNo });
  if (row) {
    if (!canSeeStore(p, row.order.storeCode)) throw new AppError('CANCEL_REQUEST_NOT_FOUND');
    return toRequest(row, p);
  }
  // No request yet is an answer (the form is shown); an order the caller cannot see is still 404, as an unknown one.
  const [order] = await orderStoreRead(db, '').execute({ shipmentNo });
  if (!order || !canSeeStore(p, order.storeCode)) throw new AppError('CANCEL_REQUEST_NOT_FOUND');
  return null;
}

/** The latest request of an order, for a change under the order's lock. */
export async function latestRequestOf(tx: Tx, orderId: number) {
  const [row] = await tx
    .select()
    .from(cancelRequests)
    .where(eq(cancelRequests.orderId, orderId))
    .orderBy(desc(cancelRequests.createdAt), desc(cancelRequests.id))
    .limit(1);
  return row ?? null;
}
