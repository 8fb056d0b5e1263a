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
import { containsValue, containsWord, isPairWord, isShortWord, likeTerm, PAIR_WALK_FROM, piecesCountOf, piecesHold } from '../../db/like';
import { preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { fieldPieces, materialTransferItems, materialTransfers, stores, storeSearchPairs } from '../../db/schema';
import { type Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore } from '../../platform/scope';
import { emptyPage, readPage, readPageByCount, type PageOf } from '../../platform/paging';
import { transferInScope } from './access';
import { receiverStore, selectTransfers, senderStore, toItem } from './views';

// The transfer lists and counts of my store, and what the kepala toko and the area supervisor watch.


/**
 * My store's list as a shape of one letter each (`o` sent by it, else addressed to it; status, from,
 * to, text): each shape is one prepared statement (db/prepared.ts). The count joins the other store
 * only to search it: each transfer has exactly one sender and one receiver (foreign keys).
 */
function listWhere(shape: string): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  const other = has('o') ? receiverStore : senderStore;
  const text = sql.placeholder('text');
  return and(
    eq(has('o') ? materialTransfers.senderStoreCode : materialTransfers.receiverStoreCode, sql.placeholder('storeCode')),
    has('u') ? eq(materialTransfers.status, sql.placeholder('status')) : undefined,
    has('f') ? gte(materialTransfers.createdAt, sql.placeholder('from')) : undefined,
    has('e') ? lt(materialTransfers.createdAt, sql.placeholder('to')) : undefined,
    has('q') ? or(ilike(materialTransfers.matNo, text), ilike(other.code, text), ilike(other.name, text)) : undefined,
  );
}

