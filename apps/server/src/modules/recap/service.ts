import { and, count, eq, gte, inArray, isNotNull, lt, sql, type Column, type SQL } from 'drizzle-orm';
import {
  APP_IDS,
  hasRoleAtLeast,
  ORDER_STATUS,
  ORDER_STATUS_IDS,
  RECAP_NO_REASON,
  SEE_PEOPLE_MIN_ROLE,
  wibDayAfter,
  wibDayStart,
  type Recap,
  type RecapCrew,
  type RecapOutOfStock,
  type RecapQuery,
  type RecapReasonCount,
} from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { orderLines, orders, podApprovalRequests, podRequestReasons, returns, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { reasonDisplay } from '../../platform/reasons';
import { assertStoreVisible, storeScope } from '../../platform/scope';
import { chainCancellations, chainCompletion, chainCounts, chainOutOfStock, isWholeChain } from './chain';
import { mostShortProducts } from './out-of-stock';
import { EVERY_PART, type RecapPart } from './parts';

/*
 * The recap of a range of WIB days over the caller's scope (GET /api/recap and its CSV tables).
 *
 * - The orders of the recap: created_at in [wibDayStart(from), wibDayAfter(to)) at the stores in
 *   scope (the caller's storeScope, or the one `storeCode` of it). totals.orders is their count;
 *   completed = status 1104 or 1105; cancelled = 1106 or 1107; open = the rest. Statuses are the
 *   orders' current ones.
 * - byDay: every WIB day of the range, zeros included, with orders / completed / cancelled. byChannel:
 *   every channel of CHANNELS, in that order, zeros included. byStatus: every ORDER_STATUS_IDS, zeros
 *   included.
 * - byCrew (null below SEE_PEOPLE_MIN_ROLE): per picker_user_id of those orders: the user's nik, name
 *   and store; claimed = the orders they claimed; completed and cancelled of those; medianPackMinutes =
 *   median of packed_at − claimed_at in minutes (1 decimal; null when none was packed). Sorted by
 *   claimed desc, then name.
 * - completion: the orders with completed_at: their count, median and 90th percentile (percentile_cont,
 *   interpolated) of completed_at − created_at in tenths of a minute (6 s), shown in minutes, 1 decimal; nulls when none.
 * - outOfStock: their order lines, per product with Σ qty_oos > 0: orderedQty = Σ qty, oosQty = Σ
 *   qty_oos, lines, oosLines (qty_oos > 0), rate = oosQty / orderedQty to 4 decimals; by oosQty desc,
 *   then name; at most RECAP_OOS_MAX.
 * - cancellations: the cancelled ones by cancel_reason (null or blank → RECAP_NO_REASON), by count
 *   desc, then reason.
 * - returns: the returns created in the range at the stores in scope, by the reason the crew reads
 *   (returns.reason: the chosen reason's label, with its note if any, or the free text of "Lainnya");
 *   podExceptions: the POD approval requests that arrived (request_date) in the range for orders of
 *   the stores in scope, by their request reason as shown (the same rule). Blank → RECAP_NO_REASON;
 *   by count desc, then reason. totals.returns and totals.podExceptions are their sums.
 * - storeCount: the stores in scope (1 with `storeCode`).
 *
 * Text is ordered by code point (collate "C" in SQL, `<` here), so PGlite and PostgreSQL agree.
 * Each figure is one set-based query, run side by side where the driver has a pool: a store's or an area's over
 * its orders (by (store_code, created_at)); the whole chain's over the figures kept per day at commit (chain.ts,
 * decision 169), the same figures without reading a month of the chain's orders. The whole chain has no table
 * per crew member (tens of thousands of people, and their medians cannot be kept per day): byCrew is null and
 * crewNeedsStore true, and a store of it is picked to see its crew.
 */

const COMPLETED = [ORDER_STATUS.COMPLETED, ORDER_STATUS.HISTORY];
const CANCELLED = [ORDER_STATUS.CANCELLED, ORDER_STATUS.HISTORY_CANCELLED];
const DAY_MS = 24 * 60 * 60 * 1000;

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
/** Code-point order, as `collate "C"` sorts. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** count(*) of the group's rows that meet `cond`. */
const countWhere = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
/** Minutes from `earlier` to `later`, as a double. */
const minutesBetween = (later: Column, earlier: Column) => sql`extract(epoch from (${later} - ${earlier}))::float8 / 60`;
/** A double that may be null (drivers may hand numbers over as text). */
const nullableNumber = (v: unknown): number | null => (v === null ? null : Number(v));
/** The interpolated percentile of `value` over the group's rows (that meet `filter`); null over none. */
const percentile = (fraction: number, value: SQL, filter?: SQL) =>
  sql`percentile_cont(${sql.raw(String(fraction))}) within group (order by ${value})${filter ? sql` filter (where ${filter})` : sql``}`.mapWith(nullableNumber);
/** The WIB day an instant falls on, as a date (UTC+7 all year: no time-zone data needed). */
const wibDay = (column: Column) => sql`((${column} at time zone 'UTC') + interval '7 hours')::date`;

/** Every yyyy-mm-dd from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Reasons counted per shown text, merged (a blank one is RECAP_NO_REASON), by count desc, then reason. */
function reasonCounts(rows: Array<{ reason: string | null; count: number }>): RecapReasonCount[] {
  const merged = new Map<string, number>();
  for (const row of rows) {
    const reason = row.reason?.trim() || RECAP_NO_REASON;
    merged.set(reason, (merged.get(reason) ?? 0) + row.count);
  }
  return [...merged].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count || byText(a.reason, b.reason));
}

