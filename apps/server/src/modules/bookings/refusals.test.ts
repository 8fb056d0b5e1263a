import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_STATUS_LABEL, ERROR_DETAILS, FIELD_MESSAGES } from '@gerai/contract';
import { stockBookings } from '../../db/schema';
import {
  auditOfBooking,
  bookingRows,
  bookingTestFile,
  CHIEF_T002,
  ledgerOf,
  setStock,
  STAFF,
  STAFF_T002,
  STAFF_T003,
  stockRow,
  type TestOrder,
} from './booking-test-kit';

const { ctx, api, freshProduct, shortOrder } = bookingTestFile();

const bookingsOf = (order: TestOrder) => ctx.handle.db.select().from(stockBookings).where(eq(stockBookings.orderId, order.id));

/** Everything a refused change might have touched: the booking, its ledger and audit, both stores' stock. */
async function snapshot(bookID: number, productId: string) {
  return {
    rows: await bookingRows(ctx, bookID),
    ledger: await ledgerOf(ctx, bookID),
    audit: (await auditOfBooking(ctx, bookID)).length,
    stock: await Promise.all(['T001', 'T002', 'T003'].map((s) => stockRow(ctx, s, productId))),
  };
}

describe('creating a booking: refusals', () => {
  it('refuses more than the line lacks (422 BOOKING_QTY_EXCEEDS), counting the open bookings of the line', async () => {
    const { order } = await shortOrder(3);
    const line = order.lines[0]!;
    const over = await api.book(STAFF, order, 'T002', 4);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'BOOKING_QTY_EXCEEDS', message: ERROR_DETAILS.bookingQtyExceeds(line.name, 3), details: [{ path: 'body.qty', message: FIELD_MESSAGES.qtyMax(3) }] });
    await api.booked(STAFF, order, 'T002', 2);
    const second = await api.book(STAFF, order, 'T003', 2);
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe(ERROR_DETAILS.bookingQtyExceeds(line.name, 1));
    expect((await api.book(STAFF, order, 'T003', 1)).statusCode).toBe(201);
    expect((await api.book(STAFF, order, 'T003', 1)).json().code).toBe('BOOKING_QTY_EXCEEDS');
    expect(await bookingsOf(order)).toHaveLength(2);
  });

  it("answers 404 for another store's order, and for a line that is not the order's", async () => {
    const { order } = await shortOrder(2);
    const foreign = await api.book(STAFF_T002, order, 'T003', 1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const proposal = await api.get(STAFF_T002, `/api/bookings/proposal?shipmentNo=${order.shipmentNo}&lineId=${order.lines[0]!.id}`);
    expect(proposal.statusCode).toBe(404);
    const other = await api.pickingOrder([{ productId: order.lines[0]!.productId, qty: 1 }]);
    const wrongLine = await api.post(STAFF, '/api/bookings', { shipmentNo: order.shipmentNo, lineId: other.lines[0]!.id, qty: 1, storeCode: 'T002' });
    expect(wrongLine.statusCode).toBe(404);
    expect(await bookingsOf(order)).toHaveLength(0);
  });

  it('refuses its own store (422 BOOKING_OWN_STORE), an unknown one (422 STORE_UNKNOWN) and one without the units (409 BOOKING_STORE_STOCK_SHORT)', async () => {
    const { product, order } = await shortOrder(3, 2);
    const own = await api.book(STAFF, order, 'T001', 1);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ code: 'BOOKING_OWN_STORE', details: [{ path: 'body.storeCode' }] });
    const unknown = await api.book(STAFF, order, 'T999', 1);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('STORE_UNKNOWN');
    const short = await api.book(STAFF, order, 'T002', 3);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'BOOKING_STORE_STOCK_SHORT', message: ERROR_DETAILS.bookingStoreStockShort('T002 Toko Pela Mampang', 2) });
    expect(await bookingsOf(order)).toHaveLength(0);
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 2, qtyReserved: 0 });
  });

  it('refuses an order that is not being picked (409 BOOKING_ORDER_NOT_PICKING)', async () => {
    const { product, order } = await shortOrder(1);
    // Every unit picked, then packed: 1103.
    await api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: product.ean13 });
    const packed = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
    expect(packed.statusCode, packed.body).toBe(200);
    const res = await api.book(STAFF, order, 'T002', 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BOOKING_ORDER_NOT_PICKING');
    const proposal = await api.get(STAFF, `/api/bookings/proposal?shipmentNo=${order.shipmentNo}&lineId=${order.lines[0]!.id}`);
    expect(proposal.statusCode).toBe(409);
    expect(proposal.json().code).toBe('BOOKING_ORDER_NOT_PICKING');
  });
});

