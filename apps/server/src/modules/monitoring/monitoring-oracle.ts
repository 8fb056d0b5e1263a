// The test kit's oracle: the snapshot statement monitoring answered with before its figures were kept (migration 0018),
// every figure counted from scratch from the orders in work, and every tile's stores with it. Tests compare the kept figures'
// reply, and each tile's stores (tile-stores.ts), with this one's.
import {
  BOOKING_STATUS,
  CANCEL_REQUEST_STATUS,
  MAT_STATUS,
  MONITORED_STATUSES,
  MONITORING_LATE_MAX,
  MONITORING_STORES_MAX,
  POD_APPROVAL_STATUS,
  WAITING_RETURN_STATUS,
  type MonitoredStatusId,
} from '@gerai/contract';
import { statement } from '../../db/statement';
import { OPEN_STATUSES, SHOWN_STATUSES } from './settings';

import type { LateOrdersRow, LateRow } from './late-orders';
import type { SnapshotRow, StoreRowsRow } from './statements';

/** A tile's store in the oracle's reply: every tile's first MONITORING_STORES_MAX stores, counted from scratch. */
export interface OracleTileRow {
  tile: string;
  storeCode: string;
  storeName: string;
  count: number;
  storeTotal: number;
}
/** The oracle's row: the snapshot, the store rows, the late list and every tile's stores (which the app reads apart: loadStoreRows, late-orders.ts, tile-stores.ts). */
export type OracleRow = SnapshotRow &
  Omit<StoreRowsRow, 'onTime' | 'storeStatuses'> & { storeStatuses: Array<{ store: string; status: number; n: number; late: number }>; late: LateRow[]; tiles: OracleTileRow[] };

const list = (values: readonly (string | number)[]) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');
const LATE = MONITORED_STATUSES.map((s: MonitoredStatusId, i) => `(status_id = ${s} and created_at <= $${i + 1}::timestamptz)`).join(' or ');
const RETURN_KIND = `case r.status ${Object.entries(WAITING_RETURN_STATUS)
  .map(([kind, status]) => `when '${status}' then '${kind}'`)
  .join(' ')} end`;

/**
 * GET /api/monitoring in one statement (decision 99), `scope(column)` the stores it covers. Every figure is
 * read once from the partial index orders_live_status_created_idx (the whole chain) or the stores' own
 * indexes (a list of stores): `g` is the orders in work per store and status, `w` what waits on someone
 * per kind and store; the store ranking, the totals, each tile's stores and the listed stores' rows are
 * all derived from those two, and only the stores named in the reply are joined for their names.
 * Late is the condition of each monitored status at its cutoff ($1…$3, one per status of MONITORED_STATUSES).
 */
