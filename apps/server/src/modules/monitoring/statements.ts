// The SQL a monitoring snapshot is made of: the scope, what is late, the waiting work, each tile's stores, the oldest late orders.
import { and, asc, eq, inArray, isNull, lte, min, or, sql, type Column, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUS,
  CANCEL_REQUEST_STATUS,
  MAT_STATUS,
  MONITORED_STATUSES,
  MONITORING_LATE_MAX,
  MONITORING_STORES_MAX,
  POD_APPROVAL_STATUS,
  RETURN_OPEN_STATUSES,
  WAITING_RETURN_STATUS,
  MONITORING_TILES,
  type MonitoringTile,
  type MonitoringTileStores,
  type MonitoredStatusId,
  type OrderStatusId,
  type WaitingKind,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { pickColumns } from '../../db/columns';
import {
  cancelRequests,
  materialTransfers,
  orderEscalations,
  orders,
  podApprovalRequests,
  returns,
  stockBookingDetails,
  stockBookings,
  stores,
  users,
} from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, storeScope } from '../../platform/scope';
import { arrivedBy, type MonitoringSettings } from './settings';

/** `column in (…)` with the statuses written out, so the planner can match the partial index orders_live_status_created_idx. */
export const statusIn = (statuses: readonly OrderStatusId[]) => sql`${orders.statusId} in (${sql.raw(statuses.join(', '))})`;

/** The stores a caller's figures cover: the one asked for (checked against the scope first), else the whole scope. */
export function scopeOf(p: Principal, storeCode: string | undefined): (column: Column) => SQL {
  if (storeCode === undefined) return (column) => storeScope(column, p);
  assertStoreVisible(p, storeCode);
  return (column) => eq(column, storeCode);
}

/** Past its service level at `now`, for an order in `status`. */
const lateIn = (status: MonitoredStatusId, settings: MonitoringSettings, now: Date) => and(eq(orders.statusId, status), lte(orders.createdAt, arrivedBy(now, settings.sla[status])))!;

/** Past its status's service level at `now`: the cutoff of each monitored status, as one SQL condition. */
export function lateCondition(settings: MonitoringSettings, now: Date): SQL {
  return or(...MONITORED_STATUSES.map((s) => lateIn(s, settings, now)))!;
}

/** The returns kind of a return's status (open statuses only). */
const returnKind = sql<WaitingKind>`case ${returns.status} ${sql.join(
  Object.entries(WAITING_RETURN_STATUS).map(([k, status]) => sql`when ${status} then ${k}`),
  sql` `,
)} end`;

/**
 * What waits on someone, per kind and store (`listedOrNull`: the store's own row, or the listed stores apart and
 * the rest of the scope in one row), one select per kind for one union: POD approvals and cancel requests not
 * yet decided (scoped by their order's store), open returns per status (their store), bookings addressed to a
 * store and not yet taken (the addressed store), transfers on the road to a store (the receiver). Each is
 * the filter of the list its row opens, for that store.
 */
export function waitingWork(db: Db, scope: (column: Column) => SQL, listedOrNull: (column: Column) => SQL<string | null>) {
  const kind = (k: WaitingKind) => sql<WaitingKind>`${k}::text`;
  const byKindAndStore = [sql`1`, sql`2`];
  return [
    db
      .select({ kind: kind('podApprovals'), storeCode: listedOrNull(orders.storeCode), count: sql<number>`count(*)::int`, oldest: min(podApprovalRequests.requestDate) })
      .from(podApprovalRequests)
      .innerJoin(orders, eq(orders.id, podApprovalRequests.orderId))
      .where(and(eq(podApprovalRequests.status, POD_APPROVAL_STATUS.PENDING), scope(orders.storeCode)))
      .groupBy(...byKindAndStore),
    db
      .select({ kind: kind('cancelRequests'), storeCode: listedOrNull(orders.storeCode), count: sql<number>`count(*)::int`, oldest: min(cancelRequests.createdAt) })
      .from(cancelRequests)
      .innerJoin(orders, eq(orders.id, cancelRequests.orderId))
      .where(and(eq(cancelRequests.status, CANCEL_REQUEST_STATUS.PENDING), scope(orders.storeCode)))
      .groupBy(...byKindAndStore),
    db
      .select({ kind: returnKind, storeCode: listedOrNull(returns.storeCode), count: sql<number>`count(*)::int`, oldest: min(returns.createdAt) })
      .from(returns)
      .where(and(inArray(returns.status, [...RETURN_OPEN_STATUSES]), scope(returns.storeCode)))
      .groupBy(...byKindAndStore),
    db
      .select({ kind: kind('bookings'), storeCode: listedOrNull(stockBookingDetails.storeCode), count: sql<number>`count(*)::int`, oldest: min(stockBookings.createdAt) })
      .from(stockBookingDetails)
      .innerJoin(stockBookings, eq(stockBookings.id, stockBookingDetails.bookingId))
      .where(and(eq(stockBookingDetails.status, BOOKING_STATUS.WAITING), isNull(stockBookings.cancelledAt), scope(stockBookingDetails.storeCode)))
      .groupBy(...byKindAndStore),
    db
      .select({ kind: kind('transfers'), storeCode: listedOrNull(materialTransfers.receiverStoreCode), count: sql<number>`count(*)::int`, oldest: min(materialTransfers.createdAt) })
      .from(materialTransfers)
      .where(and(eq(materialTransfers.status, MAT_STATUS.NEW), scope(materialTransfers.receiverStoreCode)))
      .groupBy(...byKindAndStore),
  ] as const;
}

