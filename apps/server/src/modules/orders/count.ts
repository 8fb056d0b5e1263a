import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { ORDER_STATUS, ORDER_STATUS_IDS, type OrderCount } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';

/** Counts per status for the caller's active store, plus new orders since `latestOrder`. */
export async function countOrders(db: Db, p: Principal, latestOrder?: string): Promise<OrderCount> {
  const storeCode = requireActiveStore(p);
  const rows = await db
    .select({ statusId: orders.statusId, n: count(), newest: max(orders.createdAt) })
    .from(orders)
    .where(eq(orders.storeCode, storeCode))
    .groupBy(orders.statusId);
  const counts = Object.fromEntries(ORDER_STATUS_IDS.map((id) => [String(id), 0])) as OrderCount['counts'];
  let newest: Date | null = null;
  for (const row of rows) {
    const key = String(row.statusId) as keyof OrderCount['counts'];
    if (key in counts) counts[key] = Number(row.n);
    const rowNewest = row.newest ? new Date(row.newest) : null;
    if (rowNewest && (!newest || rowNewest > newest)) newest = rowNewest;
  }
  let latest = 0;
  if (latestOrder) {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.storeCode, storeCode), eq(orders.statusId, ORDER_STATUS.NEW), gt(orders.createdAt, sql`${new Date(latestOrder).toISOString()}::timestamptz`)));
    latest = Number(row?.n ?? 0);
  }
  return { counts, latest, latestOrderAt: newest ? newest.toISOString() : null };
}
