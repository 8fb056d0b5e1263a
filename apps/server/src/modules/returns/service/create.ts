import { ERROR_DETAILS, RETURN_STATUS, type ReturnCreateBody, type ReturnDetail } from '@gerai/contract';
import type { Db } from '../../../db/client';
import { returnLines, returnPhotos, returns } from '../../../db/schema';
import { recordChange } from '../../../platform/audit';
import { AppError, isUniqueViolation } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { attachUploads } from '../../../platform/uploads';
import { lockOrderRow } from '../../orders';
import { hasOpenReturn, returnableLines, returnRefusal, returnWindowEnd, wibDateText } from '../eligibility';
import { loadReturnDetail, resolveReason, RETURN_ENTITY, returnRef } from '../views';
import { reasonDisplay } from '../../../platform/reasons';

const ONE_OPEN_INDEX = 'returns_one_open_per_order';

/**
 * Records a return (retur) of a completed order, in one transaction on the locked order: the order
 * in 1104/1105 (409), within RETURN_WINDOW_DAYS of its completion (422), without an open return
 * (409), a listed reason (400), lines of the order within what was delivered and not yet returned
 * (422), photos uploaded for the order's store and not used yet (422). The photos are attached,
 * the store hears `return.requested`, the kepala toko decides.
 */
export async function createReturn(db: Db, p: Principal, windowDays: number, body: ReturnCreateBody, now = new Date()): Promise<ReturnDetail> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, p, body.shipmentNo);
    if (!order) throw new AppError('NOT_FOUND');
    const refusal = returnRefusal(order, windowDays, await hasOpenReturn(tx, order.id), now);
    if (refusal === 'RETURN_WINDOW_CLOSED') {
      throw new AppError('RETURN_WINDOW_CLOSED', ERROR_DETAILS.returnWindowClosed(windowDays, wibDateText(returnWindowEnd(order.completedAt!, windowDays))));
    }
    if (refusal) throw new AppError(refusal);
    const reason = await resolveReason(tx, body.reasonId, 'body.reasonId');

    const available = new Map((await returnableLines(tx, order.id)).map((l) => [l.lineId, l]));
    const lines = body.lines.map((wanted, i) => {
      const line = available.get(wanted.lineId);
      if (!line) throw new AppError('RETURN_LINE_UNKNOWN', undefined, [{ path: `body.lines.${i}.lineId`, message: `Produk #${wanted.lineId} tidak ada di pesanan ini.` }]);
      if (wanted.qty > line.returnable) {
        const text = ERROR_DETAILS.returnQtyExceeds(line.name, line.returnable);
        throw new AppError('RETURN_QTY_EXCEEDS', text, [{ path: `body.lines.${i}.qty`, message: text }]);
      }
      return { line, qty: wanted.qty };
    });

    const display = reasonDisplay(reason.storedId, reason.label, body.reasonText ?? null);
    let row: typeof returns.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(returns)
        .values({
          orderId: order.id,
          shipmentNo: order.shipmentNo,
          storeCode: order.storeCode,
          deliveryType: order.deliveryType,
          reason: display,
          reasonId: reason.storedId,
          reasonText: body.reasonText ?? null,
          status: RETURN_STATUS.REQUESTED,
          requestedBy: p.userId,
        })
        .returning();
    } catch (err) {
      // Two requests that both saw no open return: the one-open index lets one through.
      if (isUniqueViolation(err, ONE_OPEN_INDEX)) throw new AppError('RETURN_ALREADY_OPEN');
      throw err;
    }
    const ret = row!;
    await tx.insert(returnLines).values(lines.map(({ line, qty }) => ({ returnId: ret.id, orderLineId: line.lineId, productId: line.productId, qty })));
    // Photos uploaded by the order's store and not attached yet; anything else rolls the return back.
    if (!(await attachUploads(tx, body.photoIds, order.storeCode, returnRef(ret.id)))) {
      throw new AppError('RETURN_PHOTO_UNKNOWN', undefined, [{ path: 'body.photoIds', message: 'Foto tidak ditemukan atau sudah dipakai.' }]);
    }
    await tx.insert(returnPhotos).values(body.photoIds.map((uploadId, sort) => ({ returnId: ret.id, uploadId, sort })));
    await recordChange(
      tx,
      { actorUserId: p.userId, entity: RETURN_ENTITY, entityId: String(ret.id), action: 'request', toValue: RETURN_STATUS.REQUESTED, reason: display },
      {
        storeCode: order.storeCode,
        type: 'return.requested',
        payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, returnId: ret.id, status: RETURN_STATUS.REQUESTED, actorName: p.name, reason: display },
      },
    );
    return ret.id;
  });
  return loadReturnDetail(db, p, id);
}
