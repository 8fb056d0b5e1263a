// The transfers area's state changes: sending a transfer and every step of TRANSFER_FLOW (applied
// through the workflow kernel by service/step.ts), with the PIN's wrong tries.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ERROR_DETAILS,
  ERROR_MESSAGES,
  MAT_STATUS,
  matQrValue,
  mayTakeAction,
  parseMatQr,
  STOCK_CAUSE,
  STOCK_CONDITION,
  TRANSFER_FLOW,
  TRANSFER_LIMITS,
  type TransferConfirmBody,
  type TransferDetail,
  type TransferFinishBody,
  type TransferWithSecret,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { hashPassword, verifyPassword } from '../../db/password';
import { materialTransferItems, materialTransfers, products } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';
import { checkStep } from '../../platform/workflow';
import { moveStock, type StockMove } from '../stock';
import { loadTransferDetail, TRANSFER_ENTITY, TRANSFER_LOCK, TRANSFER_PIN_WRONG, transferRef } from './views';
import { lineDetail } from './service/create';
import { applyTransferStep, lockTransfer, newPin, now, recordTransfer, runStep, sideRefusal, statusChanged, stepSpecOf, transferFacts, type TransferRow } from './service/step';

export { createTransfer } from './service/create';

const byMatNo = (matNo: string) => eq(materialTransfers.matNo, matNo);

type ItemRow = typeof materialTransferItems.$inferSelect;
const itemsOf = (tx: Tx, transferId: number): Promise<ItemRow[]> =>
  tx.select().from(materialTransferItems).where(eq(materialTransferItems.transferId, transferId)).orderBy(asc(materialTransferItems.productId));

// --- the sender's steps ------------------------------------------------------------------------

/** The sender cancels a transfer that is still `new` (locked or not): the in-transit units go back to its sellable stock, once. */
export function cancelTransfer(db: Db, p: Principal, matNo: string): Promise<TransferDetail> {
  return runStep(db, p, byMatNo(matNo), 'cancel', async (t, tx) => {
    const move = { storeCode: t.senderStoreCode, cause: STOCK_CAUSE.TRANSFER_CANCEL, ref: transferRef(t.id), actorUserId: p.userId };
    await moveStock(
      tx,
      (await itemsOf(tx, t.id)).flatMap((i): StockMove[] => [
        { ...move, productId: i.productId, delta: -i.qtySent, condition: STOCK_CONDITION.IN_TRANSIT },
        { ...move, productId: i.productId, delta: i.qtySent, condition: STOCK_CONDITION.SELLABLE },
      ]),
    );
    return { event: (facts) => ({ action: 'cancelled', ...facts }) };
  });
}

/** The sender issues a new PIN for a `new`, unlocked transfer (423 while locked): the old one stops working, the wrong tries start again. */
export async function reissuePin(db: Db, p: Principal, matNo: string): Promise<TransferWithSecret> {
  const pin = newPin();
  const pinHash = hashPassword(pin);
  const transfer = await runStep(db, p, byMatNo(matNo), 'reissue', async () => ({ set: { pinHash, pinFailures: 0 }, event: (facts) => ({ action: 'reissued', ...facts }) }));
  return { transfer, secret: { pin, qr: matQrValue(transfer.idTbsms, pin) } };
}

// --- the receiver's steps ----------------------------------------------------------------------

/**
 * A wrong PIN (or an old QR), counted with one atomic increment in the attempt's own transaction,
 * which commits although the request is refused. The try that reaches TRANSFER_LIMITS.pinMaxTries
 * locks the transfer (event transfer.locked, 423); any other answers 422 with the tries left.
 */
