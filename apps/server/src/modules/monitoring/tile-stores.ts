// A tile's stores (GET /api/monitoring/tiles/:tile): read when the tile is opened, not with every snapshot (issue 27).
import { MONITORING_STORES_MAX, type MonitoringTile, type MonitoringTileStores, type WaitingKind } from '@gerai/contract';
import type { Db } from '../../db/client';
import { statement } from '../../db/statement';
import type { Principal } from '../../platform/principal';
import { SHOWN_STATUSES } from './settings';
import { waitingSql } from './statements';

/** The one row a tile statement answers. */
export interface TileStoresRow {
  storeTotal: number;
  stores: MonitoringTileStores['stores'];
}

/** The reply from `top` (store_code, n: the stores with any, or the first of them) and the count of stores with any. Names by key for the listed ones alone. */
const answer = (top: string, storeTotal: string) => `
  select ${storeTotal} as "storeTotal",
    (select coalesce(json_agg(x), '[]') from (
      select t.store_code as "storeCode", (select s.name from stores s where s.code = t.store_code) as "storeName", t.n as count
      from (${top}) t order by t.n desc, t.store_code limit ${MONITORING_STORES_MAX}) x) as stores`;
/** A waiting kind's open rows ($1) per store. */
const waiting = (scope: (column: string) => string) => `w as materialized (select store_code, n from (${waitingSql(scope)}) a where kind = $1::text)`;
/** The stores asked about ($2) as a one-row subquery: shown the list, PostgreSQL planned every call anew (statements.ts, STORES_SCOPE). */
const STORES_SCOPE = (column: string) => `${column} = any((select $2::text[])::text[])`;

/*
 * One statement per kind of tile and scope: one statement for both kinds (the other part reading nothing, its
 * condition a parameter compared with null) had a custom plan cheaper than its generic one, so PostgreSQL planned it
 * on every call (pg_prepared_statements: 0 generic plans of 350); each of these keeps its generic plan.
 */
/** The whole chain, an order status ($1): its 50 busiest stores off order_status_counts_tile_idx (status, n desc, code), how many stores have any from the kept slots (migration 0018). */
const chainStatusTile = statement<TileStoresRow, [statusId: number]>(
  'monitoring_tile_chain_status',
  answer(
    `select store_code, n from order_status_counts where status_id = $1::int and n > 0 order by n desc, store_code limit ${MONITORING_STORES_MAX}`,
    `(select coalesce(sum(u.stores), 0)::int from monitoring_status_slots s cross join lateral unnest(array[${SHOWN_STATUSES.join(', ')}], s.stores) u(status_id, stores)
      where u.status_id = $1::int)`,
  ),
);
/** The whole chain, a waiting kind ($1): from its few open rows. */
const chainWaitingTile = statement<TileStoresRow, [kind: WaitingKind]>('monitoring_tile_chain_waiting', `with ${waiting(() => 'true')} ${answer('select store_code, n from w', '(select count(*)::int from w)')}`);
/** A list of stores ($2), an order status ($1): each store's kept count by primary key. */
const storesStatusTile = statement<TileStoresRow, [statusId: number, stores: string[]]>(
  'monitoring_tile_stores_status',
  `with t as materialized (select store_code, n from order_status_counts where ${STORES_SCOPE('store_code')} and status_id = $1::int and n > 0)
  ${answer('select store_code, n from t', '(select count(*)::int from t)')}`,
);
/** A list of stores ($2), a waiting kind ($1): the kind's rows of those stores. */
const storesWaitingTile = statement<TileStoresRow, [kind: WaitingKind, stores: string[]]>(
  'monitoring_tile_stores_waiting',
  `with ${waiting(STORES_SCOPE)} ${answer('select store_code, n from w', '(select count(*)::int from w)')}`,
);

/** Reads a tile's stores over the caller's scope: its order status, or its waiting kind. */
function readTile(db: Db, p: Principal, tile: MonitoringTile): Promise<TileStoresRow[]> {
  const scope = p.storeCodes;
  if (tile.startsWith('status-')) {
    const statusId = Number(tile.slice('status-'.length));
    return scope === 'all' ? chainStatusTile(db, statusId) : storesStatusTile(db, statusId, [...scope]);
  }
  const kind = tile as WaitingKind;
  return scope === 'all' ? chainWaitingTile(db, kind) : storesWaitingTile(db, kind, [...scope]);
}

/** The stores of the caller's scope with at least one of what the tile counts, the most first (at most MONITORING_STORES_MAX). */
export async function loadTileStores(db: Db, p: Principal, tile: MonitoringTile): Promise<MonitoringTileStores> {
  const [row] = await readTile(db, p, tile);
  return { tile, storeTotal: Number(row!.storeTotal), stores: row!.stores };
}
