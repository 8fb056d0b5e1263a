import { and, asc, desc, eq, min, param, sql, type Column } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  hasRoleAtLeast,
  MONITORED_STATUSES,
  MONITORING_STORES_MAX,
  SEE_PEOPLE_MIN_ROLE,
  WAITING_KINDS,
  type LateOrder,
  type Monitoring,
  type MonitoringQuery,
  type MonitoringStatus,
  type MonitoringWaiting,
  type MonitoredStatusId,
  type OrderStatusId,
  type WaitingKind,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { orders, stores } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { ageMinutes, LEVELS_IN_ORDER, OPEN_STATUSES, SHOWN_STATUSES, type MonitoringSettings } from './settings';
import { lateCondition, oldestLate, scopeOf, statusIn, storesPerTile, tileStores, waitingWork } from './statements';
import { isoOrNull } from '../../platform/iso';

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
const statusOf = (statusId: OrderStatusId, f: Figures): MonitoringStatus => ({ statusId, count: f.count, late: f.late, oldestAt: isoOrNull(f.oldest) });

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
    waiting: WAITING_KINDS.map((kind): MonitoringWaiting => ({ kind, count: waiting.get(kind)!.count, oldestAt: isoOrNull(waiting.get(kind)!.oldest) })),
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

