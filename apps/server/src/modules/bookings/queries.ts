import { and, asc, count, countDistinct, desc, eq, ilike, isNull, max, or, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUS,
  STORE_PROXIMITY,
  type BookingCount,
  type BookingDirection,
  type BookingGroupQuery,
  type BookingItem,
  type BookingListQuery,
  type BookingProductGroup,
  type BookingStoreGroup,
} from '@gerai/contract';
import type { Db } from '../../db/client';
import { likeTerm } from '../../db/like';
import { preparedRead } from '../../db/prepared';
import { products, stockBookingDetails, stockBookings, stores } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Principal } from '../../platform/principal';
import { requireActiveStore } from '../../platform/scope';
import { bookingOrderOf, selectBookings, toItem } from './views';
import { readPage, type PageOf } from '../../platform/paging';
import { proximityOf, storeDistanceM } from '../stock';

// --- lists, groups and counts of my store -------------------------------------------------------


/** My store's bookings on `direction`'s side (both when none). */
function sideOf(storeCode: string | Placeholder, direction: BookingDirection | undefined): SQL {
  const out = eq(stockBookings.storeCode, storeCode);
  const incoming = eq(stockBookingDetails.storeCode, storeCode);
  if (direction === 'out') return out;
  if (direction === 'in') return incoming;
  return or(out, incoming)!;
}

/** The other store of each of my store's bookings: the one addressed for mine, the one that booked for the others. */
const otherStore = (storeCode: string | Placeholder) =>
  sql<string>`case when ${stockBookings.storeCode} = ${storeCode} then ${stockBookingDetails.storeCode} else ${stockBookings.storeCode} end`;

/** My store (the placeholder 'storeCode') in a prepared read. */
const myStore = sql.placeholder('storeCode');
/** The direction of a prepared read's shape: 'o' out, 'i' in, else both. */
const directionIn = (shape: string): BookingDirection | undefined => (shape.includes('o') ? 'out' : shape.includes('i') ? 'in' : undefined);
const directionLetter = (direction: BookingDirection | undefined) => (direction === 'out' ? 'o' : direction === 'in' ? 'i' : '');

/**
 * GET /api/bookings as one prepared statement per shape (decision 163): direction ('o', 'i'), cancelled
 * ones too ('x'), status ('t'), product ('p'), the other store ('c'), a search ('q').
 */
function listWhere(shape: string, order: ReturnType<typeof bookingOrderOf>): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  const text = sql.placeholder('text');
  return and(
    sideOf(myStore, directionIn(shape)),
    has('x') ? undefined : isNull(stockBookings.cancelledAt),
    has('t') ? eq(stockBookingDetails.status, sql.placeholder('status')) : undefined,
    has('p') ? eq(stockBookings.productId, sql.placeholder('productId')) : undefined,
    has('c') ? eq(otherStore(myStore), sql.placeholder('otherStore')) : undefined,
    has('q') ? or(ilike(stockBookings.bookingNo, text), ilike(order.shipmentNo, text), ilike(products.name, text)) : undefined,
  );
}