/** The stores a recap covers: one store of the caller's scope (else 404), or all of it. */
function scopeOf(p: Principal, storeCode: string | undefined): { where: (column: Column) => SQL; storeCount: (db: Db) => Promise<number> } {
  if (storeCode) {
    assertStoreVisible(p, storeCode);
    return { where: (column) => eq(column, storeCode), storeCount: async () => 1 };
  }
  const scoped = p.storeCodes;
  return {
    where: (column) => storeScope(column, p),
    storeCount: async (db) => (scoped === 'all' ? (await db.select({ n: count() }).from(stores))[0]!.n : scoped.length),
  };
}

/**
 * Runs a statement over the range's orders in a transaction of its own that reads them from the indexes covering
 * what it reads (decision 101), never from a sequential scan of the order rows. A month of the whole chain is every
 * order of the table, and with random_page_cost at its default (4, a disk's) the planner priced the covering index
 * above a scan of the heap, 2.5 times its size: measured on the benchmark's 200,000 orders, 0.64 s of PostgreSQL CPU
 * per recap with the scans, 0.47 s from the indexes. The sorts of a month (the crew by picker, the orders by id for
 * their lines) are given memory enough not to spill to disk (7 MB did at the 4 MB default).
 */
function onCoveringIndexes<T>(db: Db, read: (r: Reader) => PromiseLike<T>, ...also: SQL[]): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    for (const setting of also) await tx.execute(setting);
    return read(tx);
  });
}

/**
 * The recap over the caller's scope; `parts` limits the statements run (a CSV table's: a month of the chain's
 * out-of-stock is not read for its cancellations), the others' figures being empty.
 */