/**
 * Every tile's stores over the scope, in one statement: orders per status and store (`live`: the shown
 * statuses in the scope) and the waiting work per kind and store, each tile's stores ranked (the most
 * first, then by code) and cut at MONITORING_STORES_MAX, with the number of stores that have any.
 */
export function tileStores(db: Db, live: SQL | undefined, scope: (column: Column) => SQL) {
  const own = (column: Column) => sql<string | null>`${column}`;
  const perStatus = db
    // A union takes its column names from its first select, which the outer query refers to.
    .select({
      kind: sql<string>`'status-' || ${orders.statusId}`.as('kind'),
      storeCode: own(orders.storeCode).as('store_code'),
      count: sql<number>`count(*)::int`.as('n'),
      oldest: min(orders.createdAt).as('oldest'),
    })
    .from(orders)
    .where(live)
    .groupBy(sql`1`, sql`2`);
  const all = unionAll(perStatus, ...waitingWork(db, scope, own)).as('tile_counts');
  const ranked = db
    .select({
      tile: sql<string>`${all.kind}`.as('tile'),
      storeCode: sql<string>`${all.storeCode}`.as('store_code'),
      count: sql<number>`${all.count}`.as('n'),
      storeTotal: sql<number>`(count(*) over (partition by ${all.kind}))::int`.as('store_total'),
      rank: sql<number>`row_number() over (partition by ${all.kind} order by ${all.count} desc, ${all.storeCode})`.as('rank'),
    })
    .from(all)
    .as('ranked');
  return db
    .select({ tile: ranked.tile, storeCode: ranked.storeCode, storeName: stores.name, count: ranked.count, storeTotal: ranked.storeTotal })
    .from(ranked)
    .innerJoin(stores, eq(stores.code, ranked.storeCode))
    .where(lte(ranked.rank, MONITORING_STORES_MAX))
    .orderBy(asc(ranked.tile), asc(ranked.rank));
}

/** The statement's rows as the reply's `tileStores`: every tile in MONITORING_TILES order, none left out. */
export function storesPerTile(rows: ReadonlyArray<{ tile: string; storeCode: string; storeName: string; count: number; storeTotal: number }>): MonitoringTileStores[] {
  const byTile = new Map<string, MonitoringTileStores>(MONITORING_TILES.map((tile) => [tile, { tile, storeTotal: 0, stores: [] }]));
  for (const row of rows) {
    const entry = byTile.get(row.tile as MonitoringTile);
    if (!entry) continue;
    entry.storeTotal = Number(row.storeTotal);
    entry.stores.push({ storeCode: row.storeCode, storeName: row.storeName, count: Number(row.count) });
  }
  return [...byTile.values()];
}

/**
 * The oldest late orders of the scope, at most MONITORING_LATE_MAX: the oldest of each monitored status (one
 * range of orders_live_status_created_idx each, read in order and stopped at the limit), merged, and only
 * those joined to their store, picker and escalations.
 */
export function oldestLate(db: Db, scope: (column: Column) => SQL, settings: MonitoringSettings, now: Date) {
  const columns = pickColumns(orders, ['id', 'shipmentNo', 'orderNo', 'storeCode', 'statusId', 'deliveryType', 'appId', 'createdAt', 'pickerUserId']);
  const [first, second, ...rest] = MONITORED_STATUSES.map((status) =>
    db
      .select(columns)
      .from(orders)
      .where(and(lateIn(status, settings, now), scope(orders.storeCode)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(MONITORING_LATE_MAX),
  );
  // A set operation orders by its output columns' names.
  const merged = unionAll(first!, second!, ...rest)
    .orderBy(sql`"created_at"`, sql`"id"`)
    .limit(MONITORING_LATE_MAX)
    .as('late_orders');
  return db
    .select({
      id: merged.id,
      shipmentNo: merged.shipmentNo,
      orderNo: merged.orderNo,
      storeCode: merged.storeCode,
      storeName: stores.name,
      statusId: merged.statusId,
      deliveryType: merged.deliveryType,
      appId: merged.appId,
      createdAt: merged.createdAt,
      pickerName: users.name,
      escalationLevel: sql<number>`coalesce((select max(${orderEscalations.level}) from ${orderEscalations} where ${orderEscalations.orderId} = ${merged.id}), 0)::int`,
    })
    .from(merged)
    .innerJoin(stores, eq(stores.code, merged.storeCode))
    .leftJoin(users, eq(users.id, merged.pickerUserId))
    .orderBy(asc(merged.createdAt), asc(merged.id));
}
