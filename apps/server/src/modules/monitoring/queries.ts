import { and, asc, desc, eq, inArray, isNull, lte, min, or, param, sql, type Column, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUS,
  CANCEL_REQUEST_STATUS,
  hasRoleAtLeast,
  MAT_STATUS,
  MONITORED_STATUSES,
  MONITORING_LATE_MAX,
  MONITORING_STORES_MAX,
  POD_APPROVAL_STATUS,
  RETURN_OPEN_STATUSES,
  WAITING_RETURN_STATUS,
  MONITORING_TILES,
  SEE_PEOPLE_MIN_ROLE,
  WAITING_KINDS,
  type LateOrder,
  type Monitoring,
  type MonitoringQuery,
  type MonitoringStatus,
  type MonitoringTile,
  type MonitoringTileStores,
  type MonitoringWaiting,
  type MonitoredStatusId,
  type OrderStatusId,
  type WaitingKind,
} from '@gerai/contract';
import type { Db } from '../../db/client';
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
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, storeScope } from '../../platform/scope';
import { ageMinutes, arrivedBy, LEVELS_IN_ORDER, OPEN_STATUSES, SHOWN_STATUSES, type MonitoringSettings } from './settings';

/** `column in (…)` with the statuses written out, so the planner can match the partial index orders_live_status_created_idx. */
const statusIn = (statuses: readonly OrderStatusId[]) => sql`${orders.statusId} in (${sql.raw(statuses.join(', '))})`;

/** The stores a caller's figures cover: the one asked for (checked against the scope first), else the whole scope. */
function scopeOf(p: Principal, storeCode: string | undefined): (column: Column) => SQL {
  if (storeCode === undefined) return (column) => storeScope(column, p);
  assertStoreVisible(p, storeCode);
  return (column) => eq(column, storeCode);
}

/** Past its service level at `now`, for an order in `status`. */
const lateIn = (status: MonitoredStatusId, settings: MonitoringSettings, now: Date) => and(eq(orders.statusId, status), lte(orders.createdAt, arrivedBy(now, settings.sla[status])))!;

