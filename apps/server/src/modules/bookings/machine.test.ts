import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS_LABEL, ERROR_DETAILS, parseEventPayload, type EventType } from '@gerai/contract';
import { crewNik } from '../../seed/demo-data';
import {
  auditOfBooking,
  bookingEvents,
  bookingRows,
  bookingTestFile,
  CHIEF,
  CHIEF_T002,
  ledgerOf,
  STAFF,
  STAFF_T002,
  STAFF_T003,
  stockRow,
  SUPERVISOR,
  unbalancedStock,
} from './booking-test-kit';

const file = bookingTestFile();
const { ctx, api } = file;
/** A T001 order short of `qty` units of a fresh product that T002 and T003 have 10 of (T001 none). */
const shortOrder = (qty = 3) => file.shortOrder(qty, 10, 0);

describe('the booking machine', () => {
  it('creates (1131, nothing reserved), T002 takes (1132, sellable → reserved), T001 receives (1133, into its sellable stock)', async () => {
    const { product, order } = await shortOrder(3);
    const created = await api.book(STAFF, order, 'T002', 3);
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json().data;
    expect(booking).toMatchObject({
      bookingNo: expect.stringMatching(/^BK\d{6}\d{6,}$/),
      shipmentNo: order.shipmentNo,
      productId: product.productId,
      qtyOos: 3,
      storeCode: 'T001',
      offeredTo: { storeCode: 'T002' },
      status: 1131,
      storeTaken: null,
      stockTaken: null,
      isKelurahan: false,
      cancelled: false,
      direction: 'out',
      lineId: order.lines[0]!.id,
      orderStatusId: 1102,
      actions: ['cancel'],
    });
    expect(booking.bookingNo.endsWith(String(booking.bookID).padStart(6, '0'))).toBe(true);
    expect(booking.distanceM).toBeGreaterThan(1000);
    expect(booking.latitude).toBe(booking.servingStore.latitude);
    expect(await stockRow(ctx, 'T002', product.productId)).toEqual({ qty: 10, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });

    // T002 sees it addressed to itself and may take or refuse it.
    const seen = await api.get(STAFF_T002, `/api/bookings/${booking.bookID}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ direction: 'in', actions: ['take', 'refuse'] });

    const taken = await api.step(STAFF_T002, booking.bookID, 'take');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 1132, storeTaken: 'T002', stockTaken: 3, actions: [], takenAt: expect.any(String) });
    expect(await stockRow(ctx, 'T002', product.productId)).toEqual({ qty: 7, qtyDamaged: 0, qtyReserved: 3, qtyInTransit: 0 });
    expect((await api.get(STAFF, `/api/bookings/${booking.bookID}`)).json().data.actions).toEqual(['receive', 'cancel']);

    const received = await api.step(STAFF, booking.bookID, 'receive', { barcode: product.ean13, qty: 3 });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({ status: 1133, storeTaken: 'T002', stockTaken: 3, actions: [], receivedAt: expect.any(String) });
    expect(await stockRow(ctx, 'T002', product.productId)).toEqual({ qty: 7, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });
    expect(await stockRow(ctx, 'T001', product.productId)).toEqual({ qty: 3, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });

    const ledger = (await ledgerOf(ctx, booking.bookID)).map((m) => [m.cause, m.storeCode, m.condition, m.delta]);
    expect(ledger).toEqual([
      ['booking_take', 'T002', 'sellable', -3],
      ['booking_take', 'T002', 'reserved', 3],
      ['booking_receive', 'T002', 'reserved', -3],
      ['booking_receive', 'T001', 'sellable', 3],
    ]);
    const rows = await bookingRows(ctx, booking.bookID);
    expect(rows.b.status).toBe(1133);
    expect(rows.d).toMatchObject({ status: 1133, storeTaken: 'T002', stockTaken: 3 });

    // History from the audit rows, with the actors' names.
    const history = received.json().data.history as Array<{ action: string; actorName: string }>;
    expect(history.map((h) => `${h.action}:${h.actorName}`)).toEqual(['request:Budi Santoso', 'take:Siti Rahmawati', 'receive:Budi Santoso']);
    expect(await unbalancedStock(ctx)).toEqual([]);
  });

  it('writes every step’s event to both stores, typed by the catalogue', async () => {
    const { product, order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T002', 2);
    await api.step(STAFF_T002, booking.bookID, 'take');
    await api.step(CHIEF, booking.bookID, 'receive', { barcode: product.productId, qty: 2 });
    const written = await bookingEvents(ctx, booking.bookID);
    expect(written.map((e) => `${e.type}@${e.storeCode}`)).toEqual([
      'booking.requested@T001',
      'booking.requested@T002',
      'booking.taken@T001',
      'booking.taken@T002',
      'booking.received@T001',
      'booking.received@T002',
    ]);
    for (const e of written) parseEventPayload(e.type as EventType, e.payload);
    expect(written[0]!.payload).toEqual({
      action: 'requested',
      bookID: booking.bookID,
      bookDetID: booking.bookDetID,
      bookingNo: booking.bookingNo,
      shipmentNo: order.shipmentNo,
      productId: product.productId,
      qtyOos: 2,
      status: 1131,
      orderingStore: 'T001',
      servingStore: 'T002',
      storeTaken: null,
      stockTaken: null,
      actorName: 'Budi Santoso',
    });
    expect(written[2]!.payload).toMatchObject({ action: 'taken', status: 1132, storeTaken: 'T002', stockTaken: 2, actorName: 'Siti Rahmawati' });
    expect(written[4]!.payload).toMatchObject({ action: 'received', status: 1133, actorName: 'Agus Setiawan' });
    expect((await auditOfBooking(ctx, booking.bookID)).map((a) => `${a.action}:${a.fromValue}→${a.toValue}`)).toEqual(['request:null→1131', 'take:1131→1132', 'receive:1132→1133']);
  });

  it('refuses (1134, reason kept), re-offers to a third store (1131) that takes it; the refusing store is never proposed again', async () => {
    const { product, order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T002', 2);
    const refused = await api.step(STAFF_T002, booking.bookID, 'refuse', { reason: 'Stok untuk promo' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 1134, storeTaken: null, stockTaken: null, refuseReason: 'Stok untuk promo', refusedBy: [{ storeCode: 'T002' }] });
    // Still addressed to the refusing store until it is offered elsewhere, with nothing left for it to do.
    expect((await api.get(STAFF_T002, `/api/bookings/${booking.bookID}`)).json().data).toMatchObject({ direction: 'in', actions: [] });
    expect((await api.get(STAFF, `/api/bookings/${booking.bookID}`)).json().data.actions).toEqual(['reoffer', 'cancel']);
    const stores = await api.get(STAFF, `/api/bookings/stores?productId=${product.productId}&qty=2&bookID=${booking.bookID}`);
    expect(stores.statusCode, stores.body).toBe(200);
    expect(stores.json().data.items.map((s: { storeCode: string }) => s.storeCode)).not.toContain('T002');
    expect(stores.json().data.items[0]).toMatchObject({ storeCode: 'T003', isKelurahan: true, proximity: 'kelurahan' });

    const again = await api.step(STAFF, booking.bookID, 'reoffer', { storeCode: 'T003' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 1131, offeredTo: { storeCode: 'T003' }, isKelurahan: true, refusedBy: [{ storeCode: 'T002' }], refuseReason: null });
    const reoffered = (await bookingEvents(ctx, booking.bookID)).filter((e) => e.type === 'booking.reoffered');
    for (const e of await bookingEvents(ctx, booking.bookID)) parseEventPayload(e.type as EventType, e.payload);
    expect(reoffered[0]!.payload).toMatchObject({ action: 'reoffered', status: 1131, servingStore: 'T003' });
    const [refusedEvent] = (await bookingEvents(ctx, booking.bookID)).filter((e) => e.type === 'booking.refused');
    expect(refusedEvent!.payload).toMatchObject({ action: 'refused', status: 1134, servingStore: 'T002', reason: 'Stok untuk promo' });
    expect(reoffered.map((e) => e.storeCode).sort()).toEqual(['T001', 'T002', 'T003']);

    // T003's crew takes it (the supervisor could too: T003 is one of their stores).
    // The store that refused it still reads it (200, not a 404 its phone would log), as it was when it refused.
    const asRefused = await api.get(STAFF_T002, `/api/bookings/${booking.bookID}`);
    expect(asRefused.statusCode, asRefused.body).toBe(200);
    expect(asRefused.json().data).toMatchObject({ refusedByMe: true, status: 1134, offeredTo: { storeCode: 'T002' }, refuseReason: 'Stok untuk promo', actions: [], direction: 'in' });
    const taken = await api.step(STAFF_T003, booking.bookID, 'take');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 1132, storeTaken: 'T003', stockTaken: 2 });
    expect(await stockRow(ctx, 'T003', product.productId)).toMatchObject({ qty: 8, qtyReserved: 2 });
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 10, qtyReserved: 0 });
    expect((await auditOfBooking(ctx, booking.bookID)).map((a) => a.action)).toEqual(['request', 'refuse', 'reoffer', 'take']);
    // What happened after its refusal is the other stores' business: who took it, how many, the steps after.
    const later = (await api.get(STAFF_T002, `/api/bookings/${booking.bookID}`)).json().data;
    expect(later).toMatchObject({ refusedByMe: true, status: 1134, storeTaken: null, stockTaken: null, takenAt: null, servingStore: { storeCode: 'T002' } });
    expect(later.history.map((h: { action: string }) => h.action)).toEqual(['request', 'refuse']);
    expect(JSON.stringify(later)).not.toContain('T003');
    // It may still do nothing: a step answers 404 as before; a store that never took part reads 404.
    expect((await api.step(STAFF_T002, booking.bookID, 'take')).statusCode).toBe(404);
    expect((await api.get(crewNik('T004'), `/api/bookings/${booking.bookID}`)).statusCode).toBe(404);
    // The sides read it as it is.
    expect((await api.get(STAFF, `/api/bookings/${booking.bookID}`)).json().data).toMatchObject({ refusedByMe: false, status: 1132, storeTaken: 'T003' });
  });

  it('the supervisor working as T003 takes a booking addressed to T003', async () => {
    const { product, order } = await shortOrder(1);
    const booking = await api.booked(STAFF, order, 'T003', 1);
    await api.supervisorAt('T003');
    const detail = await api.get(SUPERVISOR, `/api/bookings/${booking.bookID}`);
    // Both of its stores are the supervisor's: either side's steps are open to them.
    expect(detail.json().data).toMatchObject({ direction: 'in', actions: ['take', 'refuse', 'cancel'] });
    const taken = await api.step(SUPERVISOR, booking.bookID, 'take');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await stockRow(ctx, 'T003', product.productId)).toMatchObject({ qty: 9, qtyReserved: 1 });
    expect(taken.json().data.history.at(-1)).toMatchObject({ action: 'take', actorName: 'Dewi Lestari' });
  });

  it('cancels before the take (nothing to give back) and after it (the reserved units back once)', async () => {
    const { product, order } = await shortOrder(4);
    const waiting = await api.booked(STAFF, order, 'T002', 2);
    const cancelled = await api.step(STAFF, waiting.bookID, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 1131, cancelled: true, cancelledAt: expect.any(String), actions: [] });
    expect(await ledgerOf(ctx, waiting.bookID)).toEqual([]);
    // A cancelled booking no longer counts: the line lacks its 4 units again.
    const proposal = await api.get(STAFF, `/api/bookings/proposal?shipmentNo=${order.shipmentNo}&lineId=${order.lines[0]!.id}`);
    expect(proposal.json().data.line).toMatchObject({ qtyBooked: 0, lacking: 4 });

    const taken = await api.booked(STAFF, order, 'T002', 4);
    expect((await api.step(STAFF_T002, taken.bookID, 'take')).statusCode).toBe(200);
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 6, qtyReserved: 4 });
    const back = await api.step(STAFF, taken.bookID, 'cancel');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 1132, cancelled: true });
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 10, qtyReserved: 0 });
    const again = await api.step(STAFF, taken.bookID, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BOOKING_STATUS_CHANGED');
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 10, qtyReserved: 0 });
    expect((await ledgerOf(ctx, taken.bookID)).map((m) => `${m.cause}:${m.condition}:${m.delta}`)).toEqual([
      'booking_take:sellable:-4',
      'booking_take:reserved:4',
      'booking_release:reserved:-4',
      'booking_release:sellable:4',
    ]);
    const cancelledEvents = (await bookingEvents(ctx, taken.bookID)).filter((e) => e.type === 'booking.cancelled');
    expect(cancelledEvents.map((e) => e.storeCode)).toEqual(['T001', 'T002']);
    expect(parseEventPayload('booking.cancelled', cancelledEvents[0]!.payload)).toMatchObject({ action: 'cancelled', status: 1132, storeTaken: 'T002', stockTaken: 4 });
    // Once received, a booking cannot be cancelled.
    const third = await api.booked(STAFF, order, 'T003', 1);
    await api.step(STAFF_T003, third.bookID, 'take');
    await api.step(STAFF, third.bookID, 'receive', { barcode: product.ean13, qty: 1 });
    const late = await api.step(STAFF, third.bookID, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ERROR_DETAILS.bookingStatusChangedTo(BOOKING_STATUS_LABEL[1133]));
    expect(await unbalancedStock(ctx)).toEqual([]);
  });

  it('replays a take retried with the same Idempotency-Key: the stock moves once', async () => {
    const { product, order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T002', 2);
    const key = { 'idempotency-key': `booking-take-${booking.bookID}-replay` };
    const first = await api.step(STAFF_T002, booking.bookID, 'take', {}, key);
    const again = await api.step(STAFF_T002, booking.bookID, 'take', {}, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 8, qtyReserved: 2 });
    expect(await ledgerOf(ctx, booking.bookID)).toHaveLength(2);
    expect((await auditOfBooking(ctx, booking.bookID)).filter((a) => a.action === 'take')).toHaveLength(1);
    expect((await bookingEvents(ctx, booking.bookID)).filter((e) => e.type === 'booking.taken')).toHaveLength(2);
  });

  it("starts a demo booking's history (no audit rows) from its creation", async () => {
    const seeded = (await api.get(STAFF, '/api/bookings?direction=out&size=100')).json().data.items as Array<{ bookID: number }>;
    const demo = seeded.find((b) => b.bookID <= 4)!;
    const detail = (await api.get(STAFF, `/api/bookings/${demo.bookID}`)).json().data;
    expect(detail.history[0]).toMatchObject({ action: 'request', at: detail.createdAt });
  });

  it('shows "-" (null) for storeTaken and stockTaken while 1131/1134, in the order detail too, and blocks nothing else', async () => {
    const { order } = await shortOrder(2);
    const booking = await api.booked(STAFF, order, 'T002', 1);
    const detail = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data;
    expect(detail.bookings).toEqual([expect.objectContaining({ bookID: booking.bookID, status: 1131, storeTaken: null, stockTaken: null, offeredTo: expect.objectContaining({ storeCode: 'T002' }) })]);
    expect(detail.bookingBlocked).toBe(true);
    await api.step(CHIEF_T002, booking.bookID, 'take');
    const after = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data;
    expect(after.bookings[0]).toMatchObject({ status: 1132, storeTaken: 'T002', stockTaken: 1 });
    expect(after.bookingBlocked).toBe(false);
  });
});
