import { and, asc, count, countDistinct, desc, eq, ilike, isNull, max, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BOOKING_LIMITS,
  BOOKING_STATUS,
  ORDER_STATUS,
  STORE_PROXIMITY,
  type BookingCount,
  type BookingDirection,
  type BookingGroupQuery,
  type BookingItem,
  type BookingListQuery,
  type BookingProductGroup,
  type BookingProposal,
  type BookingStore,
  type BookingStoreGroup,
  type BookingStoresQuery,
  type StoreStock,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { likeTerm } from '../../db/like';
import { orderLines, orders, products, stockBookingDetails, stockBookings, stores } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Principal } from '../../platform/principal';
import { requireActiveStore, storeScope } from '../../platform/scope';
import { orderBookingHold } from '../orders';
import { bookingScope } from './access';
import { bookingLineOf, LINE_NOT_IN_ORDER } from './lines';
import { bookingOrderOf, selectBookings, toItem } from './views';
import { pageWindow, readPage, type PageOf } from '../../platform/paging';
import { nearestFrom, proximityOf, storeDistanceM, storeOrigin } from '../stock';

// --- lists, groups and counts of my store -------------------------------------------------------


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
  const text = likeTerm(q.q);
  // Each booking's order by id, as selectBookings reads it (bookingOrderOf: not a join over every order).
  const order = bookingOrderOf(db);
  const where = and(
    sideOf(storeCode, q.direction),
    q.includeCancelled ? undefined : isNull(stockBookings.cancelledAt),
    q.status === undefined ? undefined : eq(stockBookingDetails.status, q.status),
    q.productId === undefined ? undefined : eq(stockBookings.productId, q.productId),
    q.storeCode === undefined ? undefined : eq(otherStore(storeCode), q.storeCode),
    text ? or(ilike(stockBookings.bookingNo, text), ilike(order.shipmentNo, text), ilike(products.name, text)) : undefined,
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
      .innerJoinLateral(order, sql`true`)
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
  const text = likeTerm(q.q);
  const where = groupWhere(storeCode, q, text ? or(ilike(products.name, text), ilike(products.ean13, text), ilike(stockBookings.productId, text)) : undefined);
  const base = () =>
    db
      .select({ productId: stockBookings.productId, name: products.name, barcode: products.ean13, imageUrl: products.imageUrl, ...groupCounts })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .leftJoin(products, eq(products.productId, stockBookings.productId));
  return readPage(
    q,
    (w) => [
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
    ],
    (r) => ({ productId: r.productId, productName: r.name ?? r.productId, barcode: r.barcode ?? '', imageUrl: r.imageUrl ?? null, ...counted(r) }),
  );
}

/** GET /api/bookings/by-store (`/booking-list-store`): my store's bookings per other store, with where it is from mine. */
export async function bookingsByStore(db: Db, p: Principal, q: BookingGroupQuery): Promise<PageOf<BookingStoreGroup>> {
  const storeCode = requireActiveStore(p);
  const origin = await storeOrigin(db, storeCode);
  if (!origin) throw new AppError('STORE_UNKNOWN');
  const other = alias(stores, 'other_store');
  const text = likeTerm(q.q);
  const where = groupWhere(storeCode, q, text ? or(ilike(other.code, text), ilike(other.name, text)) : undefined);
  return readPage(
    q,
    (w) => [
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
    ],
    (r) => ({
      storeCode: r.store.code,
      storeName: r.store.name,
      kelurahan: r.store.kelurahan,
      kecamatan: r.store.kecamatan,
      latitude: r.store.latitude,
      longitude: r.store.longitude,
      distanceM: storeDistanceM(origin, r.store),
      isKelurahan: proximityOf(origin, r.store) === STORE_PROXIMITY.KELURAHAN,
      ...counted(r),
    }),
  );
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

/** The walk's store (built for this reply) with its ring flag: set in place, not copied. */
const toBookingStore = (s: StoreStock): BookingStore => Object.assign(s, { isKelurahan: s.proximity === STORE_PROXIMITY.KELURAHAN });

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
