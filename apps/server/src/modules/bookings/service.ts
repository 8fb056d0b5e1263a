// The bookings area's state changes: creating a booking and every step of BOOKING_FLOW (applied
// through the workflow kernel by service/step.ts).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  BOOKING_OPEN_STATUSES,
  BOOKING_STATUS,
  ERROR_DETAILS,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  STOCK_CAUSE,
  STOCK_CONDITION,
  STORE_PROXIMITY,
  type BookingDetail,
  type BookingReceiveBody,
  type BookingRefuseBody,
  type BookingReofferBody,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { products, stockBookingDetails, stockBookings, storeStock } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { moveStock, proximityOf, storeOrigin } from '../stock';
import { bookingRef } from './views';
import { addresseeNote, applyBookingStep, runStep, servingStoreFor, storeField, type LockedBooking, type StepWrite } from './service/step';

export { createBooking } from './service/create';

/**
 * The addressed store takes the booking: its sellable units of the product (the store_stock row
 * locked) must cover it (409 BOOKING_STOCK_SHORT), and move sellable → reserved on the ledger
 * (cause booking_take, ref booking:<id>). storeTaken and stockTaken are set, takenAt stamped (1131 → 1132).
 */
export function takeBooking(db: Db, p: Principal, bookID: number): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'take', async ({ b, d }, tx) => {
    const [stock] = await tx
      .select({ qty: storeStock.qty })
      .from(storeStock)
      .where(and(eq(storeStock.storeCode, d.storeCode), eq(storeStock.productId, b.productId)))
      .limit(1)
      .for('update');
    const have = stock?.qty ?? 0;
    if (have < b.qtyOos) throw new AppError('BOOKING_STOCK_SHORT', ERROR_DETAILS.bookingStockShort(Math.max(0, have), b.qtyOos));
    const move = { storeCode: d.storeCode, productId: b.productId, cause: STOCK_CAUSE.BOOKING_TAKE, ref: bookingRef(b.id), actorUserId: p.userId };
    await moveStock(tx, [
      { ...move, delta: -b.qtyOos, condition: STOCK_CONDITION.SELLABLE },
      { ...move, delta: b.qtyOos, condition: STOCK_CONDITION.RESERVED },
    ]);
    return { detail: { storeTaken: d.storeCode, stockTaken: b.qtyOos }, event: (facts) => ({ action: 'taken', ...facts }) };
  });
}

/** The addressed store refuses it (1131 → 1134): kept in refusedBy, never offered it again; the reason is optional. */
export function refuseBooking(db: Db, p: Principal, bookID: number, body: BookingRefuseBody): Promise<BookingDetail> {
  const reason = body.reason ?? null;
  return runStep(db, p, bookID, 'refuse', async ({ d }) => ({
    detail: { refusedBy: sql`array_append(${stockBookingDetails.refusedBy}, ${d.storeCode}::text)`, refuseReason: reason },
    note: reason,
    event: (facts) => ({ action: 'refused', ...facts, reason }),
  }));
}

/**
 * The ordering store offers a refused booking to another store (1134 → 1131): not its own (422
 * BOOKING_OWN_STORE), not one that refused it (422 BOOKING_STORE_REFUSED), known, with the units
 * (409 BOOKING_STORE_STOCK_SHORT). The store that refused it hears of it too.
 */
export function reofferBooking(db: Db, p: Principal, bookID: number, body: BookingReofferBody): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'reoffer', async ({ b, d }, tx) => {
    if (body.storeCode === b.storeCode) throw storeField('BOOKING_OWN_STORE');
    if (d.refusedBy.includes(body.storeCode)) throw new AppError('BOOKING_STORE_REFUSED', undefined, [{ path: 'body.storeCode', message: ERROR_MESSAGES.BOOKING_STORE_REFUSED }]);
    const serving = await servingStoreFor(tx, b.storeCode, body.storeCode, b.productId, b.qtyOos);
    const ordering = await storeOrigin(tx, b.storeCode);
    return {
      detail: { storeCode: serving.code, refuseReason: null, storeTaken: null, stockTaken: null },
      booking: { isKelurahan: ordering !== null && proximityOf(ordering, serving) === STORE_PROXIMITY.KELURAHAN },
      note: addresseeNote(serving),
      alsoTell: [d.storeCode],
      event: (facts) => ({ action: 'reoffered', ...facts }),
    };
  });
}

