// What of an order may come back, and until when: the return window, the refusal, the open return.
import { and, asc, eq, inArray, sql, type Column } from 'drizzle-orm';
import {
  channelByAppId,
  isoDateInWib,
  ORDER_STATUS,
  RETURN_OPEN_STATUSES,
  RETURN_STATUS,
  type Returnable,
} from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { pickColumns } from '../../db/columns';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { orderLines, orders, products, returnLines, returns } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { isoOrNull } from '../../platform/iso';

// --- open returns -----------------------------------------------------------------

/**
 * True while the order has a return not yet complete (RETURN_OPEN_STATUSES): its goods must not
 * be handed over by POD ("Order sedang dalam pengajuan retur"), and no second return is recorded.
 */
export async function hasOpenReturn(tx: Reader, orderId: number): Promise<boolean> {
  const rows = await tx.select({ id: returns.id }).from(returns).where(openReturnOf(orderId)).limit(1);
  return rows.length > 0;
}

/** The condition of hasOpenReturn, for a given order id or an order row's column. */
const openReturnOf = (orderId: number | Column) => and(eq(returns.orderId, orderId), inArray(returns.status, [...RETURN_OPEN_STATUSES]));

// --- the return window ----------------------------------------------------------------

/** The last moment a return of an order completed at `completedAt` may be recorded. */
export function returnWindowEnd(completedAt: Date, windowDays: number): Date {
  return new Date(completedAt.getTime() + windowDays * 24 * 3600 * 1000);
}

/** A WIB calendar date as the crew reads it (dd-mm-yyyy). */
export function wibDateText(at: Date): string {
  const [y, m, d] = isoDateInWib(at).split('-');
  return `${d}-${m}-${y}`;
}

const COMPLETED: readonly number[] = [ORDER_STATUS.COMPLETED, ORDER_STATUS.HISTORY];
export const isCompleted = (statusId: number) => COMPLETED.includes(statusId);

export type ReturnRefusal = NonNullable<Returnable['refusal']>;

/** Why a return of the order cannot be recorded now, in the order the request checks it; null when it can. */
export function returnRefusal(order: { statusId: number; completedAt: Date | null }, windowDays: number, open: boolean, now = new Date()): ReturnRefusal | null {
  if (!isCompleted(order.statusId) || !order.completedAt) return 'RETURN_ORDER_NOT_COMPLETED';
  if (now.getTime() > returnWindowEnd(order.completedAt, windowDays).getTime()) return 'RETURN_WINDOW_CLOSED';
  return open ? 'RETURN_ALREADY_OPEN' : null;
}

// --- what may come back -----------------------------------------------------------------

export interface ReturnableLine {
  lineId: number;
  productId: string;
  name: string;
  barcode: string;
  imageUrl: string | null;
  delivered: number;
  returned: number;
  returnable: number;
}

/**
 * The order's delivered lines (picked > 0) with what earlier returns that were not rejected
 * already took back: a new return may take at most delivered − returned of each.
 */
function selectReturnableLines(tx: Reader) {
  const returned = sql<number>`coalesce((
    select sum(rl.qty) from ${returnLines} rl join ${returns} r on r.id = rl.return_id
    where rl.order_line_id = ${orderLines.id} and r.status <> ${RETURN_STATUS.REJECTED}
  ), 0)::int`;
  return tx
    .select({
      lineId: orderLines.id,
      productId: orderLines.productId,
      name: orderLines.name,
      barcode: orderLines.barcode,
      imageUrl: products.imageUrl,
      delivered: orderLines.qtyPicked,
      returned,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.productId, orderLines.productId))
    .where(and(eq(orderLines.orderId, sql.placeholder('orderId')), sql`${orderLines.qtyPicked} > 0`))
    .orderBy(asc(orderLines.id));
}
const returnableLinesRead = preparedRead('returnable_lines', (db, _shape: '', as) => selectReturnableLines(db).prepare(as));

type ReturnableRow = Awaited<ReturnType<ReturnType<typeof selectReturnableLines>['execute']>>[number];
const toReturnableLine = (r: ReturnableRow): ReturnableLine => ({ ...r, returned: Number(r.returned), returnable: Math.max(0, r.delivered - Number(r.returned)) });

export async function returnableLines(tx: Reader, orderId: number): Promise<ReturnableLine[]> {
  return (await selectReturnableLines(tx).execute({ orderId })).map(toReturnableLine);
}

/** The order of a shipment (shape 's': in the caller's stores) and whether it has an open return, in one statement. */
const returnableOrder = preparedRead('returnable_order', (db, shape: '' | 's', as) =>
  db
    .select({
      ...pickColumns(orders, ['id', 'shipmentNo', 'orderNo', 'statusId', 'deliveryType', 'appId', 'customerName', 'completedAt']),
      open: sql<boolean>`exists (${db.select({ id: returns.id }).from(returns).where(openReturnOf(orders.id))})`,
    })
    .from(orders)
    .where(and(eq(orders.shipmentNo, sql.placeholder('shipmentNo')), shape === 's' ? inScope(orders.storeCode) : undefined))
    .limit(1)
    .prepare(as),
);

/** GET /api/returns/returnable/:shipmentNo: the order in the caller's stores, what of it may come back, and whether a return may be recorded now. */
export async function getReturnable(db: Db, p: Principal, shipmentNo: string, windowDays: number, now = new Date()): Promise<Returnable> {
  const scope = scopeKind(p);
  if (scope === 'none') throw new AppError('NOT_FOUND');
  const [order] = await returnableOrder(db, scope === 'some' ? 's' : '').execute({ shipmentNo, stores: scopeValue(p) });
  if (!order) throw new AppError('NOT_FOUND');
  const lines = (await returnableLinesRead(db, '').execute({ orderId: order.id })).map(toReturnableLine);
  const open = Boolean(order.open);
  return {
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    statusId: order.statusId,
    deliveryType: order.deliveryType,
    appName: channelByAppId(order.appId)?.appName ?? String(order.appId),
    customerName: order.customerName,
    completedAt: isoOrNull(order.completedAt),
    windowDays,
    windowEndsAt: order.completedAt && isCompleted(order.statusId) ? returnWindowEnd(order.completedAt, windowDays).toISOString() : null,
    refusal: returnRefusal(order, windowDays, open, now),
    lines: lines.map((l) => ({ lineId: l.lineId, productID: l.productId, name: l.name, barcode: l.barcode, imageUrl: l.imageUrl, delivered: l.delivered, returned: l.returned, returnable: l.returnable })),
  };
}
