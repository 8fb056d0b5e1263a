import { and, eq } from 'drizzle-orm';
import { BOOKING_STATUS, ERROR_DETAILS, FIELD_MESSAGES, isoDateInWib, ORDER_STATUS, STORE_PROXIMITY, type BookingCreateBody, type BookingDetail } from '@gerai/contract';
import type { Db } from '../../../db/client';
import { nextId } from '../../../db/next-id';
import { orderLines, stockBookingDetails, stockBookings } from '../../../db/schema';
import { recordChange } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { lockOrderRow, orderBookingHold } from '../../orders';
import { proximityOf, storeOrigin } from '../../stock';
import { lackingOf, LINE_NOT_IN_ORDER } from '../lines';
import { BOOKING_ENTITY, BOOKING_REQUEST, loadBookingDetail } from '../views';
import { addresseeNote, bookingFacts, servingStoreFor } from './step';

/** BK + the WIB date (yymmdd) + the id, six digits at least. */
const bookingNoOf = (id: number, at = new Date()) => `BK${isoDateInWib(at).slice(2).replace(/-/g, '')}${String(id).padStart(6, '0')}`;

/**
 * POST /api/bookings: book `qty` of a short line of an order being picked from another store, under
 * the order's row lock (so two bookings of one line cannot together ask for more than it lacks).
 * The order in the caller's stores (404), in 1102 (409 BOOKING_ORDER_NOT_PICKING); the line its own
 * (404); at most what the line lacks (422 BOOKING_QTY_EXCEEDS); a store that may serve it. Reserves
 * nothing. Event: booking.requested, to both stores.
 */
export async function createBooking(db: Db, p: Principal, body: BookingCreateBody): Promise<BookingDetail> {
  const bookID = await db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, p, body.shipmentNo);
    if (!order) throw new AppError('NOT_FOUND');
    if (order.statusId !== ORDER_STATUS.PACKING) throw new AppError('BOOKING_ORDER_NOT_PICKING');
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, body.lineId), eq(orderLines.orderId, order.id)))
      .limit(1);
    if (!line) throw new AppError('NOT_FOUND', LINE_NOT_IN_ORDER);
    const hold = await orderBookingHold(tx, order.id);
    const lacking = lackingOf(line, hold.bookedByLine.get(line.id) ?? 0);
    if (body.qty > lacking) {
      throw new AppError('BOOKING_QTY_EXCEEDS', ERROR_DETAILS.bookingQtyExceeds(line.name, lacking), [{ path: 'body.qty', message: FIELD_MESSAGES.qtyMax(lacking) }]);
    }
    const serving = await servingStoreFor(tx, order.storeCode, body.storeCode, line.productId, body.qty);
    const ordering = await storeOrigin(tx, order.storeCode);
    // The number shows the id, so the id is drawn first.
    const id = await nextId(tx, stockBookings);
    const [booking] = await tx
      .insert(stockBookings)
      .values({
        id,
        bookingNo: bookingNoOf(id),
        orderId: order.id,
        storeCode: order.storeCode,
        lineId: line.id,
        productId: line.productId,
        qtyOos: body.qty,
        isKelurahan: ordering !== null && proximityOf(ordering, serving) === STORE_PROXIMITY.KELURAHAN,
        status: BOOKING_STATUS.WAITING,
        createdBy: p.userId,
      })
      .returning();
    const [detail] = await tx.insert(stockBookingDetails).values({ bookingId: id, storeCode: serving.code, status: BOOKING_STATUS.WAITING }).returning();
    await recordChange(
      tx,
      { actorUserId: p.userId, entity: BOOKING_ENTITY, entityId: String(id), action: BOOKING_REQUEST, toValue: String(BOOKING_STATUS.WAITING), reason: addresseeNote(serving) },
      {
        storeCode: order.storeCode,
        type: 'booking.requested',
        payload: { action: 'requested', ...bookingFacts(booking!, detail!, order.shipmentNo, p.name) },
        alsoStoreCodes: [serving.code],
      },
    );
    return id;
  });
  return loadBookingDetail(db, p, bookID);
}