async function countWrongPin(tx: Tx, p: Principal, t: TransferRow, field: 'pin' | 'qr'): Promise<AppError> {
  const [after] = await tx
    .update(materialTransfers)
    .set({
      pinFailures: sql`${materialTransfers.pinFailures} + 1`,
      lockedAt: sql`case when ${materialTransfers.pinFailures} + 1 >= ${TRANSFER_LIMITS.pinMaxTries} then now() else ${materialTransfers.lockedAt} end`,
      updatedAt: now,
    })
    .where(and(eq(materialTransfers.id, t.id), eq(materialTransfers.status, MAT_STATUS.NEW), isNull(materialTransfers.lockedAt)))
    .returning();
  if (!after) throw statusChanged(t);
  // Never the PIN tried: the row says only that a try failed.
  await writeAudit(tx, { actorUserId: p.userId, entity: TRANSFER_ENTITY, entityId: t.matNo, action: TRANSFER_PIN_WRONG, toValue: String(after.pinFailures) });
  if (after.lockedAt !== null) {
    await recordTransfer(tx, p, after, { action: TRANSFER_LOCK, from: t.status }, 'transfer.locked', { action: 'locked', ...transferFacts(after, p.name) });
    return new AppError('TRANSFER_LOCKED');
  }
  // recordChange marks the Idempotency-Key applied; a counted try must be too, so a retry of it is not counted again.
  await markKeyApplied(tx);
  const message = ERROR_DETAILS.transferPinWrong(TRANSFER_LIMITS.pinMaxTries - after.pinFailures);
  return new AppError('TRANSFER_PIN_WRONG', message, [{ path: `body.${field}`, message }]);
}

/**
 * The receiver confirms with the PIN typed or the QR scanned (new → process). A QR that is not a MAT
 * QR or names another transfer → 422 TRANSFER_QR_INVALID, no try counted; a locked transfer → 423;
 * not `new` → 409; a wrong PIN is counted (countWrongPin). The PIN is checked under the row lock, so
 * two phones confirming at once settle in turn: one 200, the other 409.
 */
export async function confirmTransfer(db: Db, p: Principal, idTbsms: string, body: TransferConfirmBody): Promise<TransferDetail> {
  const outcome = await db.transaction(async (tx): Promise<{ id: number } | { refused: AppError }> => {
    const t = await lockTransfer(tx, p, eq(materialTransfers.idTbsms, idTbsms));
    const spec = stepSpecOf(p, t, 'confirm');
    if (!mayTakeAction(TRANSFER_FLOW, 'confirm', spec.actor)) throw sideRefusal('confirm');
    let pin: string;
    let method: 'pin' | 'qr';
    if (body.qr !== undefined) {
      const scanned = parseMatQr(body.qr);
      if (!scanned || scanned.idTbsms !== t.idTbsms) throw new AppError('TRANSFER_QR_INVALID', undefined, [{ path: 'body.qr', message: ERROR_MESSAGES.TRANSFER_QR_INVALID }]);
      [pin, method] = [scanned.pin, 'qr'];
    } else {
      [pin, method] = [body.pin ?? '', 'pin'];
    }
    checkStep(spec);
    if (!verifyPassword(pin, t.pinHash)) return { refused: await countWrongPin(tx, p, t, method) };
    const after = await applyTransferStep(tx, p, t, 'confirm', async () => ({ event: (facts) => ({ action: 'confirmed', ...facts, method }) }));
    return { id: after.id };
  });
  // Thrown after the commit: the wrong try stays counted.
  if ('refused' in outcome) throw outcome.refused;
  return loadTransferDetail(db, p, outcome.id);
}

/**
 * The receiver says what arrived (process → finish): every line of the transfer once (422
 * TRANSFER_LINES_MISMATCH), at most what was sent (422 TRANSFER_RECEIVED_EXCEEDS), a line short with
 * its reason (422 TRANSFER_REASON_REQUIRED). In the one transaction the sent units leave the sender's
 * in-transit bucket and the counted ones enter the receiver's sellable stock (transfer_receive); the
 * units short leave the chain's stock, recorded per line with their reason.
 */