const listPage = preparedRead('transfer_list', (db, shape: string, as) =>
  selectTransfers(db)
    .where(listWhere(shape))
    .orderBy(desc(materialTransfers.createdAt), desc(materialTransfers.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
const listCount = preparedRead('transfer_list_n', (db, shape: string, as) => {
  const counted = db.select({ n: count() }).from(materialTransfers);
  if (!shape.includes('q')) return counted.where(listWhere(shape)).prepare(as);
  const other = shape.includes('o') ? receiverStore : senderStore;
  const otherCode = shape.includes('o') ? materialTransfers.receiverStoreCode : materialTransfers.senderStoreCode;
  return counted.innerJoin(other, eq(other.code, otherCode)).where(listWhere(shape)).prepare(as);
});

/** GET /api/transfers: my store's transfers of one side, newest first, by status, WIB days of sending and number or other store. */
export async function listTransfers(db: Db, p: Principal, q: TransferListQuery): Promise<PageOf<TransferItem>> {
  const storeCode = requireActiveStore(p);
  const text = likeTerm(q.q);
  const shape = [q.side === 'out' && 'o', q.status !== undefined && 'u', q.startDate && 'f', q.endDate && 'e', text && 'q'].filter(Boolean).join('');
  const values = {
    storeCode,
    status: q.status,
    from: q.startDate ? wibDayStart(q.startDate) : undefined,
    to: q.endDate ? wibDayAfter(q.endDate) : undefined,
    text,
  };
  return readPage(q, (w) => [listPage(db, shape).execute({ ...values, ...w }), listCount(db, shape).execute(values)], (r) => toItem(p, r));
}

const countOf = (column: AnyColumn, status: MatStatus) =>
  sql<number>`(count(*) filter (where ${column} = ${sql.placeholder('storeCode')} and ${materialTransfers.status} = ${status}))::int`;

/** Shape: `s` my store as sender asked for, `r` as receiver. */
const transferCounts = preparedRead('transfer_counts', (db, shape: string, as) => {
  const sent = materialTransfers.senderStoreCode;
  const addressed = materialTransfers.receiverStoreCode;
  return db
    .select({
      sNew: countOf(sent, MAT_STATUS.NEW),
      sProcess: countOf(sent, MAT_STATUS.PROCESS),
      sFinish: countOf(sent, MAT_STATUS.FINISH),
      sCancel: countOf(sent, MAT_STATUS.CANCEL),
      rNew: countOf(addressed, MAT_STATUS.NEW),
      rProcess: countOf(addressed, MAT_STATUS.PROCESS),
      rFinish: countOf(addressed, MAT_STATUS.FINISH),
      rCancel: countOf(addressed, MAT_STATUS.CANCEL),
    })
    .from(materialTransfers)
    .where(or(shape.includes('s') ? eq(sent, sql.placeholder('storeCode')) : undefined, shape.includes('r') ? eq(addressed, sql.placeholder('storeCode')) : undefined))
    .prepare(as);
});

/** GET /api/transfers/count: my store's transfers per status on each side asked for, in one query (a side not asked: null). */
export async function countTransfers(db: Db, p: Principal, q: TransferCountQuery): Promise<TransferCount> {
  const storeCode = requireActiveStore(p);
  if (!q.sender && !q.receiver) return { sender: null, receiver: null };
  const [row] = await transferCounts(db, (q.sender ? 's' : '') + (q.receiver ? 'r' : '')).execute({ storeCode });
  const counts = (n: number, pr: number, f: number, c: number): TransferCounts => ({ totalNew: Number(n), totalProcess: Number(pr), totalFinish: Number(f), totalCancel: Number(c) });
  const r = row ?? { sNew: 0, sProcess: 0, sFinish: 0, sCancel: 0, rNew: 0, rProcess: 0, rFinish: 0, rCancel: 0 };
  return {
    sender: q.sender ? counts(r.sNew, r.sProcess, r.sFinish, r.sCancel) : null,
    receiver: q.receiver ? counts(r.rNew, r.rProcess, r.rFinish, r.rCancel) : null,
  };
}

/**
 * The stores but mine whose name or code contains the text, in shapes because a prepared read's generic
 * plan cannot see the text (db/like.ts): `w` (too short for a trigram): the stores are tested in code order
 * for the page, and the count is a plain scan; `p` (a two-letter word few stores hold): found from the
 * code and name pieces' index, its count (`transfer_pair_n`) read from the pieces' counts. Otherwise the
 * trigram indexes find the matches. `offset 0` keeps the matches of `p` and the trigram shape a subquery
 * sorted by code, never a walk of every store in code order for a rare match.
 */
type StoresShape = '' | 'w' | 'p';
function storesWhere(shape: StoresShape): SQL | undefined {
  const text = sql.placeholder('text');
  const contains = (column: AnyColumn) => containsWord(column, text, shape === 'w');
  const word = shape === 'p' ? piecesHold(fieldPieces(stores.code, stores.name), text) : or(contains(stores.name), contains(stores.code));
  return and(ne(stores.code, sql.placeholder('mine')), word);
}

const storeFields = { storeCode: stores.code, storeName: stores.name, kelurahan: stores.kelurahan, kecamatan: stores.kecamatan, city: stores.city };
const storesPage = preparedRead('transfer_stores', (db, shape: StoresShape, as) => {
  if (shape === 'w') return db.select(storeFields).from(stores).where(storesWhere(shape)).orderBy(asc(stores.code)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(as);
  const matched = db.select(storeFields).from(stores).where(storesWhere(shape)).offset(sql.placeholder('fence')).as('matched');
  return db.select().from(matched).orderBy(asc(matched.storeCode)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(as);
});
const storesCount = preparedRead('transfer_stores_n', (db, shape: StoresShape, as) => db.select({ n: count() }).from(stores).where(storesWhere(shape)).prepare(as));
/** The chain's stores whose code or name holds a two-letter word, less mine if it does: one row of the pieces' counts. */
const pairCount = preparedRead('transfer_pair_n', (db, _shape: '', as) =>
  db
    .select({ n: sql<number>`${storeSearchPairs.stores} - (select count(*) from ${stores} where ${stores.code} = ${sql.placeholder('mine')} and ${piecesHold(fieldPieces(stores.code, stores.name), sql.placeholder('text'))})` })
    .from(storeSearchPairs)
    .where(piecesCountOf('code_name'))
    .prepare(as),
);

/** GET /api/transfers/stores: the stores of the chain other than mine, by code or name, ordered by code. */
export async function listTransferStores(db: Db, p: Principal, q: TransferStoresQuery, walkFrom = PAIR_WALK_FROM): Promise<PageOf<TransferStore>> {
  const mine = requireActiveStore(p);
  const text = q.q.trim();
  if (isPairWord(text)) {
    const values = { mine, text, fence: 0 };
    return readPageByCount(
      q,
      () => pairCount(db, '').execute({ mine, text }),
      (total, w) => storesPage(db, total >= walkFrom ? 'w' : 'p').execute({ ...values, ...w }),
    );
  }
  const shape = isShortWord(text) ? 'w' : '';
  const values = { mine, text: containsValue(text, shape === 'w'), fence: 0 };
  return readPage(q, (w) => [storesPage(db, shape).execute({ ...values, ...w }), storesCount(db, shape).execute(values)]);
}

// --- what the kepala toko and the area supervisor watch ---------------------------------------

/** A finished transfer with a line received short. */
const hasShortLine = sql`exists (select 1 from ${materialTransferItems} i where i.transfer_id = ${materialTransfers.id} and i.qty_received < i.qty_sent)`;

/**
 * The transfers of the stores the caller sees that match `what`, newest first by `at`, as a prepared
 * read per shape (`s` a scope of some stores, `c` one store named: its transfers of either side).
 */
function watchReads(name: string, what: () => SQL, at: AnyColumn) {
  const where = (shape: string) =>
    and(
      shape.includes('s') ? transferInScope() : undefined,
      shape.includes('c') ? or(eq(materialTransfers.senderStoreCode, sql.placeholder('storeCode')), eq(materialTransfers.receiverStoreCode, sql.placeholder('storeCode'))) : undefined,
      what(),
    );
  const page = preparedRead(name, (db, shape: string, as) =>
    selectTransfers(db)
      .where(where(shape))
      .orderBy(desc(at), desc(materialTransfers.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(as),
  );
  const total = preparedRead(`${name}_n`, (db, shape: string, as) => db.select({ n: count() }).from(materialTransfers).where(where(shape)).prepare(as));
  /** With `storeCode`, only that store's (a store the caller cannot see: 404); a caller without stores reads nothing. */
  return async (db: Db, p: Principal, q: TransferWatchQuery): Promise<PageOf<TransferItem>> => {
    if (q.storeCode !== undefined) assertStoreVisible(p, q.storeCode);
    const scope = scopeKind(p);
    if (scope === 'none') return emptyPage(q);
    const shape = [scope === 'some' && 's', q.storeCode !== undefined && 'c'].filter(Boolean).join('');
    const values = { stores: scopeValue(p), storeCode: q.storeCode };
    return readPage(q, (w) => [page(db, shape).execute({ ...values, ...w }), total(db, shape).execute(values)], (r) => toItem(p, r));
  };
}

/** GET /api/transfers/discrepancies: finished transfers with units short, newest finished first. */
export const listDiscrepancies = watchReads('transfer_discrepancies', () => and(eq(materialTransfers.status, MAT_STATUS.FINISH), hasShortLine)!, materialTransfers.finishedAt);

/** GET /api/transfers/locked: transfers waiting for their receiver that 5 wrong PINs locked, newest lock first. */
export const listLocked = watchReads('transfer_locked', () => and(eq(materialTransfers.status, MAT_STATUS.NEW), isNotNull(materialTransfers.lockedAt))!, materialTransfers.lockedAt);
