import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  ERROR_DETAILS,
  ERROR_MESSAGES,
  isoDateInWib,
  MAT_STATUS,
  MAT_STATUS_LABEL,
  matQrValue,
  parseMatQr,
  STOCK_CAUSE,
  STOCK_CONDITION,
  TRANSFER_FLOW,
  TRANSFER_LIMITS,
  transferStep,
  type EventPayload,
  type MatStatus,
  type TransferAction,
  type TransferConfirmBody,
  type TransferCreateBody,
  type TransferDetail,
  type TransferEventType,
  type TransferFinishBody,
  type TransferSide,
  type TransferWithSecret,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { hashPassword, verifyPassword } from '../../db/password';
import { materialTransferItems, materialTransfers, products, stores, storeStock } from '../../db/schema';
import { recordChange, writeAudit, type DomainEvent } from '../../platform/audit';
import { AppError, type ErrorDetail } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';
import { moveStock, type StockMove } from '../stock';
import { sidesOf, transferScope } from './access';
import { isLocked, loadTransferDetail, TRANSFER_ENTITY, TRANSFER_LOCK, TRANSFER_PIN_WRONG, TRANSFER_SEND, transferRef } from './views';

const now = sql`now()`;

/** The event each step writes; sending writes `transfer.sent`, the try that locks `transfer.locked`. */
const STEP_EVENT = {
  cancel: 'transfer.cancelled',
  confirm: 'transfer.confirmed',
  finish: 'transfer.finished',
  reissue: 'transfer.reissued',
  unlock: 'transfer.unlocked',
} as const satisfies Record<TransferAction, TransferEventType>;
/** The payload's `action` per event. */
const EVENT_ACTION = {
  'transfer.sent': 'sent',
  'transfer.cancelled': 'cancelled',
  'transfer.confirmed': 'confirmed',
  'transfer.finished': 'finished',
  'transfer.locked': 'locked',
  'transfer.unlocked': 'unlocked',
  'transfer.reissued': 'reissued',
} as const satisfies Record<TransferEventType, string>;

type TransferRow = typeof materialTransfers.$inferSelect;
type ItemRow = typeof materialTransferItems.$inferSelect;

/** A new one-time PIN: TRANSFER_LIMITS.pinDigits random digits, from the system's CSPRNG. */
const newPin = () => String(randomInt(0, 10 ** TRANSFER_LIMITS.pinDigits)).padStart(TRANSFER_LIMITS.pinDigits, '0');

/** The side TRANSFER_FLOW gives an action (every row of one action has the same side). */
const flowOf = (action: TransferAction) => TRANSFER_FLOW.find((s) => s.action === action)!;

/** 409 naming the status the transfer is in now. */
const statusChanged = (t: Pick<TransferRow, 'status'>) => new AppError('TRANSFER_STATUS_CHANGED', ERROR_DETAILS.transferStatusChangedTo(MAT_STATUS_LABEL[t.status as MatStatus] ?? t.status));

/** What every transfer event carries: the transfer after the step, never its PIN. */
function payloadOf<T extends TransferEventType>(type: T, t: TransferRow, actorName: string, extra: object = {}): EventPayload<T> {
  return {
    action: EVENT_ACTION[type],
    matNo: t.matNo,
    idTbsms: t.idTbsms,
    matStatus: t.status as MatStatus,
    senderStore: t.senderStoreCode,
    receiverStore: t.receiverStoreCode,
    locked: isLocked(t),
    actorName,
    ...extra,
  } as unknown as EventPayload<T>;
}

/** The audit row and the typed event of a change, the event on the sender's and the receiver's streams. */
async function record<T extends TransferEventType>(tx: Tx, p: Principal, t: TransferRow, audit: { action: string; from?: string | null; note?: string | null }, type: T, extra: object = {}) {
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: TRANSFER_ENTITY, entityId: t.matNo, action: audit.action, fromValue: audit.from ?? null, toValue: t.status, reason: audit.note ?? null },
    { storeCode: t.senderStoreCode, type, payload: payloadOf(type, t, p.name, extra), alsoStoreCodes: [t.receiverStoreCode] } as DomainEvent<T>,
  );
}

/** Row-locks a transfer; missing or out of the caller's sight → 404. */
async function lockTransfer(tx: Tx, p: Principal, key: SQL): Promise<TransferRow> {
  const [row] = await tx
    .select()
    .from(materialTransfers)
    .where(and(key, transferScope(p)))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  return row;
}

const byMatNo = (matNo: string) => eq(materialTransfers.matNo, matNo);

function assertSide(p: Principal, t: TransferRow, side: TransferSide): void {
  if (sidesOf(p, t.senderStoreCode, t.receiverStoreCode).includes(side)) return;
  throw new AppError(side === 'sender' ? 'TRANSFER_NOT_SENDER' : side === 'receiver' ? 'TRANSFER_NOT_RECEIVER' : 'FORBIDDEN');
}

/**
 * The one place TRANSFER_FLOW is checked, on a locked transfer: the caller's side (403 for a transfer
 * seen from the other side), the lock (423 TRANSFER_LOCKED for a step that needs it unlocked, 409
 * TRANSFER_NOT_LOCKED for unlocking one that is not), then the step from the status (409
 * TRANSFER_STATUS_CHANGED for a race loser or a closed transfer).
 */