export async function getRecap(db: Db, p: Principal, q: RecapQuery, parts: ReadonlySet<RecapPart> = EVERY_PART): Promise<Recap> {
  /** A part's rows, read only when it is asked for. */
  const read = <T>(part: RecapPart, rows: () => PromiseLike<T[]>): PromiseLike<T[]> => (parts.has(part) ? rows() : Promise.resolve([]));
  const scope = scopeOf(p, q.storeCode);
  const start = wibDayStart(q.from);
  const end = wibDayAfter(q.to);
  const theOrders = and(gte(orders.createdAt, start), lt(orders.createdAt, end), scope.where(orders.storeCode))!;
  const seesPeople = hasRoleAtLeast(p.roleId, SEE_PEOPLE_MIN_ROLE);
  const wholeChain = isWholeChain(p, q);
  const range = { from: q.from, to: q.to };

  // Grouped by the date, written as text once per group rather than once per order.
  const day = wibDay(orders.createdAt);
  const counts = read('counts', () => wholeChain ? chainCounts(db, range) : onCoveringIndexes(db, (r) => r
    .select({ day: sql<string>`to_char(${day}, 'YYYY-MM-DD')`, appId: orders.appId, statusId: orders.statusId, n: count() })
    .from(orders)
    .where(theOrders)
    .groupBy(day, orders.appId, orders.statusId)));

  // Tenths of a minute, as the chain's kept histogram holds them (migration 0033's recap_completion_tenths).
  const completionTime = sql`recap_completion_tenths(${orders.createdAt}, ${orders.completedAt})::float8 / 10`;
  const completion = read('completion', () => wholeChain ? chainCompletion(db, range).then((row) => [row]) : onCoveringIndexes(db, (r) => r
    .select({ completed: count(orders.completedAt), median: percentile(0.5, completionTime), p90: percentile(0.9, completionTime) })
    .from(orders)
    .where(and(theOrders, isNotNull(orders.completedAt)))));

  const packed = and(isNotNull(orders.packedAt), isNotNull(orders.claimedAt))!;
  const crew = seesPeople && !wholeChain && parts.has('crew')
    ? onCoveringIndexes(db, (r) => r
        .select({
          userId: users.id,
          nik: users.nik,
          name: users.name,
          storeCode: users.storeCode,
          claimed: count(),
          completed: countWhere(inArray(orders.statusId, COMPLETED)),
          cancelled: countWhere(inArray(orders.statusId, CANCELLED)),
          medianPackMinutes: percentile(0.5, minutesBetween(orders.packedAt, orders.claimedAt), packed),
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.pickerUserId))
        .where(theOrders)
        .groupBy(users.id, users.nik, users.name, users.storeCode))
    : null;

  // Summed per product first, and only the products that had a unit short joined for their names.
  const oosQty = sql<number>`sum(${orderLines.qtyOos})`;
  const outOfStockOn = (reader: Reader) => {
    const perProduct = reader
      .select({
        productId: orderLines.productId,
        orderedQty: sql<number>`sum(${orderLines.qty})`.as('ordered_qty'),
        oosQty: oosQty.as('oos_qty'),
        lines: sql<number>`count(*)`.as('lines'),
        oosLines: sql<number>`count(*) filter (where ${orderLines.qtyOos} > 0)`.as('oos_lines'),
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, reader.select({ id: orders.id }).from(orders).where(theOrders)))
      .groupBy(orderLines.productId)
      .having(sql`${oosQty} > 0`)
      .as('per_product');
    return mostShortProducts(reader, perProduct);
  };
  // The range's orders meet their lines by a walk of both in order id (order_lines_order_idx covers the
  // columns) or, for a few orders, by probing the index per order. A hash of every order id of a month of
  // the chain cost 2.3 times the ordered walk on the bench data (EXPLAIN ANALYZE: 636 against 274 ms), and
  // the planner prices it cheaper, so it is left out of this one statement's plans.
  const outOfStock = read('outOfStock', () => wholeChain ? chainOutOfStock(db, range) : onCoveringIndexes(db, outOfStockOn, sql`set local enable_hashjoin = off`));

  const cancellations = read('cancellations', () => wholeChain ? chainCancellations(db, range) : onCoveringIndexes(db, (r) => r
    .select({ reason: orders.cancelReason, count: count() })
    .from(orders)
    .where(and(theOrders, inArray(orders.statusId, CANCELLED)))
    .groupBy(orders.cancelReason)));

  const returnRows = read('returns', () => db
    .select({ reason: returns.reason, count: count() })
    .from(returns)
    .where(and(gte(returns.createdAt, start), lt(returns.createdAt, end), scope.where(returns.storeCode)))
    .groupBy(returns.reason));

  // A request carries its order's store (migration 0031): no order is read.
  const podRows = read('podExceptions', () => db
    .select({ reasonId: podApprovalRequests.reasonId, label: podRequestReasons.label, text: podApprovalRequests.reasonText, count: count() })
    .from(podApprovalRequests)
    .leftJoin(podRequestReasons, eq(podRequestReasons.id, podApprovalRequests.reasonId))
    .where(and(gte(podApprovalRequests.requestDate, start), lt(podApprovalRequests.requestDate, end), scope.where(podApprovalRequests.storeCode)))
    .groupBy(podApprovalRequests.reasonId, podRequestReasons.label, podApprovalRequests.reasonText));

  // Side by side on a pool; a PGlite handle runs them one after another.
  const [countRows, [completionRow], crewRows, oosRows, cancelRows, returnRowsDone, podRowsDone, storeCount] = await Promise.all([
    counts,
    completion,
    crew ?? Promise.resolve(null),
    outOfStock,
    cancellations,
    returnRows,
    podRows,
    scope.storeCount(db),
  ]);

  const days = new Map(daysOf(q.from, q.to).map((date) => [date, { date, orders: 0, completed: 0, cancelled: 0 }]));
  const channels = new Map(APP_IDS.map((appId) => [appId as number, { appId: appId as number, orders: 0, completed: 0, cancelled: 0 }]));
  const statuses = new Map(ORDER_STATUS_IDS.map((statusId) => [statusId as number, { statusId: statusId as number, orders: 0 }]));
  const totals = { orders: 0, completed: 0, cancelled: 0, open: 0 };
  for (const row of countRows) {
    const done = (COMPLETED as number[]).includes(row.statusId);
    const cancelled = (CANCELLED as number[]).includes(row.statusId);
    for (const bucket of [totals, days.get(row.day), channels.get(row.appId)]) {
      if (!bucket) continue;
      bucket.orders += row.n;
      if (done) bucket.completed += row.n;
      if (cancelled) bucket.cancelled += row.n;
    }
    if (!done && !cancelled) totals.open += row.n;
    const status = statuses.get(row.statusId);
    if (status) status.orders += row.n;
  }

  const byCrew: RecapCrew[] | null =
    crewRows === null
      ? null
      : crewRows
          .map((r) => ({ ...r, medianPackMinutes: round1(r.medianPackMinutes) }))
          .sort((a, b) => b.claimed - a.claimed || byText(a.name, b.name) || a.userId - b.userId);
  const outOfStockRows: RecapOutOfStock[] = oosRows.map((r) => {
    const [orderedQty, oosQtyOf] = [Number(r.orderedQty), Number(r.oosQty)];
    return { productId: r.productId, name: r.name, orderedQty, oosQty: oosQtyOf, lines: Number(r.lines), oosLines: Number(r.oosLines), rate: orderedQty > 0 ? round4(oosQtyOf / orderedQty) : 0 };
  });
  const returnCounts = reasonCounts(returnRowsDone);
  // A POD request's reason as its screens show it; "Lainnya" without a text has no stated reason.
  const podCounts = reasonCounts(podRowsDone.map((r) => ({ reason: r.reasonId === null ? r.text : reasonDisplay(r.reasonId, r.label, r.text?.trim() || null), count: r.count })));

  return {
    from: q.from,
    to: q.to,
    storeCode: q.storeCode ?? null,
    storeCount,
    totals: {
      ...totals,
      returns: returnCounts.reduce((sum, r) => sum + r.count, 0),
      podExceptions: podCounts.reduce((sum, r) => sum + r.count, 0),
    },
    byDay: [...days.values()],
    byChannel: [...channels.values()],
    byStatus: [...statuses.values()],
    byCrew,
    crewNeedsStore: seesPeople && wholeChain,
    completion: { completed: completionRow?.completed ?? 0, medianMinutes: round1(completionRow?.median ?? null), p90Minutes: round1(completionRow?.p90 ?? null) },
    outOfStock: outOfStockRows,
    cancellations: reasonCounts(cancelRows),
    returns: returnCounts,
    podExceptions: podCounts,
  };
}
