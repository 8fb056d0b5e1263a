// A transfer as the screens read it: its audit names, one row shape, its item and detail, its history.
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
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
import { preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { auditLog, materialTransferItems, materialTransfers, products, stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Principal } from '../../platform/principal';
import { listSideOf, sidesOf, transferInScope } from './access';
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
const creator = alias(users, 'creator');
const confirmer = alias(users, 'confirmer');
const finisher = alias(users, 'finisher');

/**
 * The lines' sums, each one index lookup on the items' primary key (transfer_id, product_id):
 * a page of transfers never reads other transfers' lines.
 */
const itemSums = {
  lineCount: sql<number>`(select count(*) from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id})::int`,
  qtySent: sql<number>`(select coalesce(sum(i.qty_sent), 0) from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id})::int`,
  qtyReceived: sql<number | null>`(select sum(i.qty_received) from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id})::int`,
};

const transferFields = {
  t: materialTransfers,
  sender: { code: senderStore.code, name: senderStore.name },
  receiver: { code: receiverStore.code, name: receiverStore.name },
  ...itemSums,
};

/** A transfer with its stores and line sums; `extra` columns for a read that joins more (the detail's people). */
export function selectTransfers<E extends SelectedFields>(db: Reader, extra = {} as E) {
  return db
    .select({ ...transferFields, ...extra })
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
 * A transfer with the names of who sent, confirmed and finished it joined, so the detail needs no
 * second read of users. Shape: the key (`i` id, `m` matNo, `t` idTbsms) and `s` for a scope of stores.
 */
const detailRow = preparedRead('transfer_detail', (db, shape: string, as) =>
  selectTransfers(db, { createdByName: creator.name, confirmedByName: confirmer.name, finishedByName: finisher.name })
    .leftJoin(creator, eq(creator.id, materialTransfers.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, materialTransfers.confirmedBy))
    .leftJoin(finisher, eq(finisher.id, materialTransfers.finishedBy))
    .where(
      and(
        shape.includes('m')
          ? eq(materialTransfers.matNo, sql.placeholder('key'))
          : shape.includes('t')
            ? eq(materialTransfers.idTbsms, sql.placeholder('key'))
            : eq(materialTransfers.id, sql.placeholder('key')),
        shape.includes('s') ? transferInScope() : undefined,
      ),
    )
    .limit(1)
    .prepare(as),
);

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailRow>['execute']>>[number];

const linesOf = preparedRead('transfer_lines', (db, _shape: '', as) =>
  db
    .select({ item: materialTransferItems, name: products.name, barcode: products.ean13, imageUrl: products.imageUrl, unit: products.unit })
    .from(materialTransferItems)
    .leftJoin(products, eq(products.productId, materialTransferItems.productId))
    .where(eq(materialTransferItems.transferId, sql.placeholder('id')))
    .orderBy(asc(products.name), asc(materialTransferItems.productId))
    .prepare(as),
);

const historyRows = preparedRead('transfer_history', (db, _shape: '', as) =>
  db
    .select({ action: auditLog.action, at: auditLog.createdAt, actorName: actor.name, note: auditLog.reason })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, TRANSFER_ENTITY), eq(auditLog.entityId, sql.placeholder('matNo'))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .prepare(as),
);

/**
 * The steps taken, oldest first, from the transfer's audit rows (every step writes one, wrong PINs
 * too; actors' names joined). A transfer recorded without one (the demo's) starts from its creation.
 */
async function historyOf(db: Db, r: DetailRow): Promise<TransferDetail['history']> {
  const rows = await historyRows(db, '').execute({ matNo: r.t.matNo });
  const steps = rows.map((h) => ({ action: h.action, at: h.at.toISOString(), actorName: h.actorName ?? '', note: h.note ?? null }));
  if (!steps.some((s) => s.action === TRANSFER_SEND)) steps.unshift({ action: TRANSFER_SEND, at: r.t.createdAt.toISOString(), actorName: r.createdByName ?? '', note: null });
  return steps;
}

async function toDetail(db: Db, p: Principal, r: DetailRow): Promise<TransferDetail> {
  const t = r.t;
  const [lines, history] = await Promise.all([linesOf(db, '').execute({ id: t.id }), historyOf(db, r)]);
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
    createdByName: r.createdByName,
    confirmedByName: r.confirmedByName,
    finishedByName: r.finishedByName,
    pinTriesLeft: Math.max(0, TRANSFER_LIMITS.pinMaxTries - t.pinFailures),
    actions: transferActions(item.matStatus, item.locked, sides),
    viewerSides: sides,
    history,
  };
}

/** A transfer the caller has just changed (its scope was checked by the change, which has committed), read for the caller. */
export async function loadTransferDetail(db: Db, p: Principal, id: number): Promise<TransferDetail> {
  const [row] = await detailRow(db, 'i').execute({ key: id });
  if (!row) throw new Error(`transfer ${id} vanished`);
  return toDetail(db, p, row);
}

/** GET /api/transfers/:matNo and /by-tbsms/:idTbsms: a transfer the caller may see from either side. */
export async function getTransferDetail(db: Db, p: Principal, by: { matNo: string } | { idTbsms: string }): Promise<TransferDetail> {
  const scope = scopeKind(p);
  // No store to see: no transfer either (as storeScope's `false`).
  if (scope === 'none') throw new AppError('TRANSFER_NOT_FOUND');
  const shape = ('matNo' in by ? 'm' : 't') + (scope === 'some' ? 's' : '');
  const [row] = await detailRow(db, shape).execute({ key: 'matNo' in by ? by.matNo : by.idTbsms, stores: scopeValue(p) });
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  return toDetail(db, p, row);
}
