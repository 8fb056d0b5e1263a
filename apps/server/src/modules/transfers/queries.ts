import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  hasRoleAtLeast,
  MAT_STATUS,
  matRouteStatusOf,
  ROLE,
  TRANSFER_LIMITS,
  transferActions,
  wibDayAfter,
  wibDayStart,
  type MatStatus,
  type TransferCount,
  type TransferCountQuery,
  type TransferCounts,
  type TransferDetail,
  type TransferDiscrepancyReason,
  type TransferItem,
  type TransferListQuery,
  type TransferListSide,
  type TransferSide,
  type TransferStore,
  type TransferStoresQuery,
  type TransferWatchQuery,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { auditLog, materialTransferItems, materialTransfers, products, stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { readPage, type PageOf } from '../../platform/paging';
import { canSeeStore, type Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore, storeScope } from '../../platform/scope';

type Reader = Db | Tx;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

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


// --- who sees a transfer, and from which side ----------------------------------------------

/**
 * The sides of a transfer the caller is on, from the stores they may see (TRANSFER_FLOW's `side`):
 * an area supervisor (and above) of either store is also the `supervisor`.
 */
export function sidesOf(p: Principal, senderStore: string, receiverStore: string): TransferSide[] {
  const sides: TransferSide[] = [];
  const sender = canSeeStore(p, senderStore);
  const receiver = canSeeStore(p, receiverStore);
  if (sender) sides.push('sender');
  if (receiver) sides.push('receiver');
  if ((sender || receiver) && hasRoleAtLeast(p.roleId, ROLE.AREA_SUPERVISOR)) sides.push('supervisor');
  return sides;
}

/** A transfer is seen by whoever may see its sender or its receiver; anyone else gets 404, as for a missing one. */
export const transferScope = (p: Principal): SQL => or(storeScope(materialTransfers.senderStoreCode, p), storeScope(materialTransfers.receiverStoreCode, p))!;

/** `out` when my (active) store sent it, `in` when it is addressed to my store, else null. */
function listSideOf(p: Principal, senderStore: string, receiverStore: string): TransferListSide | null {
  if (p.activeStoreCode === senderStore) return 'out';
  if (p.activeStoreCode === receiverStore) return 'in';
  return null;
}

// --- the transfer as the screens read it -----------------------------------------------------

const senderStore = alias(stores, 'sender_store');
const receiverStore = alias(stores, 'receiver_store');
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

function selectTransfers(db: Reader) {
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

type TransferListRow = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];

function toItem(p: Principal, r: TransferListRow): TransferItem {
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
    confirmedAt: iso(r.t.confirmedAt),
    finishedAt: iso(r.t.finishedAt),
    cancelledAt: iso(r.t.cancelledAt),
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

// --- lists and counts of my store -------------------------------------------------------------

const term = (q: string | undefined) => (q?.trim() ? `%${escapeLike(q.trim())}%` : null);

/** GET /api/transfers: my store's transfers of one side, newest first, by status, WIB days of sending and number or other store. */
export async function listTransfers(db: Db, p: Principal, q: TransferListQuery): Promise<PageOf<TransferItem>> {
  const storeCode = requireActiveStore(p);
  const text = term(q.q);
  const out = q.side === 'out';
  const mine = out ? eq(materialTransfers.senderStoreCode, storeCode) : eq(materialTransfers.receiverStoreCode, storeCode);
  const other = out ? receiverStore : senderStore;
  const where = and(
    mine,
    q.status === undefined ? undefined : eq(materialTransfers.status, q.status),
    q.startDate ? gte(materialTransfers.createdAt, wibDayStart(q.startDate)) : undefined,
    q.endDate ? lt(materialTransfers.createdAt, wibDayAfter(q.endDate)) : undefined,
    text ? or(ilike(materialTransfers.matNo, text), ilike(other.code, text), ilike(other.name, text)) : undefined,
  );
  return readPage(q, (w) => [
    selectTransfers(db)
      .where(where)
      .orderBy(desc(materialTransfers.createdAt), desc(materialTransfers.id))
      .limit(w.limit)
      .offset(w.offset),
    db
      .select({ n: count() })
      .from(materialTransfers)
      .innerJoin(senderStore, eq(senderStore.code, materialTransfers.senderStoreCode))
      .innerJoin(receiverStore, eq(receiverStore.code, materialTransfers.receiverStoreCode))
      .where(where),
  ], (r) => toItem(p, r));
}

const countOf = (column: AnyColumn, storeCode: string, status: MatStatus) =>
  sql<number>`(count(*) filter (where ${column} = ${storeCode} and ${materialTransfers.status} = ${status}))::int`;

/** GET /api/transfers/count: my store's transfers per status on each side asked for, in one query (a side not asked: null). */
export async function countTransfers(db: Db, p: Principal, q: TransferCountQuery): Promise<TransferCount> {
  const storeCode = requireActiveStore(p);
  if (!q.sender && !q.receiver) return { sender: null, receiver: null };
  const sent = materialTransfers.senderStoreCode;
  const addressed = materialTransfers.receiverStoreCode;
  const [row] = await db
    .select({
      sNew: countOf(sent, storeCode, MAT_STATUS.NEW),
      sProcess: countOf(sent, storeCode, MAT_STATUS.PROCESS),
      sFinish: countOf(sent, storeCode, MAT_STATUS.FINISH),
      sCancel: countOf(sent, storeCode, MAT_STATUS.CANCEL),
      rNew: countOf(addressed, storeCode, MAT_STATUS.NEW),
      rProcess: countOf(addressed, storeCode, MAT_STATUS.PROCESS),
      rFinish: countOf(addressed, storeCode, MAT_STATUS.FINISH),
      rCancel: countOf(addressed, storeCode, MAT_STATUS.CANCEL),
    })
    .from(materialTransfers)
    .where(or(q.sender ? eq(sent, storeCode) : undefined, q.receiver ? eq(addressed, storeCode) : undefined));
  const counts = (n: number, pr: number, f: number, c: number): TransferCounts => ({ totalNew: Number(n), totalProcess: Number(pr), totalFinish: Number(f), totalCancel: Number(c) });
  const r = row ?? { sNew: 0, sProcess: 0, sFinish: 0, sCancel: 0, rNew: 0, rProcess: 0, rFinish: 0, rCancel: 0 };
  return {
    sender: q.sender ? counts(r.sNew, r.sProcess, r.sFinish, r.sCancel) : null,
    receiver: q.receiver ? counts(r.rNew, r.rProcess, r.rFinish, r.rCancel) : null,
  };
}

/** GET /api/transfers/stores: the stores of the chain other than mine, by code or name, ordered by code. */
export async function listTransferStores(db: Db, p: Principal, q: TransferStoresQuery): Promise<PageOf<TransferStore>> {
  const storeCode = requireActiveStore(p);
  const text = `%${escapeLike(q.q.trim())}%`;
  const where = and(ne(stores.code, storeCode), or(ilike(stores.code, text), ilike(stores.name, text)));
  return readPage(q, (w) => [
    db
      .select({ storeCode: stores.code, storeName: stores.name, kelurahan: stores.kelurahan, kecamatan: stores.kecamatan, city: stores.city })
      .from(stores)
      .where(where)
      .orderBy(asc(stores.code))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(stores).where(where),
  ]);
}

// --- what the kepala toko and the area supervisor watch ---------------------------------------

/** A finished transfer with a line received short. */
const hasShortLine = sql`exists (select 1 from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id} and i.qty_received < i.qty_sent)`;

/**
 * The transfers of the stores the caller sees that match `what`, newest first by `at`; with
 * `storeCode`, only that store's (a store the caller cannot see: 404).
 */
async function watchList(db: Db, p: Principal, q: TransferWatchQuery, what: SQL, at: AnyColumn): Promise<PageOf<TransferItem>> {
  if (q.storeCode !== undefined) assertStoreVisible(p, q.storeCode);
  const where = and(
    transferScope(p),
    q.storeCode === undefined ? undefined : or(eq(materialTransfers.senderStoreCode, q.storeCode), eq(materialTransfers.receiverStoreCode, q.storeCode)),
    what,
  );
  return readPage(q, (w) => [
    selectTransfers(db)
      .where(where)
      .orderBy(desc(at), desc(materialTransfers.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(materialTransfers).where(where),
  ], (r) => toItem(p, r));
}

/** GET /api/transfers/discrepancies: finished transfers with units short, newest finished first. */
export function listDiscrepancies(db: Db, p: Principal, q: TransferWatchQuery): Promise<PageOf<TransferItem>> {
  return watchList(db, p, q, and(eq(materialTransfers.status, MAT_STATUS.FINISH), hasShortLine)!, materialTransfers.finishedAt);
}

/** GET /api/transfers/locked: transfers waiting for their receiver that 5 wrong PINs locked, newest lock first. */
export function listLocked(db: Db, p: Principal, q: TransferWatchQuery): Promise<PageOf<TransferItem>> {
  return watchList(db, p, q, and(eq(materialTransfers.status, MAT_STATUS.NEW), isNotNull(materialTransfers.lockedAt))!, materialTransfers.lockedAt);
}