function snapshotSql(scope: (column: string) => string): string {
  const top = MONITORING_STORES_MAX;
  const lateOf = (status: MonitoredStatusId, i: number) => `(select id, shipment_no, order_no, store_code, status_id, delivery_type, app_id, created_at, picker_user_id
      from orders where status_id = ${status} and created_at <= $${i + 1}::timestamptz and ${scope('store_code')}
      order by created_at, id limit ${MONITORING_LATE_MAX})`;
  return `with g as materialized (
    select store_code, status_id, count(*)::int as n, (count(*) filter (where ${LATE}))::int as late,
      min(created_at) as oldest, min(created_at) filter (where not (${LATE})) as oldest_on_time
    from orders where status_id in (${list(SHOWN_STATUSES)}) and ${scope('store_code')}
    group by store_code, status_id
  ), w as materialized (
    select 'podApprovals'::text as kind, o.store_code, count(*)::int as n, min(r.request_date) as oldest
      from pod_approval_requests r join orders o on o.id = r.order_id
      where r.status = '${POD_APPROVAL_STATUS.PENDING}' and ${scope('o.store_code')} group by o.store_code
    union all
    select 'cancelRequests', o.store_code, count(*)::int, min(c.created_at)
      from cancel_requests c join orders o on o.id = c.order_id
      where c.status = '${CANCEL_REQUEST_STATUS.PENDING}' and ${scope('o.store_code')} group by o.store_code
    union all
    select ${RETURN_KIND}, r.store_code, count(*)::int, min(r.created_at)
      from returns r where r.status in (${list(Object.values(WAITING_RETURN_STATUS))}) and ${scope('r.store_code')} group by 1, 2
    union all
    select 'bookings', d.store_code, count(*)::int, min(b.created_at)
      from stock_booking_details d join stock_bookings b on b.id = d.booking_id
      where d.status = ${BOOKING_STATUS.WAITING} and b.cancelled_at is null and ${scope('d.store_code')} group by d.store_code
    union all
    select 'transfers', t.receiver_store_code, count(*)::int, min(t.created_at)
      from material_transfers t where t.status = '${MAT_STATUS.NEW}' and ${scope('t.receiver_store_code')} group by t.receiver_store_code
  ), busy as materialized (
    select store_code, sum(late)::int as late, sum(n)::int as open from g where status_id in (${list(OPEN_STATUSES)}) group by store_code
  ), ranked as materialized (
    -- Stores with open work by late work, then open work, then code; stores without any follow by code.
    select c.code, s.name, c.late, c.open from (
      (select store_code as code, late, open from busy order by late desc, open desc, store_code limit ${top})
      union all
      (select code, 0, 0 from stores where ${scope('code')} and not exists (select 1 from busy b where b.store_code = stores.code) order by code limit ${top})
      order by late desc, open desc, code limit ${top}
    ) c join stores s on s.code = c.code
  ), tiles as (
    select t.tile, t.store_code, t.n, t.store_total, t.rank from (
      select tile, store_code, n, (count(*) over (partition by tile))::int as store_total,
        row_number() over (partition by tile order by n desc, store_code) as rank
      from (select 'status-' || status_id as tile, store_code, n from g union all select kind, store_code, n from w) a
    ) t where t.rank <= ${top}
  ), late as (
    select l.*, s.name as store_name, u.name as picker_name,
      coalesce((select max(e.level) from order_escalations e where e.order_id = l.id), 0)::int as escalation_level
    from (${MONITORED_STATUSES.map(lateOf).join(' union all ')} order by created_at, id limit ${MONITORING_LATE_MAX}) l
    join stores s on s.code = l.store_code left join users u on u.id = l.picker_user_id
  )
  select
    (select count(*)::int from stores where ${scope('code')}) as "storeCount",
    (select json_build_object('code', code, 'name', name) from stores where ${scope('code')} and (select count(*) from stores where ${scope('code')}) = 1) as "oneStore",
    (select coalesce(json_agg(json_build_object('code', code, 'name', name) order by late desc, open desc, code), '[]') from ranked) as stores,
    (select coalesce(json_agg(json_build_object('store', store, 'status', status_id, 'n', n, 'late', late, 'oldest', oldest, 'oldestOnTime', oldest_on_time)), '[]') from (
      select null::text as store, status_id, sum(n)::int as n, sum(late)::int as late, min(oldest) as oldest, min(oldest_on_time) as oldest_on_time from g group by status_id
    ) f) as statuses,
    (select coalesce(json_agg(json_build_object('store', store_code, 'status', status_id, 'n', n, 'late', late)), '[]') from (
      select store_code, status_id, n, late from g where store_code in (select code from ranked)
    ) f) as "storeStatuses",
    (select coalesce(json_agg(json_build_object('kind', kind, 'n', n, 'oldest', oldest)), '[]') from (
      select kind, sum(n)::int as n, min(oldest) as oldest from w group by kind) k) as waiting,
    (select coalesce(json_agg(json_build_object('store', store_code, 'n', n)), '[]') from (
      select store_code, sum(n)::int as n from w where store_code in (select code from ranked) group by store_code) k) as "waitingByStore",
    (select coalesce(json_agg(json_build_object('id', id, 'shipmentNo', shipment_no, 'orderNo', order_no, 'storeCode', store_code, 'storeName', store_name,
      'statusId', status_id, 'deliveryType', delivery_type, 'appId', app_id, 'createdAt', created_at, 'pickerName', picker_name,
      'escalationLevel', escalation_level) order by created_at, id), '[]') from late) as late,
    (select coalesce(json_agg(json_build_object('tile', t.tile, 'storeCode', t.store_code, 'storeName', s.name, 'count', t.n, 'storeTotal', t.store_total)
      order by t.tile, t.rank), '[]') from tiles t join stores s on s.code = t.store_code) as tiles`;
}

type Cutoffs = [string, string, string];
export const oracleChainSnapshot = statement<OracleRow, Cutoffs>('monitoring_oracle_chain', snapshotSql(() => 'true'));
export const oracleStoresSnapshot = statement<OracleRow, [...Cutoffs, stores: string[]]>(
  'monitoring_oracle_stores',
  snapshotSql((column) => `${column} = any($4::text[])`),
);

/** The oracle as the readers of the store rows (loadStoreRows): the scope's oldest on-time orders from its totals. */
const onTimeOf = (row: OracleRow) => row.statuses.map((s) => ({ status: s.status, oldestOnTime: s.oldestOnTime }));
/** Its store rows as the statements answer them: per listed store with open work, n and late per open status. */
const storeStatusesOf = (row: OracleRow): StoreRowsRow['storeStatuses'] =>
  [...new Set(row.storeStatuses.map((r) => r.store))].map((store) => {
    const of = (status: number) => row.storeStatuses.find((r) => r.store === store && r.status === status);
    return { store, n: OPEN_STATUSES.map((s) => of(s)?.n ?? 0), late: OPEN_STATUSES.map((s) => of(s)?.late ?? 0) };
  });
const asStoreRows = (row: OracleRow): StoreRowsRow => ({ ...row, storeStatuses: storeStatusesOf(row), onTime: onTimeOf(row) });
export const oracleStoreRows = {
  chain: async (...args: Parameters<typeof oracleChainSnapshot>) => (await oracleChainSnapshot(...args)).map(asStoreRows),
  stores: async (...args: Parameters<typeof oracleStoresSnapshot>) => (await oracleStoresSnapshot(...args)).map(asStoreRows),
};

/** The oracle as the readers of the late list (loadLateOrders). */
const asLateRows = (row: OracleRow): LateOrdersRow => ({ storeCount: row.storeCount, late: row.late, onTime: onTimeOf(row) });
export const oracleLateOrders = {
  chain: async (...args: Parameters<typeof oracleChainSnapshot>) => (await oracleChainSnapshot(...args)).map(asLateRows),
  stores: async (...args: Parameters<typeof oracleStoresSnapshot>) => (await oracleStoresSnapshot(...args)).map(asLateRows),
};
