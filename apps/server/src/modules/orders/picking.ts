import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import { FIELD_MESSAGES, ORDER_STATUS, type EventPayload, type OrderDetail } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { orderLines, orderPaperBags, orders, products } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError, type ErrorDetail } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { orderBookingHold } from './bookings';
import { loadOrderDetail, type OrderViewer } from './detail';
import { lockOrder, type LockedOrder } from './lifecycle';

type LineRow = typeof orderLines.$inferSelect;

/** A refusal's detail about one line (a pack with lines unresolved, a scan over a complete line): its id, its product and its count. */
export function lineDetail(lineId: number, l: { productId: string; name: string; qty: number; qtyPicked: number; qtyOos: number }): ErrorDetail {
  return { path: `products.${lineId}`, message: `${l.name}: ${l.qtyPicked + l.qtyOos} dari ${l.qty}`, productId: l.productId };
}

/** What a picking edit adds to its `order.updated` event; the order's part is written here. */
type UpdatePayload = Omit<EventPayload<'order.updated'>, 'shipmentNo' | 'statusId' | 'actorName'>;

/** Audit row and store event of a change within a status (picking edits; scans write theirs in SQL). */
async function recordOrderUpdate(tx: Tx, p: Principal, order: LockedOrder, payload: UpdatePayload, reason?: string): Promise<void> {
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: 'order', entityId: order.shipmentNo, action: payload.action, reason: reason ?? null },
    { storeCode: order.storeCode, type: 'order.updated', payload: { shipmentNo: order.shipmentNo, statusId: order.statusId, actorName: p.name, ...payload } },
  );
}

/** total = Σ line price × (qty − oos) + Σ paper bag price × qty: out-of-stock units are not charged. */
export async function recomputeTotal(tx: Tx, orderId: number): Promise<void> {
  const lines = tx
    .select({ total: sql`coalesce(sum(${orderLines.price} * (${orderLines.qty} - ${orderLines.qtyOos})), 0)` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const bags = tx
    .select({ total: sql`coalesce(sum(${orderPaperBags.price} * ${orderPaperBags.qty}), 0)` })
    .from(orderPaperBags)
    .where(eq(orderPaperBags.orderId, orderId));
  await tx
    .update(orders)
    .set({ price: sql`(${lines}) + (${bags})` })
    .where(eq(orders.id, orderId));
}

/** Runs one picking edit of an order in 1102 under its row lock and answers with the new detail. */
async function editWhilePacking(db: Db, p: OrderViewer, shipmentNo: string, edit: (tx: Tx, order: LockedOrder) => Promise<void>): Promise<OrderDetail> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, shipmentNo, ORDER_STATUS.PACKING);
    await edit(tx, order);
    return order.id;
  });
  return loadOrderDetail(db, id, p);
}

async function lineOf(tx: Tx, order: LockedOrder, lineId: number): Promise<LineRow> {
  const [line] = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)))
    .limit(1);
  if (!line) throw new AppError('NOT_FOUND', 'Produk tidak ditemukan di pesanan ini.');
  return line;
}

/** Edit-quantity modal: the confirmed value (the web's qtyEdit draft) becomes the picked quantity. */
export function setLineQuantity(db: Db, p: OrderViewer, shipmentNo: string, lineId: number, qty: number): Promise<OrderDetail> {
  return editWhilePacking(db, p, shipmentNo, async (tx, order) => {
    const line = await lineOf(tx, order, lineId);
    const max = line.qty - line.qtyOos;
    if (qty > max) throw new AppError('QUANTITY_EXCEEDS_ORDER', undefined, [{ path: 'body.qty', message: FIELD_MESSAGES.qtyMax(max) }]);
    await tx.update(orderLines).set({ qtyPicked: qty, qtyEdit: null }).where(eq(orderLines.id, line.id));
    await recordOrderUpdate(tx, p, order, { action: 'set_quantity', lineId, productID: line.productId, qtyPicked: qty }, `${line.name}: ${line.qtyPicked} → ${qty}`);
  });
}

/**
 * Out-of-stock modal. Picked units are never lowered behind the crew's back: picked + oos must fit,
 * and so must the units booked from another store that have not arrived (decision 88): they are on
 * their way, so they cannot be out of stock too.
 */
export function setLineOutOfStock(db: Db, p: OrderViewer, shipmentNo: string, lineId: number, qtyOos: number): Promise<OrderDetail> {
  return editWhilePacking(db, p, shipmentNo, async (tx, order) => {
    const line = await lineOf(tx, order, lineId);
    const booked = (await orderBookingHold(tx, order.id)).bookedByLine.get(line.id) ?? 0;
    const max = Math.max(0, line.qty - line.qtyPicked - booked);
    if (qtyOos > max) throw new AppError('OOS_EXCEEDS_REMAINING', undefined, [{ path: 'body.qtyOos', message: FIELD_MESSAGES.qtyMax(max) }]);
    await tx.update(orderLines).set({ qtyOos }).where(eq(orderLines.id, line.id));
    await recomputeTotal(tx, order.id);
    await recordOrderUpdate(tx, p, order, { action: 'set_out_of_stock', lineId, productID: line.productId, attrQtyOos: qtyOos }, `${line.name}: kosong ${line.qtyOos} → ${qtyOos}`);
  });
}

async function paperBagProduct(db: Db) {
  const [bag] = await db.select().from(products).where(ilike(products.name, 'Kantong Kertas%')).orderBy(asc(products.productId)).limit(1);
  return bag;
}

/** Sets the number of paper bags (0 removes them); bags are charged, so the total follows. */
export async function setPaperBags(db: Db, p: OrderViewer, shipmentNo: string, qty: number): Promise<OrderDetail> {
  const bag = await paperBagProduct(db);
  if (!bag) throw new AppError('PAPER_BAG_UNAVAILABLE');
  return editWhilePacking(db, p, shipmentNo, async (tx, order) => {
    if (qty === 0) {
      await tx.delete(orderPaperBags).where(eq(orderPaperBags.orderId, order.id));
    } else {
      await tx.delete(orderPaperBags).where(and(eq(orderPaperBags.orderId, order.id), ne(orderPaperBags.productId, bag.productId)));
      await tx
        .insert(orderPaperBags)
        .values({ orderId: order.id, productId: bag.productId, qty, price: bag.price })
        .onConflictDoUpdate({ target: [orderPaperBags.orderId, orderPaperBags.productId], set: { qty } });
    }
    await recomputeTotal(tx, order.id);
    await recordOrderUpdate(tx, p, order, { action: 'set_paper_bags', paperBags: qty });
  });
}

/** "Reset": every line back to nothing picked and nothing out of stock. */
export function resetPicking(db: Db, p: OrderViewer, shipmentNo: string): Promise<OrderDetail> {
  return editWhilePacking(db, p, shipmentNo, async (tx, order) => {
    await tx.update(orderLines).set({ qtyPicked: 0, qtyOos: 0, qtyEdit: null }).where(eq(orderLines.orderId, order.id));
    await recomputeTotal(tx, order.id);
    await recordOrderUpdate(tx, p, order, { action: 'reset_picking', reset: true });
  });
}
