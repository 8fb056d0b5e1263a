import { eq, sql } from 'drizzle-orm';
import { ORDER_STATUS, ORDER_STATUS_LABEL, type OrderStatusId } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { orders, orderStatusHistory, users } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, storeScope } from '../../platform/scope';

/** The columns a change needs; the pickup code stays on the server. */
export interface OrderRow {
  id: number;
  shipmentNo: string;
  orderNo: string;
  storeCode: string;
  statusId: OrderStatusId;
  deliveryType: number;
  pickupCode: string;
}

/** What a transition sets besides the version and updated_at. */
export interface OrderSet {
  statusId?: OrderStatusId;
  pickerUserId?: number;
  /** Timestamps set to the transaction's now(). */
  stamp?: 'claimed_at' | 'packed_at' | 'completed_at' | 'archived_at';
}

/** Rows of a raw statement; PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The first statement of every change to an order: a compare-and-set on its
 * current status (optionally moving it on) that bumps the version and takes
 * the row lock, so all changes of one order run one after another and a
 * change that lost a race sees the new status and stops. Missing or another
 * store's order → 404; a status that moved on → 409.
 * Plain SQL: it runs on every scan, and the query builder costs more CPU than the statement.
 */
export async function lockOrder(tx: Tx, p: Principal, shipmentNo: string, expected: OrderStatusId, set: OrderSet = {}): Promise<OrderRow> {
  const assignments = [sql`version = version + 1`, sql`updated_at = now()`];
  if (set.statusId !== undefined) assignments.push(sql`status_id = ${set.statusId}`);
  if (set.pickerUserId !== undefined) assignments.push(sql`picker_user_id = ${set.pickerUserId}`);
  if (set.stamp) assignments.push(sql`${sql.identifier(set.stamp)} = now()`);
  const [row] = rowsOf<OrderRow>(
    await tx.execute(sql`
      update orders set ${sql.join(assignments, sql`, `)}
      where shipment_no = ${shipmentNo} and status_id = ${expected} and ${storeScope(orders.storeCode, p)}
      returning id, shipment_no as "shipmentNo", order_no as "orderNo", store_code as "storeCode",
        status_id as "statusId", delivery_type as "deliveryType", pickup_code as "pickupCode"`),
  );
  if (row) return row;
  throw await explainMiss(tx, p, shipmentNo, expected);
}

/** Why a change found no order to lock: 404 for a missing or hidden one, 409 for a status that moved on. */
export async function explainMiss(tx: Tx | Db, p: Principal, shipmentNo: string, expected: OrderStatusId): Promise<AppError> {
  const [current] = await tx
    .select({ storeCode: orders.storeCode, statusId: orders.statusId, pickerName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.pickerUserId))
    .where(eq(orders.shipmentNo, shipmentNo))
    .limit(1);
  assertStoreVisible(p, current?.storeCode);
  const { statusId, pickerName } = current!;
  if (expected === ORDER_STATUS.NEW && statusId === ORDER_STATUS.PACKING && pickerName) {
    return new AppError('ORDER_ALREADY_CLAIMED', `Pesanan ini sudah diambil oleh ${pickerName}.`);
  }
  const label = ORDER_STATUS_LABEL[statusId as OrderStatusId] ?? String(statusId);
  return new AppError('ORDER_STATUS_CHANGED', `Status pesanan sudah berubah menjadi ${label}. Muat ulang untuk melihat status terbaru.`);
}

export interface TransitionRecord {
  from: OrderStatusId;
  /** History action: claim, pack, confirm, archive. */
  action: string;
  /** Event type for /api/events, e.g. order.claimed. */
  event: string;
  reason?: string | null;
  payload?: Record<string, unknown>;
}

/** Status history row, audit row and store event of a transition, in the caller's transaction. */
export async function recordTransition(tx: Tx, p: Principal, order: OrderRow, t: TransitionRecord): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: t.from,
    toStatus: order.statusId,
    actorUserId: p.userId,
    action: t.action,
    reason: t.reason ?? null,
  });
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: 'order', entityId: order.shipmentNo, action: t.action, fromValue: String(t.from), toValue: String(order.statusId), reason: t.reason ?? null },
    {
      storeCode: order.storeCode,
      type: t.event,
      payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, fromStatus: t.from, statusId: order.statusId, actorName: p.name, ...t.payload },
    },
  );
}

/** Audit row and store event of a change within a status (picking edits, scans). */
export async function recordOrderUpdate(tx: Tx, p: Principal, order: OrderRow, action: string, event: string, payload: Record<string, unknown>, reason?: string): Promise<void> {
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: 'order', entityId: order.shipmentNo, action, reason: reason ?? null },
    { storeCode: order.storeCode, type: event, payload: { shipmentNo: order.shipmentNo, statusId: order.statusId, action, actorName: p.name, ...payload } },
  );
}

/** total = Σ line price × (qty − oos) + Σ paper bag price × qty: out-of-stock units are not charged. */
export async function recomputeTotal(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    update orders set price =
      (select coalesce(sum(l.price * (l.qty - l.qty_oos)), 0) from order_lines l where l.order_id = ${orderId})
      + (select coalesce(sum(b.price * b.qty), 0) from order_paper_bags b where b.order_id = ${orderId})
    where id = ${orderId}`);
}
