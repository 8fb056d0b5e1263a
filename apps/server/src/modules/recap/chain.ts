import { and, gte, lte, sql, type Column, type SQL } from 'drizzle-orm';
import type { RecapQuery } from '@gerai/contract';
import { queryRows, type Db } from '../../db/client';
import { recapChainCancels, recapChainCompletion, recapChainCounts, recapChainProducts } from '../../db/schema';
import { mostShortProducts } from './out-of-stock';
import type { Principal } from '../../platform/principal';

/*
 * The whole chain's recap figures from the kept daily figures (migration 0033, decision 169): the same rows the
 * statements over the orders give (service.ts), read from a few thousand kept rows whatever the chain's size.
 * Each reader takes the range's WIB days, both included.
 */

/** The whole chain's recap (every store, none picked): read from the kept daily figures. */
export const isWholeChain = (p: Principal, q: RecapQuery): boolean => p.storeCodes === 'all' && !q.storeCode;

type Range = { from: string; to: string };
const inRange = (day: Column, r: Range): SQL => and(gte(day, r.from), lte(day, r.to))!;

/** Orders per day, channel and current status (the slots summed; zeros left out). */
export function chainCounts(db: Db, r: Range) {
  const n = sql<number>`sum(${recapChainCounts.n})`.mapWith(Number);
  return db
    .select({ day: sql<string>`to_char(${recapChainCounts.day}, 'YYYY-MM-DD')`, appId: recapChainCounts.appId, statusId: recapChainCounts.statusId, n })
    .from(recapChainCounts)
    .where(inRange(recapChainCounts.day, r))
    .groupBy(recapChainCounts.day, recapChainCounts.appId, recapChainCounts.statusId)
    .having(sql`sum(${recapChainCounts.n}) <> 0`);
}

/** The cancelled orders per reason as written ('' for none, which the recap shows as having no reason). */
export function chainCancellations(db: Db, r: Range) {
  return db
    .select({ reason: recapChainCancels.reason, count: sql<number>`sum(${recapChainCancels.n})`.mapWith(Number) })
    .from(recapChainCancels)
    .where(inRange(recapChainCancels.day, r))
    .groupBy(recapChainCancels.reason)
    .having(sql`sum(${recapChainCancels.n}) <> 0`);
}

/** Out of stock per product over the range, as the orders' lines give it: the most units short first, at most RECAP_OOS_MAX. */
export function chainOutOfStock(db: Db, r: Range) {
  const oosQty = sql<number>`sum(${recapChainProducts.oosQty})`;
  const perProduct = db
    .select({
      productId: recapChainProducts.productId,
      orderedQty: sql<number>`sum(${recapChainProducts.orderedQty})`.as('ordered_qty'),
      oosQty: oosQty.as('oos_qty'),
      lines: sql<number>`sum(${recapChainProducts.lines})`.as('lines'),
      oosLines: sql<number>`sum(${recapChainProducts.oosLines})`.as('oos_lines'),
    })
    .from(recapChainProducts)
    .where(inRange(recapChainProducts.day, r))
    .groupBy(recapChainProducts.productId)
    .having(sql`${oosQty} > 0`)
    .as('per_product');
  return mostShortProducts(db, perProduct);
}

/**
 * The completed orders and the median and 90th percentile of their tenths of a minute from arrival to completed, in
 * minutes, as percentile_cont gives them over the orders: the value at position f × (n − 1) of the sorted times,
 * interpolated between its two neighbours, each found from the histogram's running count.
 */
export async function chainCompletion(db: Db, r: Range): Promise<{ completed: number; median: number | null; p90: number | null }> {
  const rows = await queryRows<{ f: number; total: string; pos: number; lo: number; hi: number }>(
    db,
    sql`with h as (
        select ${recapChainCompletion.tenths} as tenths, sum(${recapChainCompletion.n}) as n from ${recapChainCompletion}
        where ${inRange(recapChainCompletion.day, r)} group by 1 having sum(${recapChainCompletion.n}) > 0),
      c as materialized (select tenths, sum(n) over (order by tenths) as upto from h),
      t as (select coalesce(max(upto), 0) as total from c)
      select p.f, t.total, p.pos,
        (select tenths from c where upto > floor(p.pos) order by tenths limit 1) as lo,
        (select tenths from c where upto > ceil(p.pos) order by tenths limit 1) as hi
      from t cross join lateral (select v.f, v.f * (t.total - 1) as pos from (values (0.5::float8), (0.9::float8)) v(f)) p
      where t.total > 0`,
  );
  if (rows.length === 0) return { completed: 0, median: null, p90: null };
  const at = (f: number) => {
    const row = rows.find((x) => Number(x.f) === f)!;
    const [lo, hi, pos] = [Number(row.lo) / 10, Number(row.hi) / 10, Number(row.pos)];
    return lo + (hi - lo) * (pos - Math.floor(pos));
  };
  return { completed: Number(rows[0]!.total), median: at(0.5), p90: at(0.9) };
}
