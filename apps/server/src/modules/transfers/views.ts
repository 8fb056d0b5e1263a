// A transfer as the screens read it: its audit names, one row shape, its item and detail, its history.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MAT_STATUS,
  matRouteStatusOf,
  TRANSFER_LIMITS,
  transferActions,
  type MatStatus,
  type TransferDetail,
  type TransferDiscrepancyReason,
  type TransferItem,
} from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { auditLog, materialTransferItems, materialTransfers, products, stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Principal } from '../../platform/principal';
import { listSideOf, sidesOf, transferScope } from './access';
import { isoOrNull } from '../../platform/iso';

/** The audit entity of a transfer's steps (entityId: its matNo): its history is read back from the audit log. */
export const TRANSFER_ENTITY = 'transfer';
/**
 * Audit actions besides TRANSFER_FLOW's step names: the transfer sent, a wrong PIN (counted, the
 * transfer unchanged otherwise) and the try that locked it.
 */
export const TRANSFER_SEND = 'send';
export const TRANSFER_PIN_WRONG = 'pin_wrong';
export const TRANSFER_LOCK = 'lock';
/** The ledger ref of a transfer's stock movements. */
export const transferRef = (id: number) => `mat:${id}`;

/**
 * Locked as the screens and events say it: wrong PINs locked it and it still waits for its receiver.
 * A transfer cancelled while locked keeps its lockedAt (what happened) but is no longer "locked".
 */
export const isLocked = (t: { lockedAt: Date | null; status: string }) => t.lockedAt !== null && t.status === MAT_STATUS.NEW;

export const senderStore = alias(stores, 'sender_store');
export const receiverStore = alias(stores, 'receiver_store');
const actor = alias(users, 'actor');

/**
 * The lines' sums, each one index lookup on the items' primary key (transfer_id, product_id):
 * a page of transfers never reads other transfers' lines.
 */
const itemSums = {
  lineCount: sql<number>`(select count(*) from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id})::int`,
  qtySent: sql<number>`(select coalesce(sum(i.qty_sent), 0) from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id})::int`,
  qtyReceived: sql<number | null>`(select sum(i.qty_received) from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id})::int`,
};

export function selectTransfers(db: Reader) {
  return db
    .select({
      t: materialTransfers,
      sender: { code: senderStore.code, name: senderStore.name },
      receiver: { code: receiverStore.code, name: receiverStore.name },
      ...itemSums,
    })
    .from(materialTransfers)
    .innerJoin(senderStore, eq(senderStore.code, materialTransfers.senderStoreCode))
    .innerJoin(receiverStore, eq(receiverStore.code, materialTransfers.receiverStoreCode));
}

export type TransferListRow = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];

export function toItem(p: Principal, r: TransferListRow): TransferItem {
  const status = r.t.status as MatStatus;
  const finished = status === MAT_STATUS.FINISH;
  const qtySent = Number(r.qtySent);
  const qtyReceived = finished ? Number(r.qtyReceived ?? 0) : null;
  return {
    matNo: r.t.matNo,
    matStoreNo: r.t.matNo,
    idTbsms: r.t.idTbsms,
    matStatus: status,
    matStoreStatus: matRouteStatusOf(status),
    sender: { storeCode: r.sender.code, storeName: r.sender.name },
    receiver: { storeCode: r.receiver.code, storeName: r.receiver.name },
    side: listSideOf(p, r.t.senderStoreCode, r.t.receiverStoreCode),
    lineCount: Number(r.lineCount),
    qtySent,
    qtyReceived,
    qtyShort: qtyReceived === null ? 0 : qtySent - qtyReceived,
    locked: isLocked(r.t),
    createdAt: r.t.createdAt.toISOString(),
    confirmedAt: isoOrNull(r.t.confirmedAt),
    finishedAt: isoOrNull(r.t.finishedAt),
    cancelledAt: isoOrNull(r.t.cancelledAt),
  };
}

