import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  MAT_STATUS,
  wibDayAfter,
  wibDayStart,
  type MatStatus,
  type TransferCount,
  type TransferCountQuery,
  type TransferCounts,
  type TransferItem,
  type TransferListQuery,
  type TransferStore,
  type TransferStoresQuery,
  type TransferWatchQuery,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { escapeLike, likeTerm } from '../../db/like';
import { materialTransferItems, materialTransfers, stores } from '../../db/schema';
import { type Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore } from '../../platform/scope';
import { readPage, type PageOf } from '../../platform/paging';
import { transferScope } from './access';
import { receiverStore, selectTransfers, senderStore, toItem } from './views';

// The transfer lists and counts of my store, and what the kepala toko and the area supervisor watch.


/** GET /api/transfers: my store's transfers of one side, newest first, by status, WIB days of sending and number or other store. */
export async function listTransfers(db: Db, p: Principal, q: TransferListQuery): Promise<PageOf<TransferItem>> {
  const storeCode = requireActiveStore(p);
  const text = likeTerm(q.q);
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
