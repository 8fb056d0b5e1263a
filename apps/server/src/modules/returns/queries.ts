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
import { preparedRead } from '../../db/prepared';
import { returnLines, returns } from '../../db/schema';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore } from '../../platform/scope';
import { isReturnStatus, requester, returnOrderOf } from './views';

/** The store's returns in one status, searched (shape 'q') by shipment, order or customer: one prepared statement per shape (decision 163). */
function listWhere(shape: string, order: ReturnType<typeof returnOrderOf>) {
  const term = sql.placeholder('term');
  return and(
    eq(returns.storeCode, sql.placeholder('storeCode')),
    eq(returns.status, sql.placeholder('status')),
    shape.includes('q') ? or(ilike(returns.shipmentNo, term), ilike(order.orderNo, term), ilike(order.customerName, term)) : undefined,
  );
}

const listPage = preparedRead('returns_list', (db, shape: string, as) => {
  // Each return's order by id (returnOrderOf: not a join over every order).
  const order = returnOrderOf(db);
  const itemCount = sql<number>`coalesce((select sum(rl.qty) from ${returnLines} rl where rl.return_id = ${returns.id}), 0)::int`;
  return db
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
    .where(listWhere(shape, order))
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as);
});
const listCount = preparedRead('returns_list_n', (db, shape: string, as) => {
  const order = returnOrderOf(db);
  return db.select({ n: count() }).from(returns).innerJoinLateral(order, sql`true`).where(listWhere(shape, order)).prepare(as);
});

/** The active store's returns in one status (the route /retur/list/:status), newest first, searched by shipment, order or customer. */
export async function listReturns(db: Db, p: Principal, q: ReturnListQuery): Promise<ReturnList> {
  const storeCode = requireActiveStore(p);
  const term = likeTerm(q.query);
  const shape = term ? 'q' : '';
  const values = { storeCode, status: q.status, term };
  return readPage(
    q,
    (w) => [listPage(db, shape).execute({ ...values, ...w }), listCount(db, shape).execute(values)],
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
