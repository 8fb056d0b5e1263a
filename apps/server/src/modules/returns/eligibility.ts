// What of an order may come back, and until when: the return window, the refusal, the open return.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  channelByAppId,
  isoDateInWib,
  ORDER_STATUS,
  RETURN_OPEN_STATUSES,
  RETURN_STATUS,
  type Returnable,
} from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { orderLines, orders, products, returnLines, returns } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';
import { isoOrNull } from '../../platform/iso';

// --- open returns -----------------------------------------------------------------

/**
 * True while the order has a return not yet complete (RETURN_OPEN_STATUSES): its goods must not
 * be handed over by POD ("Order sedang dalam pengajuan retur"), and no second return is recorded.
 */
export async function hasOpenReturn(tx: Reader, orderId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...RETURN_OPEN_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

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
export async function returnableLines(tx: Reader, orderId: number): Promise<ReturnableLine[]> {
  const returned = sql<number>`coalesce((
    select sum(rl.qty) from ${returnLines} rl join ${returns} r on r.id = rl.return_id
    where rl.order_line_id = ${orderLines.id} and r.status <> ${RETURN_STATUS.REJECTED}
  ), 0)::int`;
  const rows = await tx
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
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.qtyPicked} > 0`))
    .orderBy(asc(orderLines.id));
  return rows.map((r) => ({ ...r, returned: Number(r.returned), returnable: Math.max(0, r.delivered - Number(r.returned)) }));
}

/** GET /api/returns/returnable/:shipmentNo: the order in the caller's stores, what of it may come back, and whether a return may be recorded now. */
export async function getReturnable(db: Db, p: Principal, shipmentNo: string, windowDays: number, now = new Date()): Promise<Returnable> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shipmentNo, shipmentNo), storeScope(orders.storeCode, p)))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND');
  const [open, lines] = await Promise.all([hasOpenReturn(db, order.id), returnableLines(db, order.id)]);
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
