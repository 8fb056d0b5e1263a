import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { CHANNELS, ORDER_STATUS, type OrderList, type OrderListQuery } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orderLines, orders, users } from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';

const DAY_MS = 24 * 3600 * 1000;

/** Start of a calendar day in WIB (Asia/Jakarta, UTC+7 all year, no daylight saving). */
export function wibDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+07:00`);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Every filter except the channel: the facet counts channels under these. */
function baseFilter(storeCode: string, q: OrderListQuery): SQL {
  const term = q.query ? `%${escapeLike(q.query)}%` : null;
  return and(
    eq(orders.storeCode, storeCode),
    inArray(orders.statusId, q.status),
    q.startDate ? gte(orders.createdAt, wibDayStart(q.startDate)) : undefined,
    q.endDate ? lt(orders.createdAt, new Date(wibDayStart(q.endDate).getTime() + DAY_MS)) : undefined,
    term ? or(ilike(orders.shipmentNo, term), ilike(orders.orderNo, term), ilike(orders.customerName, term)) : undefined,
  )!;
}

/**
 * One page of the caller's active store's orders. Newest first, except the
 * new-order list (1101 alone), which is first in, first out: oldest first.
 */
export async function listOrders(db: Db, p: Principal, q: OrderListQuery): Promise<OrderList> {
  const storeCode = requireActiveStore(p);
  const base = baseFilter(storeCode, q);
  const where = q.appId === undefined ? base : and(base, eq(orders.appId, q.appId));
  const oldestFirst = q.status.length === 1 && q.status[0] === ORDER_STATUS.NEW;
  const order = oldestFirst ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];

  // Per-order line totals, computed only for the rows of the page.
  const totals = db
    .select({
      qty: sql<number>`coalesce(sum(${orderLines.qty}), 0)::int`.as('qty'),
      picked: sql<number>`coalesce(sum(${orderLines.qtyPicked}), 0)::int`.as('picked'),
      oos: sql<number>`coalesce(sum(${orderLines.qtyOos}), 0)::int`.as('oos'),
      unresolved: sql<number>`(count(*) filter (where ${orderLines.qtyPicked} + ${orderLines.qtyOos} <> ${orderLines.qty}))::int`.as('unresolved'),
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orders.id))
    .as('totals');

  const [rows, facetRows] = await Promise.all([
    db
      .select({
        shipmentNo: orders.shipmentNo,
        orderNo: orders.orderNo,
        statusId: orders.statusId,
        deliveryType: orders.deliveryType,
        appId: orders.appId,
        storeCode: orders.storeCode,
        customerName: orders.customerName,
        price: orders.price,
        createdAt: orders.createdAt,
        pickerName: users.name,
        qty: totals.qty,
        picked: totals.picked,
        oos: totals.oos,
        unresolved: totals.unresolved,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.pickerUserId))
      .leftJoinLateral(totals, sql`true`)
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ appId: orders.appId, n: count() }).from(orders).where(base).groupBy(orders.appId),
  ]);

  const counts = new Map(facetRows.map((r) => [r.appId, Number(r.n)]));
  // Channel order of the spec, so chips keep their place; unknown channels last.
  const known = CHANNELS.filter((c) => counts.has(c.appId)).map((c) => ({ appId: c.appId as number, appName: c.appName as string, count: counts.get(c.appId)! }));
  const unknown = facetRows.filter((r) => !CHANNELS.some((c) => c.appId === r.appId)).map((r) => ({ appId: r.appId, appName: String(r.appId), count: Number(r.n) }));
  const application = [...known, ...unknown];
  const total = q.appId === undefined ? application.reduce((sum, a) => sum + a.count, 0) : (counts.get(q.appId) ?? 0);

  return {
    items: rows.map((r) => ({
      shipmentNo: r.shipmentNo,
      orderNo: r.orderNo,
      statusId: r.statusId,
      deliveryType: r.deliveryType,
      appId: r.appId,
      appName: CHANNELS.find((c) => c.appId === r.appId)?.appName ?? String(r.appId),
      storeCode: r.storeCode,
      customerName: r.customerName,
      itemCount: r.qty ?? 0,
      price: r.price,
      createdAt: r.createdAt.toISOString(),
      pickerName: r.pickerName ?? null,
      progress:
        r.statusId === ORDER_STATUS.PACKING
          ? { qty: r.qty ?? 0, picked: r.picked ?? 0, oos: r.oos ?? 0, resolved: (r.picked ?? 0) + (r.oos ?? 0), complete: (r.unresolved ?? 0) === 0 }
          : null,
    })),
    page: q.page,
    size: q.size,
    total,
    facet: { application },
  };
}
