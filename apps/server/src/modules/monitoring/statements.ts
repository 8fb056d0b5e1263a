// The SQL a monitoring snapshot is made of: one prepared statement per kind of scope, answering the whole reply in one round trip.
import {
  BOOKING_STATUS,
  CANCEL_REQUEST_STATUS,
  MAT_STATUS,
  MONITORED_STATUSES,
  MONITORING_STORES_MAX,
  POD_APPROVAL_STATUS,
  WAITING_RETURN_STATUS,
  type MonitoredStatusId,
  type OrderStatusId,
  type WaitingKind,
} from '@gerai/contract';
import { statement } from '../../db/statement';
import { OPEN_STATUSES, SHOWN_STATUSES } from './settings';

/** A timestamp as JSON hands it over (timestamptz as text). */
type Stamp = string | null;
/** Per store (or the scope's total: store null) and status. */
export interface StatusFigures {
  store: string | null;
  status: OrderStatusId;
  n: number;
  late: number;
  oldest: Stamp;
  oldestOnTime: Stamp;
}
export interface WaitingFigures {
  kind: WaitingKind;
  n: number;
  oldest: Stamp;
}
/** The one row a snapshot statement answers: the reply's figures as JSON ("Per toko" and the late list are reads of their own: StoreRowsRow, late-orders.ts). */
export interface SnapshotRow {
  storeCount: number;
  /** The one store the figures cover, when they cover exactly one (its name for the filter, its lists for the tiles). */
  oneStore: { code: string; name: string } | null;
  /** Per status: the scope's totals (store null). */
  statuses: StatusFigures[];
  waiting: WaitingFigures[];
}

/** The one row a store rows statement answers ("Per toko", GET /api/monitoring/stores). */
export interface StoreRowsRow {
  storeCount: number;
  /** The listed stores, most late work first, then most open work, then code. */
  stores: Array<{ code: string; name: string }>;
  /**
   * Each listed store with open work: its count and late orders per open status, in the order of OPEN_STATUSES (a store
   * row shows no oldest order, nor completed or cancelled ones). Two arrays per store: a JSON object per store and
   * status cost PostgreSQL a sixth of the chain's read.
   */
  storeStatuses: Array<{ store: string; n: number[]; late: number[] }>;
  waitingByStore: Array<{ store: string; n: number }>;
  /** Per monitored status, the scope's oldest order not yet late: the rows change by time alone when it goes late. */
  onTime: Array<{ status: OrderStatusId; oldestOnTime: Stamp }>;
}

const list = (values: readonly (string | number)[]) => values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');
const RETURN_KIND = `case r.status ${Object.entries(WAITING_RETURN_STATUS)
  .map(([kind, status]) => `when '${status}' then '${kind}'`)
  .join(' ')} end`;
/**
 * A monitored status's cutoff ($1…$3, one per status of MONITORED_STATUSES) as a one-row subquery, which every
 * plan treats alike: were the planner shown the value, each call's plan would price the few orders past it below the
 * generic plan, and PostgreSQL would plan every call anew (measured: planning doubled the statement's CPU).
 */
export const cutoff = (i: number) => `(select $${i + 1}::timestamptz)`;
/** Each of `statuses` with its cutoff (null: it never goes late); joined, it keeps those statuses without a condition an index could be chosen for. */
const cutoffsOf = (statuses: readonly OrderStatusId[]) => `(values ${statuses
  .map((s) => {
    const i = (MONITORED_STATUSES as readonly OrderStatusId[]).indexOf(s);
    return `(${s}, ${i < 0 ? 'null::timestamptz' : cutoff(i)})`;
  })
  .join(', ')}) k(status_id, cutoff)`;
/** Each shown status with its cutoff. */
const CUTOFFS = cutoffsOf(SHOWN_STATUSES);
/** One int per open status (OPEN_STATUSES' order), each `of` it and its 1-based place. */
const perOpenStatus = (of: (status: OrderStatusId, i: number) => string) => `array[${OPEN_STATUSES.map((s, i) => of(s, i + 1)).join(', ')}]::int[]`;

/**
 * A request's order's store, by primary key per open request. Joined, the generic plan merge-joined the few open
 * requests with a walk of orders_pkey from the first order up to the newest requested one (every order of the chain).
 */