export function finishTransfer(db: Db, p: Principal, matNo: string, body: TransferFinishBody): Promise<TransferDetail> {
  return runStep(db, p, byMatNo(matNo), 'finish', async (t, tx) => {
    const items = await itemsOf(tx, t.id);
    const sent = new Map(items.map((i) => [i.productId, i.qtySent]));
    if (body.lines.length !== items.length || body.lines.some((l) => !sent.has(l.productId))) {
      throw new AppError('TRANSFER_LINES_MISMATCH', undefined, [{ path: 'body.lines', message: ERROR_MESSAGES.TRANSFER_LINES_MISMATCH }]);
    }
    const names = new Map((await tx.select({ productId: products.productId, name: products.name }).from(products).where(inArray(products.productId, [...sent.keys()]))).map((r) => [r.productId, r.name]));
    const nameOf = (productId: string) => names.get(productId) ?? productId;
    const over = body.lines.flatMap((l, i) => (l.qtyReceived > sent.get(l.productId)! ? [lineDetail(i, l.productId, 'qtyReceived', ERROR_DETAILS.transferReceivedExceeds(nameOf(l.productId), sent.get(l.productId)!))] : []));
    if (over.length > 0) throw new AppError('TRANSFER_RECEIVED_EXCEEDS', undefined, over);
    const unexplained = body.lines.flatMap((l, i) => (l.qtyReceived < sent.get(l.productId)! && !l.reason ? [lineDetail(i, l.productId, 'reason', ERROR_DETAILS.transferReasonRequired(nameOf(l.productId)))] : []));
    if (unexplained.length > 0) throw new AppError('TRANSFER_REASON_REQUIRED', undefined, unexplained);

    // A full line keeps no reason: only a difference is explained.
    const counted = body.lines.map((l) => {
      const short = l.qtyReceived < sent.get(l.productId)!;
      return { ...l, reason: short ? (l.reason ?? null) : null, note: short ? (l.note ?? null) : null };
    });
    const values = sql.join(
      counted.map((l) => sql`(${l.productId}::text, ${l.qtyReceived}::int, ${l.reason}::text, ${l.note}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${materialTransferItems} i set qty_received = v.qty, discrepancy_reason = v.reason, discrepancy_note = v.note
      from (values ${values}) as v (product_id, qty, reason, note)
      where i.transfer_id = ${t.id} and i.product_id = v.product_id`);

    const move = { cause: STOCK_CAUSE.TRANSFER_RECEIVE, ref: transferRef(t.id), actorUserId: p.userId };
    await moveStock(
      tx,
      counted.flatMap((l): StockMove[] => [
        { ...move, storeCode: t.senderStoreCode, productId: l.productId, delta: -sent.get(l.productId)!, condition: STOCK_CONDITION.IN_TRANSIT },
        // A line that arrived wholly short moves nothing into the receiver (moveStock skips a zero).
        { ...move, storeCode: t.receiverStoreCode, productId: l.productId, delta: l.qtyReceived, condition: STOCK_CONDITION.SELLABLE },
      ]),
    );
    const qtySent = items.reduce((sum, i) => sum + i.qtySent, 0);
    const qtyReceived = counted.reduce((sum, l) => sum + l.qtyReceived, 0);
    return { event: (facts) => ({ action: 'finished', ...facts, qtySent, qtyReceived, qtyShort: qtySent - qtyReceived }) };
  });
}

// --- the supervisor's step ---------------------------------------------------------------------

/** An area supervisor (and above) of either store unlocks a transfer 5 wrong PINs locked (409 TRANSFER_NOT_LOCKED if it is not): the tries start again. */
export function unlockTransfer(db: Db, p: Principal, matNo: string): Promise<TransferDetail> {
  return runStep(db, p, byMatNo(matNo), 'unlock', async () => ({ set: { pinFailures: 0, lockedAt: null }, event: (facts) => ({ action: 'unlocked', ...facts }) }));
}