/** Past its status's service level at `now`: the cutoff of each monitored status, as one SQL condition. */
function lateCondition(settings: MonitoringSettings, now: Date): SQL {
  return or(...MONITORED_STATUSES.map((s) => lateIn(s, settings, now)))!;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const earlier = (a: Date | null, b: Date | null) => (a === null ? b : b === null || b >= a ? a : b);

interface Figures {
  count: number;
  late: number;
  oldest: Date | null;
  /** The oldest order not yet late (monitored statuses): it is the next to go late. */
  oldestOnTime: Date | null;
}
const noFigures = (): Figures => ({ count: 0, late: 0, oldest: null, oldestOnTime: null });
const add = (into: Figures, row: Figures) => {
  into.count += row.count;
  into.late += row.late;
  into.oldest = earlier(into.oldest, row.oldest);
  into.oldestOnTime = earlier(into.oldestOnTime, row.oldestOnTime);
};
const statusOf = (statusId: OrderStatusId, f: Figures): MonitoringStatus => ({ statusId, count: f.count, late: f.late, oldestAt: iso(f.oldest) });

/** The reply, and when it changes by time alone: the moment the next order goes late (null: none will). */
export interface MonitoringSnapshot {
  data: Monitoring;
  lateChangesAt: Date | null;
}

/**
 * GET /api/monitoring: orders per status and per store, what waits on someone, and the late orders, all
 * within the caller's scope (or the one store asked for), as of `now`. Four statements on indexes (the
 * partial orders_live_status_created_idx for orders): the store ranking (late, then open work, then code)
 * with the scope's store count; then together the orders per status (the listed stores apart, the rest of
 * the scope summed), the waiting work per kind (likewise) and the oldest late orders; over several stores a
 * fifth beside them, each tile's stores (what a tile opens there, issue 25).
 */
export async function loadMonitoring(db: Db, p: Principal, q: MonitoringQuery, settings: MonitoringSettings, now = new Date()): Promise<MonitoringSnapshot> {
  const scope = scopeOf(p, q.storeCode);
  const live = and(statusIn(SHOWN_STATUSES), scope(orders.storeCode));
  const late = lateCondition(settings, now);

  // The stores to list: the most late work first, then the most open work, then by code; stores without
  // orders in work tie at zero and follow by code. The window count is the scope's size.
  const perStore = db.$with('per_store').as(
    db
      .select({
        storeCode: orders.storeCode,
        late: sql<number>`count(*) filter (where ${late})`.as('late'),
        open: sql<number>`count(*)`.as('open'),
      })
      .from(orders)
      .where(and(statusIn(OPEN_STATUSES), scope(orders.storeCode)))
      .groupBy(orders.storeCode),
  );
  const ranked = await db
    .with(perStore)
    .select({ storeCode: stores.code, storeName: stores.name, total: sql<number>`(count(*) over ())::int` })
    .from(stores)
    .leftJoin(perStore, eq(perStore.storeCode, stores.code))
    .where(scope(stores.code))
    .orderBy(desc(sql`coalesce(${perStore.late}, 0)`), desc(sql`coalesce(${perStore.open}, 0)`), asc(stores.code))
    .limit(MONITORING_STORES_MAX);
  // A store of the scope that does not exist (a super user's typo) is not found either.
  if (q.storeCode !== undefined && ranked.length === 0) throw new AppError('NOT_FOUND');
  const listed = ranked.map((r) => r.storeCode);
  // The listed stores keep their own rows; the rest of the scope is summed in one row (store null).
  // One array parameter, not one per store: the statement stays small to plan.
  const listedOrNull = (column: Column) => sql<string | null>`case when ${column} = any(${param(listed)}::text[]) then ${column} end`;

  // Over several stores each tile opens its stores: every one with at least one, by tile.
  const severalStores = Number(ranked[0]?.total ?? 0) > 1;
  const [statusRows, waitingRows, lateRows, tileRows] = await Promise.all([
    db
      .select({
        storeCode: listedOrNull(orders.storeCode),
        statusId: orders.statusId,
        count: sql<number>`count(*)::int`,
        late: sql<number>`(count(*) filter (where ${late}))::int`,
        oldest: min(orders.createdAt),
        oldestOnTime: sql<Date | null>`min(${orders.createdAt}) filter (where not (${late}))`.mapWith(orders.createdAt),
      })
      .from(orders)
      .where(live)
      .groupBy(sql`1`, sql`2`),
    unionAll(...waitingWork(db, scope, listedOrNull)),
    oldestLate(db, scope, settings, now),
    severalStores ? tileStores(db, live, scope) : Promise.resolve([]),
  ]);

  const totals = new Map<OrderStatusId, Figures>(SHOWN_STATUSES.map((s) => [s, noFigures()]));
  const byStore = new Map<string, Map<OrderStatusId, Figures>>(listed.map((code) => [code, new Map(SHOWN_STATUSES.map((s) => [s, noFigures()]))]));
  for (const row of statusRows) {
    const figures = { count: Number(row.count), late: Number(row.late), oldest: row.oldest, oldestOnTime: row.oldestOnTime };
    add(totals.get(row.statusId)!, figures);
    if (row.storeCode !== null) add(byStore.get(row.storeCode)!.get(row.statusId)!, figures);
  }

  const waiting = new Map<WaitingKind, Figures>(WAITING_KINDS.map((k) => [k, noFigures()]));
  const waitingByStore = new Map<string, number>();
  for (const row of waitingRows) {
    add(waiting.get(row.kind)!, { count: Number(row.count), late: 0, oldest: row.oldest, oldestOnTime: null });
    if (row.storeCode !== null) waitingByStore.set(row.storeCode, (waitingByStore.get(row.storeCode) ?? 0) + Number(row.count));
  }

  const seesPeople = hasRoleAtLeast(p.roleId, SEE_PEOPLE_MIN_ROLE);
  const lateChangesAt = MONITORED_STATUSES.map((s) => {
    const next = totals.get(s)!.oldestOnTime;
    return next && new Date(next.getTime() + settings.sla[s] * 60_000);
  }).reduce<Date | null>((a, b) => earlier(a, b ?? null), null);
  const data: Monitoring = {
    generatedAt: now.toISOString(),
    sla: MONITORED_STATUSES.map((statusId) => ({ statusId, minutes: Math.ceil(settings.sla[statusId]) })),
    escalation: LEVELS_IN_ORDER.map((level) => ({ level, minutes: Math.ceil(settings.escalation[level]) })),
    storeCount: Number(ranked[0]?.total ?? 0),
    totals: SHOWN_STATUSES.map((s) => statusOf(s, totals.get(s)!)),
    waiting: WAITING_KINDS.map((kind): MonitoringWaiting => ({ kind, count: waiting.get(kind)!.count, oldestAt: iso(waiting.get(kind)!.oldest) })),
    stores: ranked.map((r) => {
      const statuses = byStore.get(r.storeCode)!;
      return {
        storeCode: r.storeCode,
        storeName: r.storeName,
        statuses: SHOWN_STATUSES.map((s) => statusOf(s, statuses.get(s)!)),
        late: MONITORED_STATUSES.reduce((n, s) => n + statuses.get(s)!.late, 0),
        waiting: waitingByStore.get(r.storeCode) ?? 0,
      };
    }),
    late: lateRows.map(
      (r): LateOrder => ({
        shipmentNo: r.shipmentNo,
        orderNo: r.orderNo,
        storeCode: r.storeCode,
        storeName: r.storeName,
        statusId: r.statusId,
        deliveryType: r.deliveryType,
        appId: r.appId,
        createdAt: r.createdAt.toISOString(),
        ageMinutes: ageMinutes(now, r.createdAt),
        slaMinutes: Math.ceil(settings.sla[r.statusId as MonitoredStatusId]),
        escalationLevel: Number(r.escalationLevel),
        pickerName: seesPeople ? (r.pickerName ?? null) : null,
      }),
    ),
    lateTotal: MONITORED_STATUSES.reduce((n, s) => n + totals.get(s)!.late, 0),
    tileStores: severalStores ? storesPerTile(tileRows) : [],
  };
  return { data, lateChangesAt };
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
function waitingWork(db: Db, scope: (column: Column) => SQL, listedOrNull: (column: Column) => SQL<string | null>) {
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
function tileStores(db: Db, live: SQL | undefined, scope: (column: Column) => SQL) {
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
function storesPerTile(rows: ReadonlyArray<{ tile: string; storeCode: string; storeName: string; count: number; storeTotal: number }>): MonitoringTileStores[] {
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
function oldestLate(db: Db, scope: (column: Column) => SQL, settings: MonitoringSettings, now: Date) {
  const columns = {
    id: orders.id,
    shipmentNo: orders.shipmentNo,
    orderNo: orders.orderNo,
    storeCode: orders.storeCode,
    statusId: orders.statusId,
    deliveryType: orders.deliveryType,
    appId: orders.appId,
    createdAt: orders.createdAt,
    pickerUserId: orders.pickerUserId,
  };
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