function stepFor(p: Principal, t: TransferRow, action: TransferAction) {
  const flow = flowOf(action);
  assertSide(p, t, flow.side);
  const locked = t.lockedAt !== null;
  if (flow.locked === true && !locked) throw new AppError('TRANSFER_NOT_LOCKED');
  const step = transferStep(action, t.status as MatStatus);
  if (!step) throw statusChanged(t);
  if (step.locked === false && locked) throw new AppError('TRANSFER_LOCKED');
  return step;
}

interface StepWrite {
  /** Columns the step sets besides its status. */
  set?: PgUpdateSetSource<typeof materialTransfers>;
  /** Fields the step's event adds. */
  extra?: object;
}

/**
 * Moves the status with a compare-and-set on the step's starting status (and lock), then writes the
 * audit row and the typed event to both stores. The row is locked, so the guard holds; it keeps a
 * second writer of the status honest.
 */
async function commitStep(tx: Tx, p: Principal, t: TransferRow, action: TransferAction, done: StepWrite): Promise<TransferRow> {
  const step = transferStep(action, t.status as MatStatus)!;
  const [after] = await tx
    .update(materialTransfers)
    .set({ ...done.set, status: step.to, updatedAt: now })
    .where(
      and(
        eq(materialTransfers.id, t.id),
        eq(materialTransfers.status, step.from),
        step.locked === undefined ? undefined : step.locked ? isNotNull(materialTransfers.lockedAt) : isNull(materialTransfers.lockedAt),
      ),
    )
    .returning();
  if (!after) throw statusChanged(t);
  await record(tx, p, after, { action, from: t.status }, STEP_EVENT[action], done.extra);
  return after;
}

/** One step on one transfer in its own transaction; answers the transfer's detail for the caller. */
async function runStep(db: Db, p: Principal, key: SQL, action: TransferAction, write: (t: TransferRow, tx: Tx) => Promise<StepWrite>): Promise<TransferDetail> {
  const id = await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, p, key);
    stepFor(p, t, action);
    const done = await write(t, tx);
    return (await commitStep(tx, p, t, action, done)).id;
  });
  return loadTransferDetail(db, p, id);
}

const itemsOf = (tx: Tx, transferId: number): Promise<ItemRow[]> =>
  tx.select().from(materialTransferItems).where(eq(materialTransferItems.transferId, transferId)).orderBy(asc(materialTransferItems.productId));

// --- sending -----------------------------------------------------------------------------------

/** MAT + the WIB date (yymmdd) + the id, six digits at least (as bookings number theirs). */
const matNoOf = (id: number, at = new Date()) => `MAT${isoDateInWib(at).slice(2).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
/** The receipt id the QR carries: TBS + 12 random digits. */
const newIdTbsms = () => `TBS${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** A refusal of one line: its path in the body and its product, by which the phone places it. */
const lineDetail = (i: number, productId: string, field: string, message: string): ErrorDetail => ({ path: `body.lines.${i}.${field}`, message, productId });

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
    const { rows } = (await tx.execute(sql`select nextval(pg_get_serial_sequence('material_transfers', 'id'))::int as id`)) as unknown as { rows: Array<{ id: number }> };
    const id = Number(rows[0]!.id);
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
    await record(tx, p, transfer, { action: TRANSFER_SEND }, 'transfer.sent', { lineCount: body.lines.length, qtySent });
    return transfer;
  });
  return { transfer: await loadTransferDetail(db, p, created.id), secret: { pin, qr: matQrValue(created.idTbsms, pin) } };
}

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
    return { set: { cancelledAt: now, cancelledBy: p.userId } };
  });
}

/** The sender issues a new PIN for a `new`, unlocked transfer (423 while locked): the old one stops working, the wrong tries start again. */
export async function reissuePin(db: Db, p: Principal, matNo: string): Promise<TransferWithSecret> {
  const pin = newPin();
  const pinHash = hashPassword(pin);
  const transfer = await runStep(db, p, byMatNo(matNo), 'reissue', async () => ({ set: { pinHash, pinFailures: 0 } }));
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
    await record(tx, p, after, { action: TRANSFER_LOCK, from: t.status }, 'transfer.locked');
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
    assertSide(p, t, 'receiver');
    let pin: string;
    let method: 'pin' | 'qr';
    if (body.qr !== undefined) {
      const scanned = parseMatQr(body.qr);
      if (!scanned || scanned.idTbsms !== t.idTbsms) throw new AppError('TRANSFER_QR_INVALID', undefined, [{ path: 'body.qr', message: ERROR_MESSAGES.TRANSFER_QR_INVALID }]);
      [pin, method] = [scanned.pin, 'qr'];
    } else {
      [pin, method] = [body.pin ?? '', 'pin'];
    }
    stepFor(p, t, 'confirm');
    if (!verifyPassword(pin, t.pinHash)) return { refused: await countWrongPin(tx, p, t, method) };
    const after = await commitStep(tx, p, t, 'confirm', { set: { confirmedAt: now, confirmedBy: p.userId }, extra: { method } });
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
    return { set: { finishedAt: now, finishedBy: p.userId }, extra: { qtySent, qtyReceived, qtyShort: qtySent - qtyReceived } };
  });
}

// --- the supervisor's step ---------------------------------------------------------------------

/** An area supervisor (and above) of either store unlocks a transfer 5 wrong PINs locked (409 TRANSFER_NOT_LOCKED if it is not): the tries start again. */
export function unlockTransfer(db: Db, p: Principal, matNo: string): Promise<TransferDetail> {
  return runStep(db, p, byMatNo(matNo), 'unlock', async () => ({ set: { pinFailures: 0, lockedAt: null } }));
}