/** A barcode names the product: its EAN-13 or its productID, as scanned (spaces around ignored). */
async function barcodeMatches(tx: Tx, productId: string, barcode: string): Promise<boolean> {
  const code = barcode.trim();
  if (code === productId) return true;
  const [product] = await tx.select({ ean13: products.ean13 }).from(products).where(eq(products.productId, productId)).limit(1);
  return product?.ean13 === code;
}

/**
 * The ordering store receives the goods of a taken booking (`/get-product/:id`, 1132 → 1133): the
 * product's barcode (422 BOOKING_BARCODE_MISMATCH) and exactly the units taken (422
 * BOOKING_RECEIVE_QTY_MISMATCH). In the one transaction the reserved units leave the serving store
 * and enter the ordering store's sellable stock (cause booking_receive); receivedAt is stamped.
 */
export function receiveBooking(db: Db, p: Principal, bookID: number, body: BookingReceiveBody): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'receive', async ({ b, d }, tx) => {
    if (!(await barcodeMatches(tx, b.productId, body.barcode))) {
      throw new AppError('BOOKING_BARCODE_MISMATCH', undefined, [{ path: 'body.barcode', message: ERROR_MESSAGES.BOOKING_BARCODE_MISMATCH }]);
    }
    const units = d.stockTaken ?? b.qtyOos;
    if (body.qty !== units) throw new AppError('BOOKING_RECEIVE_QTY_MISMATCH', undefined, [{ path: 'body.qty', message: FIELD_MESSAGES.qtyMax(units) }]);
    const move = { productId: b.productId, cause: STOCK_CAUSE.BOOKING_RECEIVE, ref: bookingRef(b.id), actorUserId: p.userId };
    await moveStock(tx, [
      { ...move, storeCode: d.storeTaken ?? d.storeCode, delta: -units, condition: STOCK_CONDITION.RESERVED },
      { ...move, storeCode: b.storeCode, delta: units, condition: STOCK_CONDITION.SELLABLE },
    ]);
    return { event: (facts) => ({ action: 'received', ...facts }) };
  });
}

/** The write of a cancel (the step stamps cancelledAt and cancelledBy): a taken booking's reserved units back on the serving store's shelf (cause booking_release). */
async function cancelWrite(tx: Tx, p: Principal, { b, d }: LockedBooking): Promise<StepWrite<'cancel'>> {
  if (d.status === BOOKING_STATUS.TAKEN) {
    const units = d.stockTaken ?? b.qtyOos;
    const move = { storeCode: d.storeTaken ?? d.storeCode, productId: b.productId, cause: STOCK_CAUSE.BOOKING_RELEASE, ref: bookingRef(b.id), actorUserId: p.userId };
    await moveStock(tx, [
      { ...move, delta: -units, condition: STOCK_CONDITION.RESERVED },
      { ...move, delta: units, condition: STOCK_CONDITION.SELLABLE },
    ]);
  }
  return { event: (facts) => ({ action: 'cancelled', ...facts }) };
}

/** The ordering store cancels a booking that has not arrived (1131, 1134, 1132; 1133 → 409). */
export function cancelBooking(db: Db, p: Principal, bookID: number): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'cancel', (locked, tx) => cancelWrite(tx, p, locked));
}

/**
 * Cancels every open booking of an order, inside the caller's transaction (the cancellations area,
 * under the order's row lock): the same cancel as the ordering store's, each with its booking.cancelled
 * event, a taken one's reserved units given back once. The caller's right to cancel the order is
 * the right to cancel its bookings. Call it before moving any other stock of the order, so booking
 * rows are always locked before store_stock rows.
 */
export async function cancelOrderBookings(tx: Tx, actor: Principal, order: { id: number; shipmentNo: string; storeCode: string }): Promise<void> {
  const open = await tx
    .select({ b: stockBookings, d: stockBookingDetails })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .where(and(eq(stockBookings.orderId, order.id), isNull(stockBookings.cancelledAt), inArray(stockBookingDetails.status, [...BOOKING_OPEN_STATUSES])))
    .orderBy(asc(stockBookings.id))
    .for('update');
  for (const row of open) {
    await applyBookingStep(tx, actor, { ...row, shipmentNo: order.shipmentNo }, 'cancel', (locked) => cancelWrite(tx, actor, locked), true);
  }
}
