import { CHANNELS, channelByAppId, ORDER_STATUS, wibDayAfter, wibDayStart, type OrderList, type OrderListQuery, type OrderStatusId } from '@gerai/contract';
import type { Db } from '../../db/client';
import { statement } from '../../db/statement';
import { escapeLike } from '../../db/like';
import { pageWindow } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';


/** The filters a list request carries decide its statement's text; their values are parameters. */
interface ListShape {
  start: boolean;
  end: boolean;
  term: boolean;
  app: boolean;
  oldestFirst: boolean;
  /** One status (every tab but History): a plain equality, which a prepared plan can use for every store. */
  oneStatus: boolean;
}

// A json_agg aggregate: JSON carries no dates and the keys are the statement's own, so it is typed here, not by the schema.
interface ListItemJson {
  shipmentNo: string;
  orderNo: string;
  statusId: number;
  deliveryType: number;
  appId: number;
  storeCode: string;
  customerName: string;
  price: number;
  createdAt: string;
  pickerName: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  qty: number;
  picked: number;
  oos: number;
  unresolved: number;
}

interface ListRow {
  items: ListItemJson[] | null;
  facets: Array<{ appId: number; n: number }> | null;
}

type ListParams = [storeCode: string, statuses: number[], limit: number, offset: number, ...filters: unknown[]];

/**
 * One statement per shape answers the page and the channel facet together,
 * in one round trip. Per-order line totals are computed only for the rows of the page.
 */
function listStatementText(shape: ListShape): string {
  const base = ['o.store_code = $1', shape.oneStatus ? 'o.status_id = ($2::int[])[1]' : 'o.status_id = any($2::int[])'];
  // $1–$4 are store, statuses, limit and offset; the filters present follow in this order.
  let last = 4;
  const next = () => `$${++last}`;
  if (shape.start) base.push(`o.created_at >= ${next()}::timestamptz`);
  if (shape.end) base.push(`o.created_at < ${next()}::timestamptz`);
  if (shape.term) {
    const t = next();
    base.push(`(o.shipment_no ilike ${t} or o.order_no ilike ${t} or o.customer_name ilike ${t})`);
  }
  const page = shape.app ? [...base, `o.app_id = ${next()}::int`] : base;
  const dir = shape.oldestFirst ? 'asc' : 'desc';
  // json_agg of whole rows keyed by their column names, fed in order by the sorted page: json_build_object looks up
  // every argument's type on every row.
  return `select
    (select json_agg(p) from (
        select o.shipment_no as "shipmentNo", o.order_no as "orderNo", o.status_id as "statusId", o.delivery_type as "deliveryType",
          o.app_id as "appId", o.store_code as "storeCode", o.customer_name as "customerName", o.price,
          o.created_at as "createdAt", (select u.name from users u where u.id = o.picker_user_id) as "pickerName",
          (select u.name from users u where u.id = o.cancelled_by) as "cancelledBy", o.cancel_reason as "cancelReason",
          t.qty, t.picked, t.oos, t.unresolved
        from orders o
        left join lateral (
          select coalesce(sum(l.qty), 0)::int as qty, coalesce(sum(l.qty_picked), 0)::int as picked, coalesce(sum(l.qty_oos), 0)::int as oos,
            (count(*) filter (where l.qty_picked + l.qty_oos <> l.qty))::int as unresolved
          from order_lines l where l.order_id = o.id
        ) t on true
        where ${page.join(' and ')}
        order by o.created_at ${dir}, o.id ${dir}
        limit $3 offset $4
      ) p) as items,
    (select json_agg(f) from (select o.app_id as "appId", count(*)::int as n from orders o where ${base.join(' and ')} group by o.app_id) f) as facets`;
}

const listStatements = new Map<string, (db: Db, ...params: ListParams) => Promise<ListRow[]>>();
function listStatement(shape: ListShape) {
  const key = `${+shape.start}${+shape.end}${+shape.term}${+shape.app}${+shape.oldestFirst}${+shape.oneStatus}`;
  let run = listStatements.get(key);
  if (!run) {
    // With several statuses the best plan depends on how many orders the store has: planned per call.
    run = statement<ListRow, ListParams>(`orders_list_${key}`, listStatementText(shape), { plan: shape.oneStatus ? 'prepared' : 'per-call' });
    listStatements.set(key, run);
  }
  return run;
}

/**
 * One page of the caller's active store's orders. Newest first, except the
 * new-order list (1101 alone), which is first in, first out: oldest first.
 * The facet counts channels under every filter except the channel.
 */
export async function listOrders(db: Db, p: Principal, q: OrderListQuery): Promise<OrderList> {
  const storeCode = requireActiveStore(p);
  const shape: ListShape = {
    start: Boolean(q.startDate),
    end: Boolean(q.endDate),
    term: Boolean(q.query),
    app: q.appId !== undefined,
    oldestFirst: q.status.length === 1 && q.status[0] === ORDER_STATUS.NEW,
    oneStatus: q.status.length === 1,
  };
  const filters: unknown[] = [];
  if (q.startDate) filters.push(wibDayStart(q.startDate).toISOString());
  if (q.endDate) filters.push(wibDayAfter(q.endDate).toISOString());
  if (q.query) filters.push(`%${escapeLike(q.query)}%`);
  if (q.appId !== undefined) filters.push(q.appId);
  const window = pageWindow(q);
  const [row] = await listStatement(shape)(db, storeCode, q.status, window.limit, window.offset, ...filters);
  const facetRows = row?.facets ?? [];

  const counts = new Map(facetRows.map((r) => [r.appId, r.n]));
  // Channel order of the spec, so chips keep their place; unknown channels last.
  const known = CHANNELS.filter((c) => counts.has(c.appId)).map((c) => ({ appId: c.appId as number, appName: c.appName as string, count: counts.get(c.appId)! }));
  const unknown = facetRows.filter((r) => !CHANNELS.some((c) => c.appId === r.appId)).map((r) => ({ appId: r.appId, appName: String(r.appId), count: r.n }));
  const application = [...known, ...unknown];
  const total = q.appId === undefined ? application.reduce((sum, a) => sum + a.count, 0) : (counts.get(q.appId) ?? 0);

  return {
    items: (row?.items ?? []).map((r) => ({
      shipmentNo: r.shipmentNo,
      orderNo: r.orderNo,
      statusId: r.statusId as OrderStatusId,
      deliveryType: r.deliveryType,
      appId: r.appId,
      appName: channelByAppId(r.appId)?.appName ?? String(r.appId),
      storeCode: r.storeCode,
      customerName: r.customerName,
      itemCount: r.qty,
      price: r.price,
      createdAt: new Date(r.createdAt).toISOString(),
      pickerName: r.pickerName ?? null,
      cancelledBy: r.cancelledBy ?? null,
      cancelReason: r.cancelReason ?? null,
      progress:
        r.statusId === ORDER_STATUS.PACKING
          ? { qty: r.qty, picked: r.picked, oos: r.oos, resolved: r.picked + r.oos, complete: r.unresolved === 0 }
          : null,
    })),
    page: q.page,
    size: q.size,
    total,
    facet: { application },
  };
}
