import { eq } from 'drizzle-orm';
import { DELIVERY_TYPE, ORDER_STATUS, type HandoverBody, type OrderDetail } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orderLines } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { loadOrderDetail } from './detail';
import { lockOrder, recomputeTotal, recordTransition } from './order-change';
import { pickupCodeMatches } from './pickup-code';

const S = ORDER_STATUS;

/** "Packing": 1101 → 1102, the caller becomes the picker. The race loser learns who has it. */
export async function claimOrder(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, shipmentNo, S.NEW, { statusId: S.PACKING, pickerUserId: p.userId, stamp: 'claimed_at' });
    await recordTransition(tx, p, order, { from: S.NEW, action: 'claim', event: 'order.claimed', payload: { pickerName: p.name } });
    return order.id;
  });
  return loadOrderDetail(db, id);
}

/**
 * "Scan Packing": 1102 → 1103 once every line is resolved (picked + oos = qty).
 * The total drops the out-of-stock units; a fully out-of-stock order must be
 * cancelled instead.
 */
export async function packOrder(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, shipmentNo, S.PACKING, { statusId: S.IN_PROGRESS, stamp: 'packed_at' });
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
    const unresolved = lines.filter((l) => l.qtyPicked + l.qtyOos !== l.qty);
    if (unresolved.length > 0) {
      throw new AppError(
        'LINES_UNRESOLVED',
        undefined,
        unresolved.map((l) => ({ path: `products.${l.id}`, message: `${l.name}: ${l.qtyPicked + l.qtyOos} dari ${l.qty}` })),
      );
    }
    if (lines.every((l) => l.qtyOos === l.qty)) throw new AppError('ALL_OUT_OF_STOCK');
    await recomputeTotal(tx, order.id);
    await recordTransition(tx, p, order, { from: S.PACKING, action: 'pack', event: 'order.packed' });
    return order.id;
  });
  return loadOrderDetail(db, id);
}

/**
 * "Konfirmasi" of a pickup order: 1103 → 1104 when the customer's code (or
 * QR) matches. A wrong code changes nothing; the attempt is audited.
 */
export async function handOverOrder(db: Db, p: Principal, shipmentNo: string, body: HandoverBody): Promise<OrderDetail> {
  const reason = `Diterima oleh ${body.receiverName}`;
  try {
    const id = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, p, shipmentNo, S.IN_PROGRESS, { statusId: S.COMPLETED, stamp: 'completed_at' });
      if (order.deliveryType !== DELIVERY_TYPE.PICKUP) throw new AppError('DELIVERY_NEEDS_POD');
      if (!pickupCodeMatches(body.pickupCode, order.shipmentNo, order.pickupCode)) throw new AppError('PICKUP_CODE_INVALID');
      await recordTransition(tx, p, order, { from: S.IN_PROGRESS, action: 'confirm', event: 'order.completed', reason, payload: { receiverName: body.receiverName } });
      return order.id;
    });
    return await loadOrderDetail(db, id);
  } catch (err) {
    // Outside the rolled-back transaction, so repeated guessing leaves a trace.
    if (err instanceof AppError && err.code === 'PICKUP_CODE_INVALID') {
      await writeAudit(db, { actorUserId: p.userId, entity: 'order', entityId: shipmentNo, action: 'pickup_code_rejected', reason: `Penerima: ${body.receiverName}` });
    }
    throw err;
  }
}

/** "Selesai": 1104 → 1105. */
export async function finishOrder(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, shipmentNo, S.COMPLETED, { statusId: S.HISTORY, stamp: 'archived_at' });
    await recordTransition(tx, p, order, { from: S.COMPLETED, action: 'archive', event: 'order.archived' });
    return order.id;
  });
  return loadOrderDetail(db, id);
}

/** 1106 → 1107: a cancelled order moves to the cancelled history. */
export async function archiveCancelledOrder(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, shipmentNo, S.CANCELLED, { statusId: S.HISTORY_CANCELLED, stamp: 'archived_at' });
    await recordTransition(tx, p, order, { from: S.CANCELLED, action: 'archive', event: 'order.archived' });
    return order.id;
  });
  return loadOrderDetail(db, id);
}
