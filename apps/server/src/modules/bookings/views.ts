// A booking as the screens read it: one row shape, its item and detail, its history from the audit log.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUS,
  BOOKING_STATUS_WITHOUT_TAKER,
  bookingActions,
  STORE_PROXIMITY,
  type BookingDetail,
  type BookingItem,
  type BookingStatusId,
} from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { auditLog, orders, products, stockBookingDetails, stockBookings, stores, users } from '../../db/schema';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { AppError } from '../../platform/errors';
import { canSeeStore, type Principal } from '../../platform/principal';
import { bookingOrRefusedInScope, directionOf, sidesOf } from './access';
import { proximityOf, storeDistanceM } from '../stock';
import { isoOrNull } from '../../platform/iso';

/** The audit entity of a booking's steps: its history is read back from the audit log. */
export const BOOKING_ENTITY = 'booking';
/** The audit action of a new booking; the steps use BOOKING_FLOW's action names. */
export const BOOKING_REQUEST = 'request';
/** The ledger ref of a booking's stock movements. */
export const bookingRef = (bookID: number) => `booking:${bookID}`;

const orderingStore = alias(stores, 'ordering_store');
const servingStore = alias(stores, 'serving_store');
const actor = alias(users, 'actor');
const creator = alias(users, 'creator');

/**
 * A booking's order, looked up by its id for each booking row. A lateral subquery with a LIMIT
 * is never flattened into a join, so it stays a lookup on orders_pkey: as a plain join the planner,
 * going by statistics of a small table whose newest rows point at the newest orders (past the
 * histogram it knows), merge-joined one booking with the whole orders index — seconds at 2
 * million orders (bench/day-explain.ts).
 */
export function bookingOrderOf(db: Reader) {
  return db
    .select({ shipmentNo: orders.shipmentNo, orderNo: orders.orderNo, statusId: orders.statusId })
    .from(orders)
    .where(eq(orders.id, stockBookings.orderId))
    .limit(1)
    .as('booking_order');
}

/** The bookings with their order, product and stores; `extra` adds columns (the detail's creator). */
export function selectBookings<E extends Record<string, SQL.Aliased>>(db: Reader, extra = {} as E) {
  const order = bookingOrderOf(db);
  return db
    .select({
      ...extra,
      b: stockBookings,
      d: stockBookingDetails,
      shipmentNo: order.shipmentNo,
      orderNo: order.orderNo,
      orderStatusId: order.statusId,
      productName: products.name,
      productBarcode: products.ean13,
      imageUrl: products.imageUrl,
      ordering: orderingStore,
      serving: servingStore,
    })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoinLateral(order, sql`true`)
    .innerJoin(orderingStore, eq(orderingStore.code, stockBookings.storeCode))
    .innerJoin(servingStore, eq(servingStore.code, stockBookingDetails.storeCode))
    .leftJoin(products, eq(products.productId, stockBookings.productId));
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings<Record<never, never>>>['execute']>>[number];

/** How the detail reads what it adds to the row: prepared on the pool, plain in a transaction. */
interface DetailReads {
  refusers(codes: string[]): Promise<Array<typeof stores.$inferSelect>>;
  history(bookID: number): Promise<Array<{ action: string; at: Date; actorName: string | null; note: string | null }>>;
  creatorName(r: BookingRow): Promise<string | null>;
}

export function toItem(p: Principal, r: BookingRow): BookingItem {
  const status = r.d.status as BookingStatusId;
  // The spec's "-": no taker while waiting or refused, whatever the row kept.
  const noTaker = BOOKING_STATUS_WITHOUT_TAKER.includes(status);
  return {
    bookID: r.b.id,
    bookDetID: r.d.id,
    bookingNo: r.b.bookingNo,
    shipmentNo: r.shipmentNo,
    orderNo: r.orderNo,
    productId: r.b.productId,
    productName: r.productName ?? r.b.productId,
    barcode: r.productBarcode ?? '',
    imageUrl: r.imageUrl ?? null,
    qtyOos: r.b.qtyOos,
    storeCode: r.b.storeCode,
    storeName: r.ordering.name,
    offeredTo: { storeCode: r.serving.code, storeName: r.serving.name },
    latitude: r.serving.latitude,
    longitude: r.serving.longitude,
    distanceM: storeDistanceM(r.ordering, r.serving),
    isKelurahan: r.b.isKelurahan,
    status,
    storeTaken: noTaker ? null : r.d.storeTaken,
    stockTaken: noTaker ? null : r.d.stockTaken,
    cancelled: r.b.cancelledAt !== null,
    direction: directionOf(p, r.b.storeCode, r.d.storeCode),
    createdAt: r.b.createdAt.toISOString(),
    updatedAt: r.b.updatedAt.toISOString(),
  };
}

const place = (s: typeof stores.$inferSelect) => ({
  storeCode: s.code,
  storeName: s.name,
  address: s.address,
  kelurahan: s.kelurahan,
  kecamatan: s.kecamatan,
  phone: s.phone,
  latitude: s.latitude,
  longitude: s.longitude,
});

const historySelect = (db: Reader) =>
  db
    .select({ action: auditLog.action, at: auditLog.createdAt, actorName: actor.name, note: auditLog.reason })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .$dynamic();

/** Reads in a transaction (loadBookingDetail): built per call, the creator looked up when needed. */
const plainReads = (db: Reader): DetailReads => ({
  refusers: (codes) => db.select().from(stores).where(inArray(stores.code, codes)),
  history: (bookID) => historySelect(db).where(and(eq(auditLog.entity, BOOKING_ENTITY), eq(auditLog.entityId, String(bookID)))),
  creatorName: async (r) => {
    const [c] = r.b.createdBy === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, r.b.createdBy)).limit(1);
    return c?.name ?? null;
  },
});

