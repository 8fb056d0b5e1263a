import { ORDER_STATUS, ORDER_STATUS_IDS, type OrderCount } from '@gerai/contract';
import type { Db } from '../../db/client';
import { statement } from '../../db/statement';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';

/**
 * Per-status counts come from order_status_counts (kept by triggers on orders);
 * the newest order and the new orders since the phone's last look are index lookups.
 */
const selectCounts = statement<{ counts: Record<string, number> | null; newest: Date | string | null; latest: number }, [storeCode: string, since: string | null]>(
  'orders_count',
  `select
    (select json_object_agg(status_id, n) from order_status_counts where store_code = $1) as counts,
    (select max(created_at) from orders where store_code = $1) as newest,
    case when $2::timestamptz is null then 0
      else (select count(*)::int from orders where store_code = $1 and status_id = ${ORDER_STATUS.NEW} and created_at > $2::timestamptz) end as latest`,
);

/** Counts per status for the caller's active store, plus new orders since `latestOrder`. */
export async function countOrders(db: Db, p: Principal, latestOrder?: string): Promise<OrderCount> {
  const storeCode = requireActiveStore(p);
  const [row] = await selectCounts(db, storeCode, latestOrder ? new Date(latestOrder).toISOString() : null);
  const counts = Object.fromEntries(ORDER_STATUS_IDS.map((id) => [String(id), 0])) as OrderCount['counts'];
  for (const [status, n] of Object.entries(row?.counts ?? {})) {
    if (status in counts) counts[status as keyof OrderCount['counts']] = Number(n);
  }
  return { counts, latest: Number(row?.latest ?? 0), latestOrderAt: row?.newest ? new Date(row.newest).toISOString() : null };
}
