import {
  MONITORED_STATUSES,
  WAITING_KINDS,
  type Monitoring,
  type MonitoringQuery,
  type MonitoringStatus,
  type MonitoringStoreRows,
  type MonitoringWaiting,
  type MonitoredStatusId,
  type OrderStatusId,
  type WaitingKind,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible } from '../../platform/scope';
import { arrivedBy, LEVELS_IN_ORDER, OPEN_STATUSES, SHOWN_STATUSES, type MonitoringSettings } from './settings';
import { chainSnapshot, chainStoreRows, storesSnapshot, storesStoreRows, type SnapshotRow, type StoreRowsRow } from './statements';
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

/** The statements a caller's scope is read with, answering `Row` (the test kit's oracle passes its own). */
export interface ScopeReaders<Row> {
  chain: (db: Db, ...cutoffs: [string, string, string]) => Promise<Row[]>;
  stores: (db: Db, ...params: [string, string, string, string[]]) => Promise<Row[]>;
}
export type SnapshotReaders = ScopeReaders<SnapshotRow>;
export type StoreRowsReaders = ScopeReaders<StoreRowsRow>;
const KEPT: SnapshotReaders = { chain: chainSnapshot, stores: storesSnapshot };
const KEPT_STORE_ROWS: StoreRowsReaders = { chain: chainStoreRows, stores: storesStoreRows };

/** Each monitored status's cutoff as of `now`, and the stores asked about (the caller's scope, or the one store asked for). */
export async function readScope<Row extends { storeCount: number | null }>(db: Db, p: Principal, q: MonitoringQuery, settings: MonitoringSettings, now: Date, read: ScopeReaders<Row>): Promise<Row> {
  const cutoffs = MONITORED_STATUSES.map((s) => arrivedBy(now, settings.sla[s]).toISOString()) as [string, string, string];
  if (q.storeCode !== undefined) assertStoreVisible(p, q.storeCode);
  const scope = q.storeCode !== undefined ? [q.storeCode] : p.storeCodes;
  const [row] = scope === 'all' ? await read.chain(db, ...cutoffs) : await read.stores(db, ...cutoffs, scope);
  // A store of the scope that does not exist (a super user's typo) is not found either.
  if (q.storeCode !== undefined && row!.storeCount !== null && Number(row!.storeCount) === 0) throw new AppError('NOT_FOUND');
  return row!;
}

/** The moment the next order goes late: the oldest on-time order of a monitored status passing its level (null: none will). */
export function nextLate(settings: MonitoringSettings, oldestOnTime: (status: MonitoredStatusId) => Date | null): Date | null {
  return MONITORED_STATUSES.map((s) => {
    const next = oldestOnTime(s);
    return next && new Date(next.getTime() + settings.sla[s] * 60_000);
  }).reduce<Date | null>((a, b) => earlier(a, b ?? null), null);
}

/**
 * GET /api/monitoring: orders per status, what waits on someone, and how many orders are late, all within the caller's
 * scope (or the one store asked for), as of `now`. One prepared statement (statements.ts) answers every part in one
 * round trip, from the figures kept by triggers and index reads of what moves with the clock. "Per toko" and the late
 * list are reads of their own (loadStoreRows, late-orders.ts).
 */
export async function loadMonitoring(db: Db, p: Principal, q: MonitoringQuery, settings: MonitoringSettings, now = new Date(), read: SnapshotReaders = KEPT): Promise<MonitoringSnapshot> {
  const snapshot = await readScope(db, p, q, settings, now, read);
  const stamp = (s: string | null) => (s === null ? null : new Date(s));

  const totals = new Map<OrderStatusId, Figures>(SHOWN_STATUSES.map((s) => [s, noFigures()]));
  for (const row of snapshot.statuses) add(totals.get(row.status)!, { count: row.n, late: row.late, oldest: stamp(row.oldest), oldestOnTime: stamp(row.oldestOnTime) });

  const waiting = new Map<WaitingKind, Figures>(WAITING_KINDS.map((k) => [k, noFigures()]));
  for (const row of snapshot.waiting) add(waiting.get(row.kind)!, { count: row.n, late: 0, oldest: stamp(row.oldest), oldestOnTime: null });

  const lateChangesAt = nextLate(settings, (s) => totals.get(s)!.oldestOnTime);
  const data: Monitoring = {
    generatedAt: now.toISOString(),
    sla: MONITORED_STATUSES.map((statusId) => ({ statusId, minutes: Math.ceil(settings.sla[statusId]) })),
    escalation: LEVELS_IN_ORDER.map((level) => ({ level, minutes: Math.ceil(settings.escalation[level]) })),
    storeCount: Number(snapshot.storeCount),
    store: snapshot.oneStore && { storeCode: snapshot.oneStore.code, storeName: snapshot.oneStore.name },
    totals: SHOWN_STATUSES.map((s) => statusOf(s, totals.get(s)!)),
    waiting: WAITING_KINDS.map((kind): MonitoringWaiting => ({ kind, count: waiting.get(kind)!.count, oldestAt: isoOrNull(waiting.get(kind)!.oldest) })),
    lateTotal: MONITORED_STATUSES.reduce((n, s) => n + totals.get(s)!.late, 0),
  };
  return { data, lateChangesAt };
}


/** A store row's statuses, each with its place in the row's arrays (OPEN_STATUSES' order). */
const ROW_STATUSES = MONITORED_STATUSES.map((s) => [s, OPEN_STATUSES.indexOf(s)] as const);

/** The store rows, and when they change by time alone (the next order of the scope going late). */
export interface StoreRowsSnapshot {
  data: MonitoringStoreRows;
  lateChangesAt: Date | null;
}

/**
 * GET /api/monitoring/stores ("Per toko"): each store of the caller's scope (or the one store asked for) with its work
 * in hand, the most late work first, at most MONITORING_STORES_MAX; read when the section comes near the screen.
 */
export async function loadStoreRows(db: Db, p: Principal, q: MonitoringQuery, settings: MonitoringSettings, now = new Date(), read: StoreRowsReaders = KEPT_STORE_ROWS): Promise<StoreRowsSnapshot> {
  const row = await readScope(db, p, q, settings, now, read);
  const byStore = new Map(row.storeStatuses.map((r) => [r.store, r]));
  const waitingByStore = new Map(row.waitingByStore.map((r) => [r.store, r.n]));
  const onTime = new Map(row.onTime.map((r) => [r.status, r.oldestOnTime === null ? null : new Date(r.oldestOnTime)]));
  const data: MonitoringStoreRows = {
    generatedAt: now.toISOString(),
    storeCount: Number(row.storeCount),
    stores: row.stores.map((r) => {
      const open = byStore.get(r.code);
      const statuses = ROW_STATUSES.map(([statusId, i]) => ({ statusId, count: open?.n[i] ?? 0, late: open?.late[i] ?? 0 }));
      return { storeCode: r.code, storeName: r.name, statuses, late: statuses.reduce((n, s) => n + s.late, 0), waiting: waitingByStore.get(r.code) ?? 0 };
    }),
  };
  return { data, lateChangesAt: nextLate(settings, (s) => onTime.get(s) ?? null) };
}