const orderStoreOf = (id: string) => `cross join lateral (select o.store_code from orders o where o.id = ${id} offset 0) o`;
/** Each kind of work that waits on someone: its rows still open (from and where, within the scope), their store and their age. */
const waitingKinds = (scope: (column: string) => string) => [
  { kind: `'podApprovals'::text`, store: 'o.store_code', oldest: 'r.request_date', rows: `pod_approval_requests r ${orderStoreOf('r.order_id')}
      where r.status = '${POD_APPROVAL_STATUS.PENDING}' and ${scope('o.store_code')}` },
  { kind: `'cancelRequests'`, store: 'o.store_code', oldest: 'c.created_at', rows: `cancel_requests c ${orderStoreOf('c.order_id')}
      where c.status = '${CANCEL_REQUEST_STATUS.PENDING}' and ${scope('o.store_code')}` },
  { kind: RETURN_KIND, store: 'r.store_code', oldest: 'r.created_at', rows: `returns r where r.status in (${list(Object.values(WAITING_RETURN_STATUS))}) and ${scope('r.store_code')}` },
  { kind: `'bookings'`, store: 'd.store_code', oldest: 'b.created_at', rows: `stock_booking_details d join stock_bookings b on b.id = d.booking_id
      where d.status = ${BOOKING_STATUS.WAITING} and b.cancelled_at is null and ${scope('d.store_code')}` },
  { kind: `'transfers'`, store: 't.receiver_store_code', oldest: 't.created_at', rows: `material_transfers t where t.status = '${MAT_STATUS.NEW}' and ${scope('t.receiver_store_code')}` },
];
/** What waits on someone, per kind and store (few rows: requests, returns, bookings and transfers still open). */
export const waitingSql = (scope: (column: string) => string) =>
  waitingKinds(scope)
    .map(({ kind, store, oldest, rows }, i) => {
      // A kind written out (the returns' case) is grouped by place; the first part names the columns.
      const groupBy = kind.startsWith('case') ? '1, 2' : store;
      const columns = i === 0 ? `${kind} as kind, ${store}, count(*)::int as n, min(${oldest}) as oldest` : `${kind}, ${store}, count(*)::int, min(${oldest})`;
      return `select ${columns}
      from ${rows} group by ${groupBy}`;
    })
    .join(`
    union all
    `);
/**
 * How much waits on someone per store, every kind together ("Per toko" shows one figure): one count over the open
 * rows, where grouping each kind by store and kind and adding them up was a quarter of the chain's store rows read.
 */
const waitingPerStoreSql = (scope: (column: string) => string) => `select store_code, count(*)::int as n from (
      ${waitingKinds(scope)
        .map(({ store, rows }) => `select ${store} as store_code from ${rows}`)
        .join(`
      union all
      `)}
    ) a group by store_code`;

/**
 * The reply's columns, from CTEs every snapshot statement names alike: totals, w. A tile's stores (tile-stores.ts), the store
 * rows (STORE_ROWS) and the late list (late-orders.ts) are reads of their own, asked for when the tile is opened or their
 * section comes near the screen. Each list is json_agg of whole rows, keyed by the column names, fed in order by its sorted subquery:
 * json_build_object looks up every argument's type on every row (measured: a third of the statement).
 */
const SELECT_REPLY = `select
    (select coalesce(json_agg(x), '[]') from (
      select null::text as store, status_id as status, n, late, oldest, oldest_on_time as "oldestOnTime" from totals where n > 0) x) as statuses,
    (select coalesce(json_agg(x), '[]') from (select kind, sum(n)::int as n, min(oldest) as oldest from w group by kind) x) as waiting`;

/** The store rows' columns, from CTEs every store rows statement names alike: ranked, listed (per store, n and late per open status), w (waitingPerStoreSql), on_time. */
const SELECT_STORE_ROWS = `select
    (select coalesce(json_agg(x), '[]') from (select code, name from ranked order by late desc, open desc, code) x) as stores,
    (select coalesce(json_agg(x), '[]') from (select store_code as store, n, late from listed) x) as "storeStatuses",
    (select coalesce(json_agg(x), '[]') from (select store_code as store, n from w where store_code in (select code from ranked)) x) as "waitingByStore",
    (select coalesce(json_agg(x), '[]') from (select status_id as status, oldest_on_time as "oldestOnTime" from on_time) x) as "onTime"`;

/** The chain's stores, kept by a trigger on stores (migration 0024): counting 2,000 stores cost 0.16 ms of every chain read. */
const CHAIN_STORE_COUNT = 'select n from monitoring_store_count';
/** The scope's stores counted (a CTE), and the one store of a scope of one (null otherwise). */
const storeCountCte = (where: string) => `store_count as materialized (select count(*)::int as n from stores where ${where})`;
const STORE_COUNT_COLUMNS = (where: string) => `(select n from store_count) as "storeCount",
    (select to_json(x) from (select code, name from stores where ${where} order by code limit 1) x where (select n from store_count) = 1) as "oneStore"`;

