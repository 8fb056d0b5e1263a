import { eq } from 'drizzle-orm';
import { DELIVERY_TYPE, ORDER_STATUS, STOCK_CAUSE, STOCK_CONDITION, type HandoverBody, type OrderDetail } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orderLines } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { moveStock } from '../stock';
import { orderBookingHold } from './bookings';
import { loadOrderDetail, type OrderViewer } from './detail';
import { changeOrderStatus } from './lifecycle';
import { lineDetail, recomputeTotal } from './picking';
import { pickupCodeMatches } from './pickup-code';

const S = ORDER_STATUS;

/** "Packing": 1101 → 1102, the caller becomes the picker. The race loser learns who has it. */
export async function claimOrder(db: Db, p: OrderViewer, shipmentNo: string): Promise<OrderDetail> {
  const order = await db.transaction((tx) => changeOrderStatus(tx, p, shipmentNo, 'claim', { payload: { pickerName: p.name } }));
  return loadOrderDetail(db, order.id, p);
}

/**
 * "Scan Packing": 1102 → 1103 once every line is resolved (picked + oos = qty).
 * The total drops the out-of-stock units; a fully out-of-stock order must be
 * cancelled instead. A stock booking without a taker (1131/1134) holds the order
 * first (decision 88): no store has the units yet, so nothing about the lines can be decided.
 */
export async function packOrder(db: Db, p: OrderViewer, shipmentNo: string): Promise<OrderDetail> {
  const order = await db.transaction((tx) =>
    changeOrderStatus(tx, p, shipmentNo, 'pack', {
      apply: async (order) => {
        if ((await orderBookingHold(tx, order.id)).withoutTaker) throw new AppError('BOOKING_PENDING');
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
        const unresolved = lines.filter((l) => l.qtyPicked + l.qtyOos !== l.qty);
        if (unresolved.length > 0) {
          throw new AppError(
            'LINES_UNRESOLVED',
            undefined,
            unresolved.map((l) => lineDetail(l.id, l)),
          );
        }
        if (lines.every((l) => l.qtyOos === l.qty)) throw new AppError('ALL_OUT_OF_STOCK');
        await recomputeTotal(tx, order.id);
        // Decision 87: the picked goods leave the store's books when the order is packed.
        await moveStock(
          tx,
          lines.map((l) => ({ storeCode: order.storeCode, productId: l.productId, delta: -l.qtyPicked, condition: STOCK_CONDITION.SELLABLE, cause: STOCK_CAUSE.PACK, ref: order.shipmentNo, actorUserId: p.userId })),
        );
      },
    }),
  );
  return loadOrderDetail(db, order.id, p);
}

/**
 * "Konfirmasi" of a pickup order: 1103 → 1104 when the customer's code (or
 * QR) matches. A wrong code changes nothing; the attempt is audited.
 */
export async function handOverOrder(db: Db, p: OrderViewer, shipmentNo: string, body: HandoverBody): Promise<OrderDetail> {
  try {
    const order = await db.transaction((tx) =>
      changeOrderStatus(tx, p, shipmentNo, 'confirm', {
        reason: `Diterima oleh ${body.receiverName}`,
        payload: { receiverName: body.receiverName },
        apply: async (order) => {
          if (order.deliveryType !== DELIVERY_TYPE.PICKUP) throw new AppError('DELIVERY_NEEDS_POD');
          if (!pickupCodeMatches(body.pickupCode, order.shipmentNo, order.pickupCode)) throw new AppError('PICKUP_CODE_INVALID');
        },
      }),
    );
    return await loadOrderDetail(db, order.id, p);
  } catch (err) {
    // Outside the rolled-back transaction, so repeated guessing leaves a trace.
    if (err instanceof AppError && err.code === 'PICKUP_CODE_INVALID') {
      await writeAudit(db, { actorUserId: p.userId, entity: 'order', entityId: shipmentNo, action: 'pickup_code_rejected', reason: `Penerima: ${body.receiverName}` });
    }
    throw err;
  }
}

/** "Selesai": 1104 → 1105. */
export async function finishOrder(db: Db, p: OrderViewer, shipmentNo: string): Promise<OrderDetail> {
  const order = await db.transaction((tx) => changeOrderStatus(tx, p, shipmentNo, 'archive', { from: S.COMPLETED }));
  return loadOrderDetail(db, order.id, p);
}

/** 1106 → 1107: a cancelled order moves to the cancelled history. */
export async function archiveCancelledOrder(db: Db, p: OrderViewer, shipmentNo: string): Promise<OrderDetail> {
  const order = await db.transaction((tx) => changeOrderStatus(tx, p, shipmentNo, 'archive', { from: S.CANCELLED }));
  return loadOrderDetail(db, order.id, p);
}