const listPage = preparedRead('bookings_list', (db, shape: string, as) =>
  selectBookings(db)
    // The same lateral order as selectBookings joins (a subquery's alias is its name).
    .where(listWhere(shape, bookingOrderOf(db)))
    .orderBy(desc(stockBookings.createdAt), desc(stockBookings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
const listCount = preparedRead('bookings_list_n', (db, shape: string, as) => {
  // Each booking's order by id, as selectBookings reads it (bookingOrderOf: not a join over every order).
  const order = bookingOrderOf(db);
  return db
    .select({ n: count() })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoinLateral(order, sql`true`)
    .leftJoin(products, eq(products.productId, stockBookings.productId))
    .where(listWhere(shape, order))
    .prepare(as);
});

/** GET /api/bookings: my store's bookings by page and params, newest first. */
export async function listBookings(db: Db, p: Principal, q: BookingListQuery): Promise<PageOf<BookingItem>> {
  const storeCode = requireActiveStore(p);
  const text = likeTerm(q.q);
  const shape = [
    directionLetter(q.direction),
    q.includeCancelled && 'x',
    q.status !== undefined && 't',
    q.productId !== undefined && 'p',
    q.storeCode !== undefined && 'c',
    text && 'q',
  ]
    .filter(Boolean)
    .join('');
  const values = { storeCode, status: q.status, productId: q.productId, otherStore: q.storeCode, text };
  return readPage(q, (w) => [listPage(db, shape).execute({ ...values, ...w }), listCount(db, shape).execute(values)], (r) => toItem(p, r));
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
function groupWhere(storeCode: string | Placeholder, q: Pick<BookingGroupQuery, 'direction'> & { status?: number | Placeholder }, search: SQL | undefined): SQL | undefined {
  return and(
    sideOf(storeCode, q.direction),
    isNull(stockBookings.cancelledAt),
    q.status === undefined ? undefined : eq(stockBookingDetails.status, q.status),
    search,
  );
}

/** A group list's shape: direction ('o', 'i'), status ('t'), a search ('q') by `search` of the text. */
function groupShapeWhere(shape: string, search: (text: Placeholder) => SQL | undefined): SQL | undefined {
  return groupWhere(myStore, { direction: directionIn(shape), status: shape.includes('t') ? sql.placeholder('status') : undefined }, shape.includes('q') ? search(sql.placeholder('text')) : undefined);
}

/** By product as one prepared statement per shape, searched by product name, barcode or id. */
const byProductWhere = (shape: string) => groupShapeWhere(shape, (text) => or(ilike(products.name, text), ilike(products.ean13, text), ilike(stockBookings.productId, text)));
const byProductPage = preparedRead('bookings_by_product', (db, shape: string, as) =>
  db
    .select({ productId: stockBookings.productId, name: products.name, barcode: products.ean13, imageUrl: products.imageUrl, ...groupCounts })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .leftJoin(products, eq(products.productId, stockBookings.productId))
    .where(byProductWhere(shape))
    .groupBy(stockBookings.productId, products.name, products.ean13, products.imageUrl)
    .orderBy(desc(max(stockBookings.createdAt)), asc(stockBookings.productId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
const byProductCount = preparedRead('bookings_by_product_n', (db, shape: string, as) => {
  const total = db.select({ n: countDistinct(stockBookings.productId) }).from(stockBookings).innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id));
  // The product's columns only to search them.
  return (shape.includes('q') ? total.leftJoin(products, eq(products.productId, stockBookings.productId)) : total).where(byProductWhere(shape)).prepare(as);
});

/** GET /api/bookings/by-product (`/booking-list-product`): my store's bookings per product, latest first. */
export async function bookingsByProduct(db: Db, p: Principal, q: BookingGroupQuery): Promise<PageOf<BookingProductGroup>> {
  const storeCode = requireActiveStore(p);
  const text = likeTerm(q.q);
  const shape = [directionLetter(q.direction), q.status !== undefined && 't', text && 'q'].filter(Boolean).join('');
  const values = { storeCode, status: q.status, text };
  return readPage(
    q,
    (w) => [byProductPage(db, shape).execute({ ...values, ...w }), byProductCount(db, shape).execute(values)],
    (r) => ({ productId: r.productId, productName: r.name ?? r.productId, barcode: r.barcode ?? '', imageUrl: r.imageUrl ?? null, ...counted(r) }),
  );
}

/** By store as one prepared statement per shape, searched by the other store's code or name. */
const otherStoreRow = alias(stores, 'other_store');
const byStoreWhere = (shape: string) => groupShapeWhere(shape, (text) => or(ilike(otherStoreRow.code, text), ilike(otherStoreRow.name, text)));
const byStorePage = preparedRead('bookings_by_store', (db, shape: string, as) =>
  db
    .select({ store: otherStoreRow, ...groupCounts })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoin(otherStoreRow, eq(otherStoreRow.code, otherStore(myStore)))
    .where(byStoreWhere(shape))
    // The other store's columns follow its primary key.
    .groupBy(otherStoreRow.code)
    .orderBy(desc(max(stockBookings.createdAt)), asc(otherStoreRow.code))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(as),
);
const byStoreCount = preparedRead('bookings_by_store_n', (db, shape: string, as) =>
  db
    .select({ n: countDistinct(otherStoreRow.code) })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoin(otherStoreRow, eq(otherStoreRow.code, otherStore(myStore)))
    .where(byStoreWhere(shape))
    .prepare(as),
);

/** My store's place (stock's storeOrigin, prepared: it is read with every page). */
const myOrigin = preparedRead('bookings_origin', (db, _shape: '', as) => db.select().from(stores).where(eq(stores.code, myStore)).limit(1).prepare(as));

/** GET /api/bookings/by-store (`/booking-list-store`): my store's bookings per other store, with where it is from mine. */
export async function bookingsByStore(db: Db, p: Principal, q: BookingGroupQuery): Promise<PageOf<BookingStoreGroup>> {
  const storeCode = requireActiveStore(p);
  const text = likeTerm(q.q);
  const shape = [directionLetter(q.direction), q.status !== undefined && 't', text && 'q'].filter(Boolean).join('');
  const values = { storeCode, status: q.status, text };
  // My store's place is read beside the page, not before it: one round trip instead of two.
  const [[origin], page] = await Promise.all([
    myOrigin(db, '').execute({ storeCode }),
    readPage(q, (w) => [byStorePage(db, shape).execute({ ...values, ...w }), byStoreCount(db, shape).execute(values)]),
  ]);
  if (!origin) throw new AppError('STORE_UNKNOWN');
  return {
    ...page,
    items: page.items.map((r) => ({
      storeCode: r.store.code,
      storeName: r.store.name,
      kelurahan: r.store.kelurahan,
      kecamatan: r.store.kecamatan,
      latitude: r.store.latitude,
      longitude: r.store.longitude,
      distanceM: storeDistanceM(origin, r.store),
      isKelurahan: proximityOf(origin, r.store) === STORE_PROXIMITY.KELURAHAN,
      ...counted(r),
    })),
  };
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