/**
 * The whole chain (decision 99, issue 27): nothing here grows with the orders in work. The figures that do not
 * move with the clock are kept by triggers in the changing transaction (migration 0018): per status over the chain
 * with its stores (monitoring_status_slots, at commit), open orders per store (monitoring_store_open, for the store
 * rows). What moves with the clock is read by index range: the orders still on time (arrived after their status's
 * cutoff: a service level's worth of arrivals), so late = kept count − on time; each status's oldest and oldest on
 * time are one index probe each. The store rows (chainStoreRowsSql) and a tile's stores (tile-stores.ts) are reads
 * of their own.
 */
function chainSql(): string {
  const onTimeOf = (status: MonitoredStatusId, i: number) => `select status_id from orders where status_id = ${status} and created_at > ${cutoff(i)}`;
  const probes = SHOWN_STATUSES.map((s) => {
    const i = (MONITORED_STATUSES as readonly OrderStatusId[]).indexOf(s);
    const onTime = i < 0 ? 'null::timestamptz' : `(select min(created_at) from orders where status_id = ${s} and created_at > ${cutoff(i)})`;
    return `select ${s} as status_id, (select min(created_at) from orders where status_id = ${s}) as oldest, ${onTime} as oldest_on_time`;
  }).join(' union all ');
  return `with ontime as materialized (
    select status_id, count(*)::int as n from (${MONITORED_STATUSES.map(onTimeOf).join(' union all ')}) o group by 1
  ), totals as materialized (
    select k.status_id, coalesce(c.n, 0) as n,
      case when k.cutoff is null then 0 else coalesce(c.n, 0) - coalesce((select t.n from ontime t where t.status_id = k.status_id), 0) end as late,
      p.oldest, p.oldest_on_time
    from ${CUTOFFS}
    left join (select u.status_id, sum(u.n)::int as n
      from monitoring_status_slots s cross join lateral unnest(array[${list(SHOWN_STATUSES)}], s.n) u(status_id, n) group by 1) c using (status_id)
    join (${probes}) p using (status_id)
  ), w as materialized (
    ${waitingSql(() => 'true')}
  ), store_count as materialized (
    ${CHAIN_STORE_COUNT}
  )
  ${SELECT_REPLY}, ${STORE_COUNT_COLUMNS('true')}`;
}

/**
 * "Per toko" over the whole chain (GET /api/monitoring/stores): stores are ranked by late work, then open work, then
 * code. A store without on-time orders has all its open work late, so the first 50 of those come off the open-work
 * index (monitoring_store_open), the stores with on-time orders are added, and stores without open work follow by
 * code (read only when fewer than 50 have some). A listed store is its one open row: its name and its open orders per
 * status are kept there (migration 0030; a name and the counters by key per listed store were 350 of 480 buffers).
 */
function chainStoreRowsSql(): string {
  const top = MONITORING_STORES_MAX;
  const onTimeOf = (status: MonitoredStatusId, i: number) => `select store_code, status_id from orders where status_id = ${status} and created_at > ${cutoff(i)}`;
  const oldestOnTime = MONITORED_STATUSES.map((s, i) => `select ${s} as status_id, (select min(created_at) from orders where status_id = ${s} and created_at > ${cutoff(i)}) as oldest_on_time`).join(
    ' union all ',
  );
  // Every open status has a cutoff (OPEN_STATUSES are the monitored ones): late is its count less its on-time orders.
  return `with lateness as materialized (
    select store_code, count(*)::int as on_time, ${perOpenStatus((s) => `count(*) filter (where status_id = ${s})`)} as on_time_n
    from (${MONITORED_STATUSES.map(onTimeOf).join(' union all ')}) o group by store_code
  ), candidates as (
    select o.store_code as code, o.name, o.open - l.on_time as late, o.open, o.n, ${perOpenStatus((_, i) => `o.n[${i}] - l.on_time_n[${i}]`)} as late_n
    from lateness l cross join lateral (select store_code, name, open, n from monitoring_store_open o where o.store_code = l.store_code offset 0) o
    union all
    -- The most open work first off the index, past the stores with on-time orders (not in: one hashed set, where
    -- not exists walked them all for every store read off the index); all their open work is late.
    (select store_code, name, open, open, n, n from monitoring_store_open o
      where open > 0 and store_code not in (select store_code from lateness) order by open desc, store_code limit ${top})
  ), ranked as materialized (
    -- Append runs its parts in order and the limit stops it: the stores without open work are read only to fill up.
    (select code, name, late, open, n, late_n from candidates order by late desc, open desc, code limit ${top})
    union all
    (select code, name, 0, 0, null::int[], null::int[] from stores where not exists (select 1 from monitoring_store_open o where o.store_code = stores.code and o.open > 0) order by code limit ${top})
    limit ${top}
  ), listed as (
    select code as store_code, n, late_n as late from ranked where open > 0
  ), w as materialized (
    ${waitingPerStoreSql(() => 'true')}
  ), on_time as (
    ${oldestOnTime}
  )
  ${SELECT_STORE_ROWS}, (${CHAIN_STORE_COUNT}) as "storeCount"`;
}

