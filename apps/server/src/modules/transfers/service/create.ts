import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ERROR_DETAILS, ERROR_MESSAGES, isoDateInWib, MAT_STATUS, matQrValue, STOCK_CAUSE, STOCK_CONDITION, type TransferCreateBody, type TransferWithSecret } from '@gerai/contract';
import type { Db } from '../../../db/client';
import { nextId } from '../../../db/next-id';
import { hashPassword } from '../../../db/password';
import { materialTransferItems, materialTransfers, products, stores, storeStock } from '../../../db/schema';
import { AppError, type ErrorDetail } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { requireActiveStore } from '../../../platform/scope';
import { moveStock, type StockMove } from '../../stock';
import { loadTransferDetail, TRANSFER_SEND, transferRef } from '../views';
import { newPin, recordTransfer, transferFacts, type TransferRow } from './step';

/** MAT + the WIB date (yymmdd) + the id, six digits at least (as bookings number theirs). */
const matNoOf = (id: number, at = new Date()) => `MAT${isoDateInWib(at).slice(2).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
/** The receipt id the QR carries: TBS + 12 random digits. */
const newIdTbsms = () => `TBS${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** A refusal of one line: its path in the body and its product, by which the phone places it. */
export const lineDetail = (i: number, productId: string, field: string, message: string): ErrorDetail => ({ path: `body.lines.${i}.${field}`, message, productId });

/**
 * POST /api/transfers: my store sends products to another store. The receiver not mine (422
 * TRANSFER_SAME_STORE) and known (422 STORE_UNKNOWN); every product known (422
 * TRANSFER_PRODUCT_UNKNOWN, a detail per unknown line); my stock rows of the products locked in
 * product order and each line within my sellable units (409 TRANSFER_STOCK_SHORT, a detail per short
 * line) — nothing is written on a refusal. Then the transfer (new), its lines, the units from my
 * sellable stock to in transit (transfer_send), and the PIN, kept only as its hash and answered
 * once. Event transfer.sent to both stores.
 */
export async function createTransfer(db: Db, p: Principal, body: TransferCreateBody): Promise<TransferWithSecret> {
  const sender = requireActiveStore(p);
  const receiverCode = body.receiverStoreCode;
  if (receiverCode === sender) throw new AppError('TRANSFER_SAME_STORE', undefined, [{ path: 'body.receiverStoreCode', message: ERROR_MESSAGES.TRANSFER_SAME_STORE }]);
  const pin = newPin();
  // scrypt is slow on purpose: hashed before any row is locked.
  const pinHash = hashPassword(pin);
  const ids = body.lines.map((l) => l.productId);
  const created = await db.transaction(async (tx) => {
    const [receiver] = await tx.select({ code: stores.code }).from(stores).where(eq(stores.code, receiverCode)).limit(1);
    if (!receiver) throw new AppError('STORE_UNKNOWN', undefined, [{ path: 'body.receiverStoreCode', message: ERROR_MESSAGES.STORE_UNKNOWN }]);
    const known = new Map((await tx.select({ productId: products.productId, name: products.name }).from(products).where(inArray(products.productId, ids))).map((r) => [r.productId, r.name]));
    const unknown = body.lines.flatMap((l, i) => (known.has(l.productId) ? [] : [lineDetail(i, l.productId, 'productId', ERROR_MESSAGES.TRANSFER_PRODUCT_UNKNOWN)]));
    if (unknown.length > 0) throw new AppError('TRANSFER_PRODUCT_UNKNOWN', undefined, unknown);
    // Locked in product order, as every writer of several stock rows does, so two sends cannot deadlock.
    const stock = await tx
      .select({ productId: storeStock.productId, qty: storeStock.qty })
      .from(storeStock)
      .where(and(eq(storeStock.storeCode, sender), inArray(storeStock.productId, ids)))
      .orderBy(asc(storeStock.productId))
      .for('update');
    const have = new Map(stock.map((s) => [s.productId, s.qty]));
    const short = body.lines.flatMap((l, i) => {
      const qty = have.get(l.productId) ?? 0;
      return qty >= l.qty ? [] : [lineDetail(i, l.productId, 'qty', ERROR_DETAILS.transferStockShort(known.get(l.productId)!, Math.max(0, qty), l.qty))];
    });
    if (short.length > 0) throw new AppError('TRANSFER_STOCK_SHORT', undefined, short);

    // The number shows the id, so the id is drawn first.
    const id = await nextId(tx, materialTransfers);
    let transfer: TransferRow | undefined;
    // idTbsms is random: a clash with an existing one (one in a trillion) draws again.
    for (let attempt = 0; !transfer && attempt < 5; attempt++) {
      [transfer] = await tx
        .insert(materialTransfers)
        .values({ id, matNo: matNoOf(id), senderStoreCode: sender, receiverStoreCode: receiverCode, status: MAT_STATUS.NEW, pinHash, idTbsms: newIdTbsms(), note: body.note ?? null, createdBy: p.userId })
        .onConflictDoNothing()
        .returning();
    }
    if (!transfer) throw new Error('no free idTbsms after 5 draws');
    await tx.insert(materialTransferItems).values(body.lines.map((l) => ({ transferId: id, productId: l.productId, qtySent: l.qty })));
    const move = { storeCode: sender, cause: STOCK_CAUSE.TRANSFER_SEND, ref: transferRef(id), actorUserId: p.userId };
    await moveStock(
      tx,
      body.lines.flatMap((l): StockMove[] => [
        { ...move, productId: l.productId, delta: -l.qty, condition: STOCK_CONDITION.SELLABLE },
        { ...move, productId: l.productId, delta: l.qty, condition: STOCK_CONDITION.IN_TRANSIT },
      ]),
    );
    const qtySent = body.lines.reduce((sum, l) => sum + l.qty, 0);
    await recordTransfer(tx, p, transfer, { action: TRANSFER_SEND }, 'transfer.sent', { action: 'sent', ...transferFacts(transfer, p.name), lineCount: body.lines.length, qtySent });
    return transfer;
  });
  return { transfer: await loadTransferDetail(db, p, created.id), secret: { pin, qr: matQrValue(created.idTbsms, pin) } };
}

