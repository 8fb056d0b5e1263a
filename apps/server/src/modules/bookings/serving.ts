// Which stores may serve a booking: the stores with the stock, and a picking line's proposal.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BOOKING_LIMITS, BOOKING_OPEN_STATUSES, ORDER_STATUS, STORE_PROXIMITY, type BookingProposal, type BookingStore, type BookingStoresQuery, type StoreStock } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orderLines, orders, products, stockBookingDetails, stockBookings } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { type Principal } from '../../platform/principal';
import { pageWindow, type PageOf } from '../../platform/paging';
import { requireActiveStore } from '../../platform/scope';
import { nearestFrom } from '../stock';
import { bookingScope } from './access';
import { bookingLineOf, LINE_NOT_IN_ORDER } from './lines';

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
 * The order by its shipment number, its line and what open bookings of that line hold (as
 * orderBookingHold counts them), in one statement: three round trips before. Shape: 's' the
 * caller's stores (none: every store).
 */
const proposalRow = preparedRead('booking_proposal', (db, shape: '' | 's', as) =>
  db
    .select({
      order: { id: orders.id, shipmentNo: orders.shipmentNo, orderNo: orders.orderNo, statusId: orders.statusId, storeCode: orders.storeCode },
      line: orderLines,
      imageUrl: products.imageUrl,
      booked: sql<number>`coalesce((
        select sum(${stockBookings.qtyOos})::int from ${stockBookings}
        inner join ${stockBookingDetails} on ${stockBookingDetails.bookingId} = ${stockBookings.id}
        where ${and(eq(stockBookings.orderId, orders.id), eq(stockBookings.lineId, orderLines.id), isNull(stockBookings.cancelledAt), inArray(stockBookingDetails.status, [...BOOKING_OPEN_STATUSES]))}
      ), 0)`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(orderLines, and(eq(orderLines.id, sql.placeholder('lineId')), eq(orderLines.orderId, orders.id)))
    .leftJoin(products, eq(products.productId, orderLines.productId))
    .where(and(eq(orders.shipmentNo, sql.placeholder('shipmentNo')), shape === 's' ? inScope(orders.storeCode) : undefined))
    .limit(1)
    .prepare(as),
);

/**
 * GET /api/bookings/proposal: a line of an order being picked (1102) in the caller's stores, what it
 * lacks, and the first BOOKING_LIMITS.proposalStores stores with that much stock, kelurahan first,
 * then kecamatan, then by distance from the order's store.
 */
export async function getProposal(db: Db, p: Principal, shipmentNo: string, lineId: number): Promise<BookingProposal> {
  const scope = scopeKind(p);
  const [row] = scope === 'none' ? [] : await proposalRow(db, scope === 'some' ? 's' : '').execute({ shipmentNo, lineId, stores: scopeValue(p) });
  if (!row) throw new AppError('NOT_FOUND');
  const { order, line: found } = row;
  if (order.statusId !== ORDER_STATUS.PACKING) throw new AppError('BOOKING_ORDER_NOT_PICKING');
  if (!found) throw new AppError('NOT_FOUND', LINE_NOT_IN_ORDER);
  const line = bookingLineOf(order, found, { imageUrl: row.imageUrl }, row.booked);
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