describe('the steps: refusals change nothing', () => {
  it('refuses a take beyond the stock on hand (409 BOOKING_STOCK_SHORT): nothing reserved, still 1131', async () => {
    const { product, order } = await shortOrder(3);
    const booking = await api.booked(STAFF, order, 'T002', 3);
    await setStock(ctx, 'T002', product.productId, 2);
    const before = await snapshot(booking.bookID, product.productId);
    const res = await api.step(STAFF_T002, booking.bookID, 'take');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BOOKING_STOCK_SHORT', message: ERROR_DETAILS.bookingStockShort(2, 3) });
    expect(await snapshot(booking.bookID, product.productId)).toEqual(before);
    expect(before.rows.d.status).toBe(1131);
    expect(before.ledger).toEqual([]);
  });

  it("answers 404 to a store that cannot see a booking and 403 BOOKING_NOT_ADDRESSED to the ordering store taking its own", async () => {
    const { product, order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T003', 2);
    const before = await snapshot(booking.bookID, product.productId);
    for (const step of ['take', 'refuse', 'reoffer', 'receive', 'cancel'] as const) {
      const body = step === 'reoffer' ? { storeCode: 'T002' } : step === 'receive' ? { barcode: product.ean13, qty: 2 } : {};
      for (const nik of [STAFF_T002, CHIEF_T002]) {
        const res = await api.step(nik, booking.bookID, step, body);
        expect(res.statusCode, `${nik} ${step}`).toBe(404);
        expect(res.json().code).toBe('BOOKING_NOT_FOUND');
      }
    }
    expect((await api.get(STAFF_T002, `/api/bookings/${booking.bookID}`)).statusCode).toBe(404);
    for (const step of ['take', 'refuse'] as const) {
      const res = await api.step(STAFF, booking.bookID, step);
      expect(res.statusCode, step).toBe(403);
      expect(res.json().code).toBe('BOOKING_NOT_ADDRESSED');
    }
    expect(await snapshot(booking.bookID, product.productId)).toEqual(before);
  });

  it('answers 403 BOOKING_NOT_ORDERING to the addressed store re-offering, receiving or cancelling', async () => {
    const { product, order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T003', 2);
    await api.step(STAFF_T003, booking.bookID, 'take');
    const before = await snapshot(booking.bookID, product.productId);
    for (const [step, body] of [
      ['reoffer', { storeCode: 'T002' }],
      ['receive', { barcode: product.ean13, qty: 2 }],
      ['cancel', {}],
    ] as const) {
      const res = await api.step(STAFF_T003, booking.bookID, step, body);
      expect(res.statusCode, step).toBe(403);
      expect(res.json().code).toBe('BOOKING_NOT_ORDERING');
    }
    expect(await snapshot(booking.bookID, product.productId)).toEqual(before);
  });

  it('refuses a re-offer to its own store, to a store that refused, to a store without the units, and of a booking not refused', async () => {
    const { product, order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T002', 2);
    const early = await api.step(STAFF, booking.bookID, 'reoffer', { storeCode: 'T003' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ERROR_DETAILS.bookingStatusChangedTo(BOOKING_STATUS_LABEL[1131]));
    await api.step(STAFF_T002, booking.bookID, 'refuse', {});
    await setStock(ctx, 'T003', product.productId, 1);
    const before = await snapshot(booking.bookID, product.productId);
    const own = await api.step(STAFF, booking.bookID, 'reoffer', { storeCode: 'T001' });
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('BOOKING_OWN_STORE');
    const refusedAlready = await api.step(STAFF, booking.bookID, 'reoffer', { storeCode: 'T002' });
    expect(refusedAlready.statusCode).toBe(422);
    expect(refusedAlready.json()).toMatchObject({ code: 'BOOKING_STORE_REFUSED', details: [{ path: 'body.storeCode' }] });
    const short = await api.step(STAFF, booking.bookID, 'reoffer', { storeCode: 'T003' });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('BOOKING_STORE_STOCK_SHORT');
    const unknown = await api.step(STAFF, booking.bookID, 'reoffer', { storeCode: 'T998' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('STORE_UNKNOWN');
    expect(await snapshot(booking.bookID, product.productId)).toEqual(before);
    expect(before.rows.d).toMatchObject({ status: 1134, storeCode: 'T002', refusedBy: ['T002'] });
  });

  it('refuses a receive with a barcode of another product (422) or a count other than stockTaken (422), and before the take (409)', async () => {
    const { product, order } = await shortOrder(3);
    const other = await freshProduct();
    const booking = await api.booked(STAFF, order, 'T002', 3);
    const early = await api.step(STAFF, booking.bookID, 'receive', { barcode: product.ean13, qty: 3 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('BOOKING_STATUS_CHANGED');
    await api.step(STAFF_T002, booking.bookID, 'take');
    const before = await snapshot(booking.bookID, product.productId);
    const wrong = await api.step(STAFF, booking.bookID, 'receive', { barcode: other.ean13, qty: 3 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'BOOKING_BARCODE_MISMATCH', details: [{ path: 'body.barcode' }] });
    for (const qty of [2, 4]) {
      const res = await api.step(STAFF, booking.bookID, 'receive', { barcode: product.ean13, qty });
      expect(res.statusCode, String(qty)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'BOOKING_RECEIVE_QTY_MISMATCH', details: [{ path: 'body.qty' }] });
    }
    expect(await snapshot(booking.bookID, product.productId)).toEqual(before);
    expect(before.rows.d.status).toBe(1132);
    // The scanned EAN-13 with spaces a scanner may add is the product's.
    expect((await api.step(STAFF, booking.bookID, 'receive', { barcode: ` ${product.ean13} `, qty: 3 })).statusCode).toBe(200);
  });

  it('answers 404 BOOKING_NOT_FOUND for a booking that does not exist', async () => {
    const res = await api.get(STAFF, '/api/bookings/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('BOOKING_NOT_FOUND');
    expect((await api.step(STAFF, 999999, 'cancel')).statusCode).toBe(404);
  });
});
