// The late list (GET /api/monitoring/late): read when its section comes near the screen, not with every snapshot (issue 27).
import { hasRoleAtLeast, MONITORED_STATUSES, MONITORING_LATE_MAX, SEE_PEOPLE_MIN_ROLE, type LateOrder, type MonitoredStatusId, type MonitoringLate, type MonitoringQuery, type OrderStatusId } from '@gerai/contract';
import type { Db } from '../../db/client';
import { statement } from '../../db/statement';
import type { Principal } from '../../platform/principal';
import { ageMinutes, type MonitoringSettings } from './settings';
import { nextLate, readScope, type ScopeReaders } from './queries';
import { cutoff, STORES_SCOPE } from './statements';

/** A late order as the statement answers it (names by key, the highest escalation level reached). */
export interface LateRow {
  id: number;
  shipmentNo: string;
  orderNo: string;
  storeCode: string;
  storeName: string;
  statusId: OrderStatusId;
  deliveryType: 0 | 1;
  appId: number;
  createdAt: string;
  pickerName: string | null;
  escalationLevel: number;
}

/** The one row a late statement answers. */
export interface LateOrdersRow {
  /** Stores of a list scope that exist (null for the whole chain: it names no store). */
  storeCount: number | null;
  late: LateRow[];
  /** Per monitored status, the scope's oldest order not yet late: the list changes by time alone when it goes late. */
  onTime: Array<{ status: OrderStatusId; oldestOnTime: string | null }>;
}

/**
 * The 50 oldest late orders of the scope: per monitored status an index range up to its cutoff, oldest first
 * (orders_live_status_created_idx for the chain, orders_live_store_status_created_idx for a list of stores), and
 * per monitored status one probe past its cutoff for the next to go late. Names by key for the 50 rows alone (a join
 * would hash every store and user); json_agg of whole rows (json_build_object looks its arguments' types up per row).
 */
function lateSql(scope: ((column: string) => string) | 'chain', storeCount: string): string {
  const where = scope === 'chain' ? () => 'true' : scope;
  const lateOf = (status: MonitoredStatusId, i: number) => `(select id, shipment_no, order_no, store_code, status_id, delivery_type, app_id, created_at, picker_user_id
      from orders where status_id = ${status} and created_at <= ${cutoff(i)} and ${where('store_code')}
      order by created_at, id limit ${MONITORING_LATE_MAX})`;
  // The chain's next on time off the partial index; a list of stores' per store by its own index (the chain's index would
  // walk every on-time order of the chain to find one of theirs).
  const oldestOnTime = (status: MonitoredStatusId, i: number) =>
    scope === 'chain'
      ? `(select min(created_at) from orders where status_id = ${status} and created_at > ${cutoff(i)})`
      : `(select min(t.at) from unnest((select $4::text[])) sc(code)
          cross join lateral (select min(created_at) as at from orders where store_code = sc.code and status_id = ${status} and created_at > ${cutoff(i)}) t)`;
  const onTimeOf = (status: MonitoredStatusId, i: number) => `select ${status} as status, ${oldestOnTime(status, i)} as "oldestOnTime"`;
  return `select ${storeCount} as "storeCount",
    (select coalesce(json_agg(x), '[]') from (
      select l.id, l.shipment_no as "shipmentNo", l.order_no as "orderNo", l.store_code as "storeCode",
        (select s.name from stores s where s.code = l.store_code) as "storeName", l.status_id as "statusId", l.delivery_type as "deliveryType",
        l.app_id as "appId", l.created_at as "createdAt", (select u.name from users u where u.id = l.picker_user_id) as "pickerName",
        coalesce((select max(e.level) from order_escalations e where e.order_id = l.id), 0)::int as "escalationLevel"
      from (${MONITORED_STATUSES.map(lateOf).join(' union all ')} order by created_at, id limit ${MONITORING_LATE_MAX}) l
      order by l.created_at, l.id) x) as late,
    (select json_agg(x) from (${MONITORED_STATUSES.map(onTimeOf).join(' union all ')}) x) as "onTime"`;
}

type Cutoffs = [string, string, string];
/** The whole chain. */
const chainLate = statement<LateOrdersRow, Cutoffs>('monitoring_late_chain', lateSql('chain', 'null::int'));
/** A list of stores ($4): an area, one store, or the one store asked for. */
const storesLate = statement<LateOrdersRow, [...Cutoffs, stores: string[]]>('monitoring_late_stores', lateSql(STORES_SCOPE, `(select count(*)::int from stores where ${STORES_SCOPE('code')})`));
export type LateReaders = ScopeReaders<LateOrdersRow>;
const KEPT_LATE: LateReaders = { chain: chainLate, stores: storesLate };

/** The late list, and when it changes by time alone (the next order of the scope going late). */
export interface LateOrdersSnapshot {
  data: MonitoringLate;
  lateChangesAt: Date | null;
}

/**
 * GET /api/monitoring/late: the oldest late orders of the caller's scope (or the one store asked for), at most
 * MONITORING_LATE_MAX, as of `now`. Who claimed an order is named for SEE_PEOPLE_MIN_ROLE and above.
 */
export async function loadLateOrders(db: Db, p: Principal, q: MonitoringQuery, settings: MonitoringSettings, now = new Date(), read: LateReaders = KEPT_LATE): Promise<LateOrdersSnapshot> {
  const row = await readScope(db, p, q, settings, now, read);
  const seesPeople = hasRoleAtLeast(p.roleId, SEE_PEOPLE_MIN_ROLE);
  const onTime = new Map(row.onTime.map((r) => [r.status, r.oldestOnTime === null ? null : new Date(r.oldestOnTime)]));
  const data: MonitoringLate = {
    generatedAt: now.toISOString(),
    late: row.late.map(
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
  };
  return { data, lateChangesAt: nextLate(settings, (s) => onTime.get(s) ?? null) };
}