/** The booking's audit rows (its steps), actors' names joined. */
const historyRows = preparedRead('booking_history', (db, _shape: '', as) =>
  historySelect(db)
    .where(and(eq(auditLog.entity, BOOKING_ENTITY), eq(auditLog.entityId, sql.placeholder('id'))))
    .prepare(as),
);

/** The stores that refused a booking, as one array value. */
const refuserRows = preparedRead('booking_refusers', (db, _shape: '', as) => db.select().from(stores).where(inScope(stores.code, 'codes')).prepare(as));

/** Reads on the pool: prepared, the creator's name already joined into the row. */
const preparedReads = (db: Db): DetailReads => ({
  refusers: (codes) => refuserRows(db, '').execute({ codes }),
  history: (bookID) => historyRows(db, '').execute({ id: String(bookID) }),
  creatorName: async (r) => ('creatorName' in r ? (r.creatorName as string | null) : null),
});

/**
 * The steps taken, oldest first, from the audit rows of the booking (every step writes one, actors'
 * names joined). A booking recorded without one (the demo's) starts from its own creation.
 */
async function historyOf(reads: DetailReads, r: BookingRow): Promise<BookingDetail['history']> {
  const rows = await reads.history(r.b.id);
  const steps = rows.map((h) => ({ action: h.action, at: h.at.toISOString(), actorName: h.actorName ?? null, note: h.note ?? null }));
  if (!steps.some((s) => s.action === BOOKING_REQUEST)) {
    steps.unshift({ action: BOOKING_REQUEST, at: r.b.createdAt.toISOString(), actorName: await reads.creatorName(r), note: null });
  }
  return steps;
}

