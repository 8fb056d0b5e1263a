import {
  hasRoleAtLeast,
  MONITORED_STATUSES,
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
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible } from '../../platform/scope';
import { ageMinutes, arrivedBy, LEVELS_IN_ORDER, SHOWN_STATUSES, type MonitoringSettings } from './settings';
import { chainSnapshot, storesSnapshot, type SnapshotRow } from './statements';
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

/** The snapshot statements a caller's scope is read with (the test kit's oracle passes its own). */
export interface SnapshotReaders {
  chain: (db: Db, ...cutoffs: [string, string, string]) => Promise<SnapshotRow[]>;
  stores: (db: Db, ...params: [string, string, string, string[]]) => Promise<SnapshotRow[]>;
}
const KEPT: SnapshotReaders = { chain: chainSnapshot, stores: storesSnapshot };

/**
 * GET /api/monitoring: orders per status and per store, what waits on someone, and the late orders, all
 * within the caller's scope (or the one store asked for), as of `now`. One prepared statement
 * (statements.ts) answers every part in one round trip, from the figures kept by triggers and index reads
 * of what moves with the clock.
 */
export async function loadMonitoring(db: Db, p: Principal, q: MonitoringQuery, settings: MonitoringSettings, now = new Date(), read: SnapshotReaders = KEPT): Promise<MonitoringSnapshot> {
  const cutoffs = MONITORED_STATUSES.map((s) => arrivedBy(now, settings.sla[s]).toISOString()) as [string, string, string];
  if (q.storeCode !== undefined) assertStoreVisible(p, q.storeCode);
  const scope = q.storeCode !== undefined ? [q.storeCode] : p.storeCodes;
  const [row] = scope === 'all' ? await read.chain(db, ...cutoffs) : await read.stores(db, ...cutoffs, scope);
  const snapshot = row!;
  // A store of the scope that does not exist (a super user's typo) is not found either.
  if (q.storeCode !== undefined && snapshot.stores.length === 0) throw new AppError('NOT_FOUND');
  const ranked = snapshot.stores;
  const listed = ranked.map((r) => r.code);
  const storeCount = Number(snapshot.storeCount);
  const stamp = (s: string | null) => (s === null ? null : new Date(s));

  const totals = new Map<OrderStatusId, Figures>(SHOWN_STATUSES.map((s) => [s, noFigures()]));
  const byStore = new Map<string, Map<OrderStatusId, Figures>>(listed.map((code) => [code, new Map(SHOWN_STATUSES.map((s) => [s, noFigures()]))]));
  for (const row of snapshot.statuses) add(totals.get(row.status)!, { count: row.n, late: row.late, oldest: stamp(row.oldest), oldestOnTime: stamp(row.oldestOnTime) });
  for (const row of snapshot.storeStatuses) add(byStore.get(row.store)!.get(row.status)!, { count: row.n, late: row.late, oldest: null, oldestOnTime: null });

  const waiting = new Map<WaitingKind, Figures>(WAITING_KINDS.map((k) => [k, noFigures()]));
  for (const row of snapshot.waiting) add(waiting.get(row.kind)!, { count: row.n, late: 0, oldest: stamp(row.oldest), oldestOnTime: null });
  const waitingByStore = new Map(snapshot.waitingByStore.map((r) => [r.store, r.n]));

  const seesPeople = hasRoleAtLeast(p.roleId, SEE_PEOPLE_MIN_ROLE);
  const lateChangesAt = MONITORED_STATUSES.map((s) => {
    const next = totals.get(s)!.oldestOnTime;
    return next && new Date(next.getTime() + settings.sla[s] * 60_000);
  }).reduce<Date | null>((a, b) => earlier(a, b ?? null), null);
  const data: Monitoring = {
    generatedAt: now.toISOString(),
    sla: MONITORED_STATUSES.map((statusId) => ({ statusId, minutes: Math.ceil(settings.sla[statusId]) })),
    escalation: LEVELS_IN_ORDER.map((level) => ({ level, minutes: Math.ceil(settings.escalation[level]) })),
    storeCount,
    totals: SHOWN_STATUSES.map((s) => statusOf(s, totals.get(s)!)),
    waiting: WAITING_KINDS.map((kind): MonitoringWaiting => ({ kind, count: waiting.get(kind)!.count, oldestAt: isoOrNull(waiting.get(kind)!.oldest) })),
    stores: ranked.map((r) => {
      const statuses = byStore.get(r.code)!;
      return {
        storeCode: r.code,
        storeName: r.name,
        statuses: SHOWN_STATUSES.map((statusId) => ({ statusId, count: statuses.get(statusId)!.count, late: statuses.get(statusId)!.late })),
        late: MONITORED_STATUSES.reduce((n, s) => n + statuses.get(s)!.late, 0),
        waiting: waitingByStore.get(r.code) ?? 0,
      };
    }),
    late: snapshot.late.map(
      (r): LateOrder => ({
        shipmentNo: r.shipmentNo,
        orderNo: r.orderNo,
        storeCode: r.storeCode,
        storeName: r.storeName,
        statusId: r.statusId,
        deliveryType: r.deliveryType,
        appId: r.appId,
        createdAt: new Date(r.createdAt).toISOString(),
        ageMinutes: ageMinutes(now, new Date(r.createdAt)),
        slaMinutes: Math.ceil(settings.sla[r.statusId as MonitoredStatusId]),
        escalationLevel: Number(r.escalationLevel),
        pickerName: seesPeople ? (r.pickerName ?? null) : null,
      }),
    ),
    lateTotal: MONITORED_STATUSES.reduce((n, s) => n + totals.get(s)!.late, 0),
  };
  return { data, lateChangesAt };
}