/**
 * A list of stores ($4: an area, one store, or the one store asked for), each read whole: per store and status the
 * kept count (order_status_counts) and, by the store's index, its oldest order, its on-time orders and the oldest
 * of them; late is the kept count less the on-time ones. The totals (the snapshot) or the ranking (the store rows) derive from those rows.
 */
const storesFigures = (scope: (column: string) => string, withOldest: boolean, statuses: readonly OrderStatusId[]) => {
  const of = `from orders o where o.store_code = c.store_code and o.status_id = c.status_id`;
  const oldest = withOldest ? `(select min(o.created_at) ${of})` : 'null::timestamptz';
  return `g as materialized (
    select c.store_code, c.status_id, c.n, case when k.cutoff is null then 0 else c.n - (select count(*)::int ${of} and o.created_at > k.cutoff) end as late,
      ${oldest} as oldest, (select min(o.created_at) ${of} and o.created_at > k.cutoff) as oldest_on_time
    from order_status_counts c join ${cutoffsOf(statuses)} using (status_id) where ${scope('c.store_code')} and c.n > 0
  )`;
};
/**
 * The stores asked about ($4) as a one-row subquery, for the reason of the cutoffs: shown a list of one store (the
 * crew's), PostgreSQL priced a custom plan below the generic one and planned every call anew.
 */
export const STORES_SCOPE = (column: string) => `${column} = any((select $4::text[])::text[])`;

function storesSql(): string {
  const scope = STORES_SCOPE;
  return `with ${storesFigures(scope, true, SHOWN_STATUSES)}, totals as (
    select status_id, sum(n)::int as n, sum(late)::int as late, min(oldest) as oldest, min(oldest_on_time) as oldest_on_time from g group by status_id
  ), w as materialized (
    ${waitingSql(scope)}
  ), ${storeCountCte(scope('code'))}
  ${SELECT_REPLY}, ${STORE_COUNT_COLUMNS(scope('code'))}`;
}

/** "Per toko" over a list of stores ($4): the ranking from each store's figures. */
function storesStoreRowsSql(): string {
  const top = MONITORING_STORES_MAX;
  const scope = STORES_SCOPE;
  const byStatus = (column: string) => perOpenStatus((s) => `coalesce(sum(${column}) filter (where status_id = ${s}), 0)`);
  return `with ${storesFigures(scope, false, OPEN_STATUSES)}, busy as materialized (
    select store_code, sum(late)::int as late, sum(n)::int as open, ${byStatus('n')} as n, ${byStatus('late')} as late_n
    from g where status_id in (${list(OPEN_STATUSES)}) group by store_code
  ), ranked as materialized (
    -- Stores with open work by late work, then open work, then code; stores without any follow by code.
    -- Names by key for the listed stores alone (a join hashed every store of the chain).
    select c.code, (select s.name from stores s where s.code = c.code) as name, c.late, c.open from (
      (select store_code as code, late, open from busy order by late desc, open desc, store_code limit ${top})
      union all
      (select code, 0, 0 from stores where ${scope('code')} and not exists (select 1 from busy b where b.store_code = stores.code) order by code limit ${top})
      order by late desc, open desc, code limit ${top}
    ) c where exists (select 1 from stores s where s.code = c.code)
  ), listed as (
    select store_code, n, late_n as late from busy where store_code in (select code from ranked)
  ), w as materialized (
    ${waitingPerStoreSql(scope)}
  ), on_time as (
    select status_id, min(oldest_on_time) as oldest_on_time from g where status_id in (${list(MONITORED_STATUSES)}) group by status_id
  )
  ${SELECT_STORE_ROWS}, (select count(*)::int from stores where ${scope('code')}) as "storeCount"`;
}

type Cutoffs = [string, string, string];
/** The whole chain (the helpdesk and the super user). */
export const chainSnapshot = statement<SnapshotRow, Cutoffs>('monitoring_chain', chainSql());
/** A list of stores ($4): an area, one store, or the one store asked for. */
export const storesSnapshot = statement<SnapshotRow, [...Cutoffs, stores: string[]]>('monitoring_stores', storesSql());
/** "Per toko" of the whole chain. */
export const chainStoreRows = statement<StoreRowsRow, Cutoffs>('monitoring_chain_store_rows', chainStoreRowsSql());
/** "Per toko" of a list of stores ($4). */
export const storesStoreRows = statement<StoreRowsRow, [...Cutoffs, stores: string[]]>('monitoring_stores_store_rows', storesStoreRowsSql());
