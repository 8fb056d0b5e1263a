// The returns of my store: lists and counts.
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  channelByAppId,
  RETURN_OPEN_STATUSES,
  RETURN_STATUSES,
  type ReturnCount,
  type ReturnCountQuery,
  type ReturnList,
  type ReturnListQuery,
  type ReturnStatus,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { likeTerm } from '../../db/like';
import { returnLines, returns } from '../../db/schema';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore } from '../../platform/scope';
import { isReturnStatus, requester, returnOrderOf } from './views';

/** The active store's returns in one status (the route /retur/list/:status), newest first, searched by shipment, order or customer. */
export async function listReturns(db: Db, p: Principal, q: ReturnListQuery): Promise<ReturnList> {
  const storeCode = requireActiveStore(p);
  const term = likeTerm(q.query);
  // Each return's order by id (returnOrderOf: not a join over every order).
  const order = returnOrderOf(db);
  const where = and(
    eq(returns.storeCode, storeCode),
    eq(returns.status, q.status),
    term ? or(ilike(returns.shipmentNo, term), ilike(order.orderNo, term), ilike(order.customerName, term)) : undefined,
  );
  const itemCount = sql<number>`coalesce((select sum(rl.qty) from ${returnLines} rl where rl.return_id = ${returns.id}), 0)::int`;
  return readPage(
    q,
    (w) => [
    db
      .select({
        r: returns,
        orderNo: order.orderNo,
        appId: order.appId,
        customerName: order.customerName,
        requesterName: requester.name,
        itemCount,
      })
      .from(returns)
      .innerJoinLateral(order, sql`true`)
      .leftJoin(requester, eq(requester.id, returns.requestedBy))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(returns).innerJoinLateral(order, sql`true`).where(where),
    ],
    (row) => ({
      id: row.r.id,
      shipmentNo: row.r.shipmentNo,
      orderNo: row.orderNo,
      deliveryType: row.r.deliveryType,
      status: row.r.status as ReturnStatus,
      reason: row.r.reason,
      appName: channelByAppId(row.appId)?.appName ?? String(row.appId),
      customerName: row.customerName,
      itemCount: Number(row.itemCount),
      requestedBy: row.requesterName,
      createdAt: row.r.createdAt.toISOString(),
      updatedAt: row.r.updatedAt.toISOString(),
    }),
  );
}

/** The returns of the active store (or of one of the caller's stores named) per status; `open` are those not yet complete. */
export async function countReturns(db: Db, p: Principal, q: Partial<ReturnCountQuery> = {}): Promise<ReturnCount> {
  const storeCode = q.storeCode ?? requireActiveStore(p);
  // Another store's count answers 404, as its objects do.
  assertStoreVisible(p, storeCode);
  const rows = await db
    .select({ status: returns.status, n: count() })
    .from(returns)
    .where(eq(returns.storeCode, storeCode))
    .groupBy(returns.status);
  const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, 0])) as ReturnCount['counts'];
  for (const r of rows) if (isReturnStatus(r.status)) counts[r.status] = Number(r.n);
  return { counts, open: RETURN_OPEN_STATUSES.reduce((sum, s) => sum + counts[s], 0), storeCode };
}
