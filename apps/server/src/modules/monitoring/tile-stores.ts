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

/**
 * $1 the tile's order status (null for a waiting kind), $2 its waiting kind (null for a status). The part of
 * the other kind reads nothing: its condition compares a parameter with null. The stores' names are read by
 * key for the listed ones alone.
 */
const answer = (top: string, storeTotal: string) => `
  select ${storeTotal} as "storeTotal",
    (select coalesce(json_agg(x), '[]') from (
      select t.store_code as "storeCode", (select s.name from stores s where s.code = t.store_code) as "storeName", t.n as count
      from (${top}) t order by t.n desc, t.store_code limit ${MONITORING_STORES_MAX}) x) as stores`;
const waiting = (scope: (column: string) => string) => `w as materialized (select kind, store_code, n from (${waitingSql(scope)}) a where kind = $2::text)`;

/**
 * The whole chain: a status's 50 busiest stores off order_status_counts_tile_idx (status, n desc, code), and
 * how many stores have any from the kept slots (migration 0018); a waiting kind from its few open rows.
 */
const CHAIN_SQL = `with ${waiting(() => 'true')}
  ${answer(
    `(select store_code, n from order_status_counts where status_id = $1::int and n > 0 order by n desc, store_code limit ${MONITORING_STORES_MAX})
      union all (select store_code, n from w order by n desc, store_code limit ${MONITORING_STORES_MAX})`,
    `case when $1::int is null then (select count(*)::int from w) else (
      select coalesce(sum(u.stores), 0)::int from monitoring_status_slots s cross join lateral unnest(array[${SHOWN_STATUSES.join(', ')}], s.stores) u(status_id, stores)
      where u.status_id = $1::int) end`,
  )}`;

/** A list of stores ($3): each store's kept count by primary key, and the waiting kind's rows of those stores. */
const STORES_SQL = `with ${waiting((column) => `${column} = any($3::text[])`)},
  t as materialized (select store_code, n from order_status_counts where store_code = any($3::text[]) and status_id = $1::int and n > 0
    union all select store_code, n from w)
  ${answer('select store_code, n from t', '(select count(*)::int from t)')}`;

type TileParams = [statusId: number | null, kind: WaitingKind | null];
const chainTile = statement<TileStoresRow, TileParams>('monitoring_tile_chain', CHAIN_SQL);
const storesTile = statement<TileStoresRow, [...TileParams, stores: string[]]>('monitoring_tile_stores', STORES_SQL);

/** The tile's order status, or its waiting kind. */
function tileParams(tile: MonitoringTile): TileParams {
  return tile.startsWith('status-') ? [Number(tile.slice('status-'.length)), null] : [null, tile as WaitingKind];
}

/** The stores of the caller's scope with at least one of what the tile counts, the most first (at most MONITORING_STORES_MAX). */
export async function loadTileStores(db: Db, p: Principal, tile: MonitoringTile): Promise<MonitoringTileStores> {
  const params = tileParams(tile);
  const [row] = p.storeCodes === 'all' ? await chainTile(db, ...params) : await storesTile(db, ...params, [...p.storeCodes]);
  return { tile, storeTotal: Number(row!.storeTotal), stores: row!.stores };
}