/**
 * The steps taken, oldest first, from the transfer's audit rows (every step writes one, wrong PINs
 * too; actors' names joined). A transfer recorded without one (the demo's) starts from its creation.
 */
async function historyOf(db: Reader, t: typeof materialTransfers.$inferSelect): Promise<TransferDetail['history']> {
  const rows = await db
    .select({ action: auditLog.action, at: auditLog.createdAt, actorName: actor.name, note: auditLog.reason })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, TRANSFER_ENTITY), eq(auditLog.entityId, t.matNo)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const steps = rows.map((h) => ({ action: h.action, at: h.at.toISOString(), actorName: h.actorName ?? '', note: h.note ?? null }));
  if (!steps.some((s) => s.action === TRANSFER_SEND)) {
    const [creator] = t.createdBy === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, t.createdBy)).limit(1);
    steps.unshift({ action: TRANSFER_SEND, at: t.createdAt.toISOString(), actorName: creator?.name ?? '', note: null });
  }
  return steps;
}

async function toDetail(db: Reader, p: Principal, r: TransferListRow): Promise<TransferDetail> {
  const t = r.t;
  const people = [t.createdBy, t.confirmedBy, t.finishedBy].filter((id): id is number => id !== null);
  const [lines, names, history] = await Promise.all([
    db
      .select({ item: materialTransferItems, name: products.name, barcode: products.ean13, imageUrl: products.imageUrl, unit: products.unit })
      .from(materialTransferItems)
      .leftJoin(products, eq(products.productId, materialTransferItems.productId))
      .where(eq(materialTransferItems.transferId, t.id))
      .orderBy(asc(products.name), asc(materialTransferItems.productId)),
    people.length > 0 ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)) : Promise.resolve([]),
    historyOf(db, t),
  ]);
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const named = (id: number | null) => (id === null ? null : (nameOf.get(id) ?? null));
  const item = toItem(p, r);
  const sides = sidesOf(p, t.senderStoreCode, t.receiverStoreCode);
  return {
    ...item,
    lines: lines.map((l) => ({
      productId: l.item.productId,
      barcode: l.barcode ?? '',
      name: l.name ?? l.item.productId,
      imageUrl: l.imageUrl ?? null,
      unit: l.unit ?? 'pcs',
      qtySent: l.item.qtySent,
      qtyReceived: l.item.qtyReceived,
      reason: (l.item.discrepancyReason as TransferDiscrepancyReason | null) ?? null,
      note: l.item.discrepancyNote,
    })),
    note: t.note,
    createdByName: named(t.createdBy),
    confirmedByName: named(t.confirmedBy),
    finishedByName: named(t.finishedBy),
    pinTriesLeft: Math.max(0, TRANSFER_LIMITS.pinMaxTries - t.pinFailures),
    actions: transferActions(item.matStatus, item.locked, sides),
    viewerSides: sides,
    history,
  };
}

/** A transfer the caller has just changed (its scope was checked by the change), read for the caller. */
export async function loadTransferDetail(db: Reader, p: Principal, id: number): Promise<TransferDetail> {
  const [row] = await selectTransfers(db).where(eq(materialTransfers.id, id)).limit(1);
  if (!row) throw new Error(`transfer ${id} vanished`);
  return toDetail(db, p, row);
}

/** GET /api/transfers/:matNo and /by-tbsms/:idTbsms: a transfer the caller may see from either side. */
export async function getTransferDetail(db: Db, p: Principal, by: { matNo: string } | { idTbsms: string }): Promise<TransferDetail> {
  const key = 'matNo' in by ? eq(materialTransfers.matNo, by.matNo) : eq(materialTransfers.idTbsms, by.idTbsms);
  const [row] = await selectTransfers(db)
    .where(and(key, transferScope(p)))
    .limit(1);
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  return toDetail(db, p, row);
}