async function toDetail(reads: DetailReads, p: Principal, r: BookingRow): Promise<BookingDetail> {
  const refused = r.d.refusedBy;
  const sides = sidesOf(p, r.b.storeCode, r.d.storeCode);
  const [refusers, history] = await Promise.all([
    refused.length > 0 ? reads.refusers(refused) : Promise.resolve([]),
    historyOf(reads, r),
  ]);
  const storeOf = new Map(refusers.map((s) => [s.code, s]));
  const item = toItem(p, r);
  const detail: BookingDetail = {
    ...item,
    lineId: r.b.lineId,
    orderStatusId: r.orderStatusId,
    orderingStore: place(r.ordering),
    servingStore: place(r.serving),
    refusedBy: refused.map((code) => ({ storeCode: code, storeName: storeOf.get(code)?.name ?? code })),
    refuseReason: r.d.refuseReason,
    takenAt: isoOrNull(r.d.takenAt),
    receivedAt: isoOrNull(r.d.receivedAt),
    cancelledAt: isoOrNull(r.b.cancelledAt),
    actions: item.cancelled ? [] : bookingActions(item.status, sides),
    history,
    refusedByMe: false,
  };
  if (sides.length > 0) return detail;
  // On neither side: a store that refused it, reading it as it was when it refused (bookingOrRefusedInScope).
  const mineAt = refused.findIndex((code) => code === p.activeStoreCode);
  const at = mineAt >= 0 ? mineAt : refused.findIndex((code) => canSeeStore(p, code));
  const mine = storeOf.get(refused[at] ?? '');
  if (!mine) throw new AppError('BOOKING_NOT_FOUND');
  return asRefusedBy(detail, mine, at, storeDistanceM(r.ordering, mine), proximityOf(r.ordering, mine) === STORE_PROXIMITY.KELURAHAN);
}

/**
 * The booking as the `at`-th store that refused it saw it then: addressed to it, refused with its own
 * reason, its history up to its refusal. Whom it was offered to next, who took it and whether it was
 * cancelled are the other stores' business (decision 88: another store's data is never shown).
 */
function asRefusedBy(d: BookingDetail, store: typeof stores.$inferSelect, at: number, distanceM: number, isKelurahan: boolean): BookingDetail {
  let refusals = 0;
  const until = d.history.findIndex((h) => h.action === 'refuse' && refusals++ === at);
  const history = until >= 0 ? d.history.slice(0, until + 1) : d.history.filter((h) => h.action === BOOKING_REQUEST);
  const own = place(store);
  return {
    ...d,
    offeredTo: { storeCode: own.storeCode, storeName: own.storeName },
    servingStore: own,
    latitude: own.latitude,
    longitude: own.longitude,
    distanceM,
    isKelurahan,
    status: BOOKING_STATUS.REFUSED,
    storeTaken: null,
    stockTaken: null,
    cancelled: false,
    direction: 'in',
    refusedBy: d.refusedBy.slice(0, at + 1),
    refuseReason: until >= 0 ? (history[until]!.note ?? null) : null,
    takenAt: null,
    receivedAt: null,
    cancelledAt: null,
    actions: [],
    history,
    updatedAt: until >= 0 ? history[until]!.at : d.createdAt,
    refusedByMe: true,
  };
}

/** A booking the caller has just changed (its scope was checked by the change), read for the caller. */
export async function loadBookingDetail(db: Reader, p: Principal, bookID: number): Promise<BookingDetail> {
  const [row] = await selectBookings(db).where(eq(stockBookings.id, bookID)).limit(1);
  if (!row) throw new Error(`booking ${bookID} vanished`);
  return toDetail(plainReads(db), p, row);
}

/**
 * The detail's row with its creator's name joined (no second read of users). Shape: 's' the caller's
 * stores, on either side or among those that refused it (bookingOrRefusedInScope); none: every store.
 */
const detailRow = preparedRead('booking_detail', (db, shape: '' | 's', as) =>
  selectBookings(db, { creatorName: sql<string | null>`${creator.name}`.as('creator_name') })
    .leftJoin(creator, eq(creator.id, stockBookings.createdBy))
    .where(
      and(
        eq(stockBookings.id, sql.placeholder('id')),
        // None: a super user reads any booking.
        shape === 's' ? bookingOrRefusedInScope() : undefined,
      ),
    )
    .limit(1)
    .prepare(as),
);

/**
 * GET /api/bookings/:bookID (`/get-product/:id`): a booking the caller may see from either side, or
 * one its store refused (as it was then). Anyone else: 404, as for a missing one.
 */
export async function getBookingDetail(db: Db, p: Principal, bookID: number): Promise<BookingDetail> {
  const scope = scopeKind(p);
  if (scope === 'none') throw new AppError('BOOKING_NOT_FOUND');
  const [row] = await detailRow(db, scope === 'some' ? 's' : '').execute({ id: bookID, stores: scopeValue(p) });
  if (!row) throw new AppError('BOOKING_NOT_FOUND');
  return toDetail(preparedReads(db), p, row);
}
