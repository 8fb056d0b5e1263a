import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNull, max, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BOOKING_LIMITS,
  BOOKING_STATUS,
  BOOKING_STATUS_WITHOUT_TAKER,
  bookingActions,
  ORDER_STATUS,
  STORE_PROXIMITY,
  type BookingCount,
  type BookingDetail,
  type BookingDirection,
  type BookingGroupQuery,
  type BookingItem,
  type BookingLine,
  type BookingListQuery,
  type BookingProductGroup,
  type BookingProposal,
  type BookingSide,
  type BookingStatusId,
  type BookingStore,
  type BookingStoreGroup,
  type BookingStoresQuery,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { auditLog, orderLines, orders, products, stockBookingDetails, stockBookings, stores, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { pageWindow, readPage, type PageOf } from '../../platform/paging';
import { canSeeStore, type Principal } from '../../platform/principal';
import { requireActiveStore, storeScope } from '../../platform/scope';
import { orderBookingHold } from '../orders';
import { nearestFrom, proximityOf, storeDistanceM, storeOrigin } from '../stock';

type Reader = Db | Tx;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The audit entity of a booking's steps: its history is read back from the audit log. */
export const BOOKING_ENTITY = 'booking';
/** The audit action of a new booking; the steps use BOOKING_FLOW's action names. */
export const BOOKING_REQUEST = 'request';
/** The ledger ref of a booking's stock movements. */
export const bookingRef = (bookID: number) => `booking:${bookID}`;


// --- who sees a booking, and from which side ----------------------------------------------

/** The sides of a booking the caller is on, from the stores they may see (BOOKING_FLOW's `side`). */
export function sidesOf(p: Principal, orderingStore: string, servingStore: string): BookingSide[] {
  const sides: BookingSide[] = [];
  if (canSeeStore(p, orderingStore)) sides.push('ordering');
  if (canSeeStore(p, servingStore)) sides.push('serving');
  return sides;
}

/**
 * A booking is seen by whoever may see the store that booked it or the store it is addressed to now;
 * anyone else gets 404, as for a missing one.
 */
export const bookingScope = (p: Principal): SQL => or(storeScope(stockBookings.storeCode, p), storeScope(stockBookingDetails.storeCode, p))!;

/**
 * A store that refused a booking and is no longer addressed keeps reading it (its refusal is its own
 * step): the read answers what that store took part in, never what happened after it (see toDetail).
 * Steps still answer 404 for it: it may do nothing.
 */
export function refusedByScope(p: Principal): SQL {
  if (p.storeCodes === 'all') return sql`cardinality(${stockBookingDetails.refusedBy}) > 0`;
  if (p.storeCodes.length === 0) return sql`false`;
  return sql`${stockBookingDetails.refusedBy} && array[${sql.join(
    p.storeCodes.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
}

/** `out` when my store booked it, `in` when it is addressed to my store (else the side the caller may see). */
function directionOf(p: Principal, orderingStore: string, servingStore: string): BookingDirection {
  if (p.activeStoreCode === orderingStore) return 'out';
  if (p.activeStoreCode === servingStore) return 'in';
  return canSeeStore(p, orderingStore) ? 'out' : 'in';
}

// --- the booking as the screens read it -------------------------------------------------------

const orderingStore = alias(stores, 'ordering_store');
const servingStore = alias(stores, 'serving_store');
const actor = alias(users, 'actor');

function selectBookings(db: Reader) {
  return db
    .select({
      b: stockBookings,
      d: stockBookingDetails,
      shipmentNo: orders.shipmentNo,
      orderNo: orders.orderNo,
      orderStatusId: orders.statusId,
      productName: products.name,
      productBarcode: products.ean13,
      imageUrl: products.imageUrl,
      ordering: orderingStore,
      serving: servingStore,
    })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoin(orders, eq(orders.id, stockBookings.orderId))
    .innerJoin(orderingStore, eq(orderingStore.code, stockBookings.storeCode))
    .innerJoin(servingStore, eq(servingStore.code, stockBookingDetails.storeCode))
    .leftJoin(products, eq(products.productId, stockBookings.productId));
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

function toItem(p: Principal, r: BookingRow): BookingItem {
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

/**
 * The steps taken, oldest first, from the audit rows of the booking (every step writes one, actors'
 * names joined). A booking recorded without one (the demo's) starts from its own creation.
 */
async function historyOf(db: Reader, r: BookingRow): Promise<BookingDetail['history']> {
  const rows = await db
    .select({ action: auditLog.action, at: auditLog.createdAt, actorName: actor.name, note: auditLog.reason })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, BOOKING_ENTITY), eq(auditLog.entityId, String(r.b.id))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const steps = rows.map((h) => ({ action: h.action, at: h.at.toISOString(), actorName: h.actorName ?? null, note: h.note ?? null }));
  if (!steps.some((s) => s.action === BOOKING_REQUEST)) {
    const [creator] = r.b.createdBy === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, r.b.createdBy)).limit(1);
    steps.unshift({ action: BOOKING_REQUEST, at: r.b.createdAt.toISOString(), actorName: creator?.name ?? null, note: null });
  }
  return steps;
}

async function toDetail(db: Reader, p: Principal, r: BookingRow): Promise<BookingDetail> {
  const refused = r.d.refusedBy;
  const sides = sidesOf(p, r.b.storeCode, r.d.storeCode);
  const [refusers, history] = await Promise.all([
    refused.length > 0 ? db.select().from(stores).where(inArray(stores.code, refused)) : Promise.resolve([]),
    historyOf(db, r),
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
    takenAt: iso(r.d.takenAt),
    receivedAt: iso(r.d.receivedAt),
    cancelledAt: iso(r.b.cancelledAt),
    actions: item.cancelled ? [] : bookingActions(item.status, sides),
    history,
    refusedByMe: false,
  };
  if (sides.length > 0) return detail;
  // On neither side: a store that refused it, reading it as it was when it refused (refusedByScope).
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
  return toDetail(db, p, row);
}

/**
 * GET /api/bookings/:bookID (`/get-product/:id`): a booking the caller may see from either side, or
 * one its store refused (as it was then). Anyone else: 404, as for a missing one.
 */
export async function getBookingDetail(db: Db, p: Principal, bookID: number): Promise<BookingDetail> {
  const [row] = await selectBookings(db)
    .where(and(eq(stockBookings.id, bookID), or(bookingScope(p), refusedByScope(p))))
    .limit(1);
  if (!row) throw new AppError('BOOKING_NOT_FOUND');
  return toDetail(db, p, row);
}

// --- lists, groups and counts of my store -------------------------------------------------------

const term = (q: string | undefined) => (q?.trim() ? `%${escapeLike(q.trim())}%` : null);

/** My store's bookings on `direction`'s side (both when none). */
function sideOf(storeCode: string, direction: BookingDirection | undefined): SQL {
  const out = eq(stockBookings.storeCode, storeCode);
  const incoming = eq(stockBookingDetails.storeCode, storeCode);
  if (direction === 'out') return out;
  if (direction === 'in') return incoming;
  return or(out, incoming)!;
}

/** The other store of each of my store's bookings: the one addressed for mine, the one that booked for the others. */
const otherStore = (storeCode: string) =>
  sql<string>`case when ${stockBookings.storeCode} = ${storeCode} then ${stockBookingDetails.storeCode} else ${stockBookings.storeCode} end`;

/** GET /api/bookings: my store's bookings by page and params, newest first. */
export async function listBookings(db: Db, p: Principal, q: BookingListQuery): Promise<PageOf<BookingItem>> {
  const storeCode = requireActiveStore(p);
  const text = term(q.q);
  const where = and(
    sideOf(storeCode, q.direction),
    q.includeCancelled ? undefined : isNull(stockBookings.cancelledAt),
    q.status === undefined ? undefined : eq(stockBookingDetails.status, q.status),
    q.productId === undefined ? undefined : eq(stockBookings.productId, q.productId),
    q.storeCode === undefined ? undefined : eq(otherStore(storeCode), q.storeCode),
    text ? or(ilike(stockBookings.bookingNo, text), ilike(orders.shipmentNo, text), ilike(products.name, text)) : undefined,
  );
  return readPage(q, (w) => [
    selectBookings(db)
      .where(where)
      .orderBy(desc(stockBookings.createdAt), desc(stockBookings.id))
      .limit(w.limit)
      .offset(w.offset),
    db
      .select({ n: count() })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .innerJoin(orders, eq(orders.id, stockBookings.orderId))
      .leftJoin(products, eq(products.productId, stockBookings.productId))
      .where(where),
  ], (r) => toItem(p, r));
}

/** Counts per detail status and the units booked, over a group of bookings. */
const groupCounts = {
  total: sql<number>`count(*)::int`,
  waiting: sql<number>`(count(*) filter (where ${stockBookingDetails.status} = ${BOOKING_STATUS.WAITING}))::int`,
  taken: sql<number>`(count(*) filter (where ${stockBookingDetails.status} = ${BOOKING_STATUS.TAKEN}))::int`,
  done: sql<number>`(count(*) filter (where ${stockBookingDetails.status} = ${BOOKING_STATUS.DONE}))::int`,
  refused: sql<number>`(count(*) filter (where ${stockBookingDetails.status} = ${BOOKING_STATUS.REFUSED}))::int`,
  qtyOos: sql<number>`coalesce(${sum(stockBookings.qtyOos)}, 0)::int`,
};
const counted = (r: { total: number; waiting: number; taken: number; done: number; refused: number; qtyOos: number }) => ({
  total: Number(r.total),
  waiting: Number(r.waiting),
  taken: Number(r.taken),
  done: Number(r.done),
  refused: Number(r.refused),
  qtyOos: Number(r.qtyOos),
});

/** Groups count the bookings that still count: cancelled ones are left out. */
function groupWhere(storeCode: string, q: BookingGroupQuery, search: SQL | undefined): SQL | undefined {
  return and(
    sideOf(storeCode, q.direction),
    isNull(stockBookings.cancelledAt),
    q.status === undefined ? undefined : eq(stockBookingDetails.status, q.status),
    search,
  );
}

/** GET /api/bookings/by-product (`/booking-list-product`): my store's bookings per product, latest first. */
export async function bookingsByProduct(db: Db, p: Principal, q: BookingGroupQuery): Promise<PageOf<BookingProductGroup>> {
  const storeCode = requireActiveStore(p);
  const text = term(q.q);
  const where = groupWhere(storeCode, q, text ? or(ilike(products.name, text), ilike(products.ean13, text), ilike(stockBookings.productId, text)) : undefined);
  const base = () =>
    db
      .select({ productId: stockBookings.productId, name: products.name, barcode: products.ean13, imageUrl: products.imageUrl, ...groupCounts })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .leftJoin(products, eq(products.productId, stockBookings.productId));
  return readPage(q, (w) => [
    base()
      .where(where)
      .groupBy(stockBookings.productId, products.name, products.ean13, products.imageUrl)
      .orderBy(desc(max(stockBookings.createdAt)), asc(stockBookings.productId))
      .limit(w.limit)
      .offset(w.offset),
    db
      .select({ n: countDistinct(stockBookings.productId) })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .leftJoin(products, eq(products.productId, stockBookings.productId))
      .where(where),
  ], (r) => ({ productId: r.productId, productName: r.name ?? r.productId, barcode: r.barcode ?? '', imageUrl: r.imageUrl ?? null, ...counted(r) }));
}

/** GET /api/bookings/by-store (`/booking-list-store`): my store's bookings per other store, with where it is from mine. */
export async function bookingsByStore(db: Db, p: Principal, q: BookingGroupQuery): Promise<PageOf<BookingStoreGroup>> {
  const storeCode = requireActiveStore(p);
  const origin = await storeOrigin(db, storeCode);
  if (!origin) throw new AppError('STORE_UNKNOWN');
  const other = alias(stores, 'other_store');
  const text = term(q.q);
  const where = groupWhere(storeCode, q, text ? or(ilike(other.code, text), ilike(other.name, text)) : undefined);
  return readPage(q, (w) => [
    db
      .select({ store: other, ...groupCounts })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .innerJoin(other, eq(other.code, otherStore(storeCode)))
      .where(where)
      // The other store's columns follow its primary key.
      .groupBy(other.code)
      .orderBy(desc(max(stockBookings.createdAt)), asc(other.code))
      .limit(w.limit)
      .offset(w.offset),
    db
      .select({ n: countDistinct(other.code) })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .innerJoin(other, eq(other.code, otherStore(storeCode)))
      .where(where),
  ], (r) => ({
      storeCode: r.store.code,
      storeName: r.store.name,
      kelurahan: r.store.kelurahan,
      kecamatan: r.store.kecamatan,
      latitude: r.store.latitude,
      longitude: r.store.longitude,
      distanceM: storeDistanceM(origin, r.store),
      isKelurahan: proximityOf(origin, r.store) === STORE_PROXIMITY.KELURAHAN,
      ...counted(r),
    }));
}

/** GET /api/bookings/count: what waits on my store and my open bookings per status. */
export async function countBookings(db: Db, p: Principal): Promise<BookingCount> {
  const storeCode = requireActiveStore(p);
  const incoming = (status: number) =>
    sql<number>`(count(*) filter (where ${stockBookingDetails.storeCode} = ${storeCode} and ${stockBookingDetails.status} = ${status}))::int`;
  const outgoing = (status: number) => sql<number>`(count(*) filter (where ${stockBookings.storeCode} = ${storeCode} and ${stockBookingDetails.status} = ${status}))::int`;
  const [row] = await db
    .select({
      incomingWaiting: incoming(BOOKING_STATUS.WAITING),
      incomingTaken: incoming(BOOKING_STATUS.TAKEN),
      outgoingWaiting: outgoing(BOOKING_STATUS.WAITING),
      outgoingTaken: outgoing(BOOKING_STATUS.TAKEN),
      outgoingRefused: outgoing(BOOKING_STATUS.REFUSED),
    })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .where(and(sideOf(storeCode, undefined), isNull(stockBookings.cancelledAt)));
  return {
    incomingWaiting: Number(row?.incomingWaiting ?? 0),
    incomingTaken: Number(row?.incomingTaken ?? 0),
    outgoingWaiting: Number(row?.outgoingWaiting ?? 0),
    outgoingTaken: Number(row?.outgoingTaken ?? 0),
    outgoingRefused: Number(row?.outgoingRefused ?? 0),
  };
}

// --- which stores may serve -----------------------------------------------------------------

const toBookingStore = (s: Awaited<ReturnType<typeof nearestFrom>>['items'][number]): BookingStore => ({ ...s, isKelurahan: s.proximity === STORE_PROXIMITY.KELURAHAN });

/**
 * GET /api/bookings/stores (`/booking-list-kelurahan`, `/booking-list-kecamatan`): the stores other
 * than mine with at least `qty` sellable units of the product, in the scope's rings (nearby: capped at
 * BOOKING_LIMITS.nearbyStores). With `bookID`, the stores that refused it and the one it is addressed
 * to now are left out (a re-offer).
 */
export async function listBookingStores(db: Db, p: Principal, q: BookingStoresQuery): Promise<PageOf<BookingStore>> {
  const storeCode = requireActiveStore(p);
  let exclude: string[] = [];
  // A re-offer reads its booking first; the list itself is one statement with my store's place in it.
  if (q.bookID !== undefined) {
    const [booking] = await db
      .select({ storeCode: stockBookingDetails.storeCode, refusedBy: stockBookingDetails.refusedBy })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .where(and(eq(stockBookings.id, q.bookID), bookingScope(p)))
      .limit(1);
    if (!booking) throw new AppError('BOOKING_NOT_FOUND');
    exclude = [booking.storeCode, ...booking.refusedBy];
  }
  const found = await nearestFrom(db, storeCode, {
    productId: q.productId,
    minQty: q.qty,
    scope: q.scope,
    exclude,
    ...pageWindow(q),
    q: q.q,
    max: BOOKING_LIMITS.nearbyStores,
  });
  if (!found.origin) throw new AppError('STORE_UNKNOWN');
  return { items: found.items.map(toBookingStore), page: q.page, size: q.size, total: found.total };
}

/** Picking's words for a line that is not the order's. */
export const LINE_NOT_IN_ORDER = 'Produk tidak ditemukan di pesanan ini.';

/** What a line lacks now: qty − picked − out of stock − booked and not arrived. */
export function lackingOf(line: { qty: number; qtyPicked: number; qtyOos: number }, booked: number): number {
  return Math.max(0, line.qty - line.qtyPicked - Math.max(0, line.qtyOos) - booked);
}

/** The line as the booking screen shows it, with what its open bookings hold. */
export function bookingLineOf(
  order: { shipmentNo: string; orderNo: string },
  line: typeof orderLines.$inferSelect,
  product: { imageUrl: string | null } | undefined,
  booked: number,
): BookingLine {
  return {
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    lineId: line.id,
    productId: line.productId,
    name: line.name,
    barcode: line.barcode,
    imageUrl: product?.imageUrl ?? null,
    qty: line.qty,
    qtyPicked: line.qtyPicked,
    attrQtyOos: Math.max(0, line.qtyOos),
    qtyBooked: booked,
    lacking: lackingOf(line, booked),
  };
}

/**
 * GET /api/bookings/proposal: a line of an order being picked (1102) in the caller's stores, what it
 * lacks, and the first BOOKING_LIMITS.proposalStores stores with that much stock, kelurahan first,
 * then kecamatan, then by distance from the order's store.
 */
export async function getProposal(db: Db, p: Principal, shipmentNo: string, lineId: number): Promise<BookingProposal> {
  const [order] = await db
    .select({ id: orders.id, shipmentNo: orders.shipmentNo, orderNo: orders.orderNo, statusId: orders.statusId, storeCode: orders.storeCode })
    .from(orders)
    .where(and(eq(orders.shipmentNo, shipmentNo), storeScope(orders.storeCode, p)))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.statusId !== ORDER_STATUS.PACKING) throw new AppError('BOOKING_ORDER_NOT_PICKING');
  const [found] = await db
    .select({ line: orderLines, imageUrl: products.imageUrl })
    .from(orderLines)
    .leftJoin(products, eq(products.productId, orderLines.productId))
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', LINE_NOT_IN_ORDER);
  const hold = await orderBookingHold(db, order.id);
  const line = bookingLineOf(order, found.line, { imageUrl: found.imageUrl }, hold.bookedByLine.get(lineId) ?? 0);
  // The order's store and the stores near it in one statement (an unknown store: none).
  const stores =
    line.lacking > 0
      ? await nearestFrom(db, order.storeCode, {
          productId: line.productId,
          minQty: line.lacking,
          scope: STORE_PROXIMITY.NEARBY,
          limit: BOOKING_LIMITS.proposalStores,
          max: BOOKING_LIMITS.proposalStores,
        })
      : { items: [] };
  return { line, stores: stores.items.map(toBookingStore) };
}
