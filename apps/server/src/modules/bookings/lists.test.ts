import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { BOOKING_LIMITS, distanceMeters } from '@gerai/contract';
import { stores, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { cancelOrderBookings } from './index';
import {
  bookingEvents,
  bookingRows,
  bookingTestFile,
  CHIEF,
  ledgerOf,
  setStock,
  STAFF,
  STAFF_T002,
  STAFF_T003,
  stockRow,
  SUPER_USER,
  type BookingReply,
  type TestOrder,
} from './booking-test-kit';

const { ctx, api, freshProduct } = bookingTestFile();

type Item = { bookID: number; direction: string; status: number; storeCode: string; offeredTo: { storeCode: string }; cancelled: boolean };
const ids = (items: Item[]) => items.map((i) => i.bookID);

describe('lists, groups and counts of my store', () => {
  let product: { productId: string; ean13: string; name: string };
  let order: TestOrder;
  let toT002: BookingReply;
  let toT003: BookingReply;
  let incoming: BookingReply;
  let cancelled: BookingReply;
  let countsBefore: Record<string, number>;

  beforeAll(async () => {
    countsBefore = (await api.get(STAFF, '/api/bookings/count')).json().data;
    product = await freshProduct();
    for (const s of ['T001', 'T002', 'T003']) await setStock(ctx, s, product.productId, 20);
    order = await api.pickingOrder([{ productId: product.productId, qty: 9 }]);
    toT002 = await api.booked(STAFF, order, 'T002', 2);
    toT003 = await api.booked(STAFF, order, 'T003', 3);
    await api.step(STAFF_T003, toT003.bookID, 'take');
    cancelled = await api.booked(STAFF, order, 'T002', 1);
    await api.step(STAFF, cancelled.bookID, 'cancel');
    // T002 books from T001: addressed to my store.
    const theirs = await api.pickingOrder([{ productId: product.productId, qty: 4 }], 'T002');
    incoming = await api.booked(STAFF_T002, theirs, 'T001', 4);
  });

  it('lists out (booked by my store) and in (addressed to it), newest first, cancelled ones only when asked', async () => {
    const out = (await api.get(STAFF, `/api/bookings?direction=out&productId=${product.productId}`)).json().data;
    expect(ids(out.items)).toEqual([toT003.bookID, toT002.bookID]);
    expect(out.total).toBe(2);
    expect(out.items.every((i: Item) => i.direction === 'out' && i.storeCode === 'T001')).toBe(true);
    const withCancelled = (await api.get(STAFF, `/api/bookings?direction=out&productId=${product.productId}&includeCancelled=true`)).json().data;
    expect(ids(withCancelled.items)).toEqual([cancelled.bookID, toT003.bookID, toT002.bookID]);
    expect(withCancelled.items[0]).toMatchObject({ cancelled: true });

    const inbound = (await api.get(STAFF, `/api/bookings?direction=in&productId=${product.productId}`)).json().data;
    expect(inbound.items).toEqual([expect.objectContaining({ bookID: incoming.bookID, direction: 'in', storeCode: 'T002', offeredTo: { storeCode: 'T001', storeName: 'Toko Kemang Raya' } })]);
    const both = (await api.get(STAFF, `/api/bookings?productId=${product.productId}`)).json().data;
    expect(ids(both.items)).toEqual([incoming.bookID, toT003.bookID, toT002.bookID]);
    // T002 sees the same booking from its side.
    const theirs = (await api.get(STAFF_T002, `/api/bookings?productId=${product.productId}`)).json().data;
    expect(theirs.items.find((i: Item) => i.bookID === incoming.bookID)).toMatchObject({ direction: 'out' });
    expect(theirs.items.find((i: Item) => i.bookID === toT002.bookID)).toMatchObject({ direction: 'in' });
  });

  it('filters by status, other store and text, and pages', async () => {
    const taken = (await api.get(STAFF, `/api/bookings?status=1132&productId=${product.productId}`)).json().data;
    expect(ids(taken.items)).toEqual([toT003.bookID]);
    expect(taken.items[0]).toMatchObject({ storeTaken: 'T003', stockTaken: 3 });
    const withT002 = (await api.get(STAFF, `/api/bookings?storeCode=T002&productId=${product.productId}`)).json().data;
    expect(ids(withT002.items)).toEqual([incoming.bookID, toT002.bookID]);
    const byNo = (await api.get(STAFF, `/api/bookings?q=${toT002.bookingNo}`)).json().data;
    expect(ids(byNo.items)).toEqual([toT002.bookID]);
    const byName = (await api.get(STAFF, `/api/bookings?q=${encodeURIComponent(product.name.slice(0, 12))}&productId=${product.productId}`)).json().data;
    expect(byName.total).toBe(3);
    const page2 = (await api.get(STAFF, `/api/bookings?productId=${product.productId}&size=2&page=2`)).json().data;
    expect(page2).toMatchObject({ page: 2, size: 2, total: 3 });
    expect(ids(page2.items)).toEqual([toT002.bookID]);
    const bad = await api.get(STAFF, '/api/bookings?status=1200');
    expect(bad.statusCode).toBe(400);
  });

  it('groups by product and by the other store, with counts per status (cancelled left out)', async () => {
    const byProduct = (await api.get(STAFF, `/api/bookings/by-product?q=${product.ean13}`)).json().data;
    expect(byProduct.items).toEqual([
      { productId: product.productId, productName: product.name, barcode: product.ean13, imageUrl: null, total: 3, waiting: 2, taken: 1, done: 0, refused: 0, qtyOos: 9 },
    ]);
    const outOnly = (await api.get(STAFF, `/api/bookings/by-product?direction=out&q=${product.ean13}`)).json().data;
    expect(outOnly.items[0]).toMatchObject({ total: 2, qtyOos: 5 });

    const byStore = (await api.get(STAFF, '/api/bookings/by-store?q=T00')).json().data;
    const t002 = byStore.items.find((g: { storeCode: string }) => g.storeCode === 'T002');
    const t003 = byStore.items.find((g: { storeCode: string }) => g.storeCode === 'T003');
    const [t1, t2, t3] = await ctx.handle.db.select().from(stores).where(inArray(stores.code, ['T001', 'T002', 'T003'])).orderBy(stores.code);
    expect(t002).toMatchObject({ kecamatan: 'Mampang Prapatan', isKelurahan: false, distanceM: Math.round(distanceMeters({ lat: t1!.latitude, lng: t1!.longitude }, { lat: t2!.latitude, lng: t2!.longitude })) });
    expect(t003).toMatchObject({ isKelurahan: true, distanceM: Math.round(distanceMeters({ lat: t1!.latitude, lng: t1!.longitude }, { lat: t3!.latitude, lng: t3!.longitude })) });
    expect(t002.total).toBeGreaterThanOrEqual(2);
    const onlyT003 = (await api.get(STAFF, '/api/bookings/by-store?q=Bangka%20Indah')).json().data;
    expect(onlyT003.items.map((g: { storeCode: string }) => g.storeCode)).toEqual(['T003']);
  });

  it('counts what waits on my store and my open bookings', async () => {
    const counts = (await api.get(STAFF, '/api/bookings/count')).json().data;
    expect(counts).toEqual({
      incomingWaiting: countsBefore.incomingWaiting! + 1,
      incomingTaken: countsBefore.incomingTaken!,
      outgoingWaiting: countsBefore.outgoingWaiting! + 1,
      outgoingTaken: countsBefore.outgoingTaken! + 1,
      outgoingRefused: countsBefore.outgoingRefused!,
    });
    const none = await api.get(SUPER_USER, '/api/bookings/count');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('STORE_REQUIRED');
  });
});

describe('stores that may serve, and the proposal', () => {
  it('proposes the kelurahan first, then the kecamatan, then by distance, with at least the units asked', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T002', product.productId, 5);
    await setStock(ctx, 'T003', product.productId, 1);
    const order = await api.pickingOrder([{ productId: product.productId, qty: 2 }]);
    const stores = async (query: string) => (await api.get(STAFF, `/api/bookings/stores?productId=${product.productId}&${query}`)).json().data;

    const kelurahan = await stores('qty=1&scope=kelurahan');
    expect(kelurahan.items.map((s: { storeCode: string }) => s.storeCode)).toEqual(['T003']);
    expect(kelurahan.items[0]).toMatchObject({ proximity: 'kelurahan', isKelurahan: true, qty: 1, kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan' });
    const kecamatan = await stores('qty=1&scope=kecamatan');
    expect(kecamatan.items.map((s: { storeCode: string }) => s.storeCode)).toEqual(['T003', 'T002']);
    const two = await stores('qty=2&scope=kecamatan');
    expect(two.items.map((s: { storeCode: string }) => s.storeCode)).toEqual(['T002']);

    const nearby = await stores('qty=2&size=100');
    const codes = nearby.items.map((s: { storeCode: string }) => s.storeCode);
    expect(codes[0]).toBe('T002');
    expect(codes).not.toContain('T001');
    expect(codes).not.toContain('T003');
    expect(nearby.total).toBe(nearby.items.length);
    expect(nearby.total).toBeLessThanOrEqual(BOOKING_LIMITS.nearbyStores);
    const rest = nearby.items.slice(1) as Array<{ distanceM: number; proximity: string; qty: number }>;
    expect(rest.every((s) => s.proximity === 'nearby' && s.qty >= 2)).toBe(true);
    expect(rest.map((s) => s.distanceM)).toEqual([...rest.map((s) => s.distanceM)].sort((a, b) => a - b));
    const paged = await stores('qty=2&size=3&page=2');
    expect(paged.items.map((s: { storeCode: string }) => s.storeCode)).toEqual(codes.slice(3, 6));
    expect(paged.total).toBe(nearby.total);
    const named = await stores('qty=1&q=pela');
    expect(named.items.map((s: { storeCode: string }) => s.storeCode)).toEqual(['T002']);

    const proposal = (await api.get(STAFF, `/api/bookings/proposal?shipmentNo=${order.shipmentNo}&lineId=${order.lines[0]!.id}`)).json().data;
    expect(proposal.line).toMatchObject({ shipmentNo: order.shipmentNo, lineId: order.lines[0]!.id, productId: product.productId, qty: 2, qtyPicked: 0, attrQtyOos: 0, qtyBooked: 0, lacking: 2 });
    expect(proposal.stores.map((s: { storeCode: string }) => s.storeCode)).toEqual(codes.slice(0, BOOKING_LIMITS.proposalStores));

    // Nothing is proposed once the line lacks nothing.
    await api.booked(STAFF, order, 'T002', 2);
    const full = (await api.get(STAFF, `/api/bookings/proposal?shipmentNo=${order.shipmentNo}&lineId=${order.lines[0]!.id}`)).json().data;
    expect(full.line).toMatchObject({ qtyBooked: 2, lacking: 0 });
    expect(full.stores).toEqual([]);
  });

  it("answers 404 for a bookID the caller cannot see", async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T003', product.productId, 5);
    const order = await api.pickingOrder([{ productId: product.productId, qty: 1 }]);
    const booking = await api.booked(STAFF, order, 'T003', 1);
    const res = await api.get(STAFF_T002, `/api/bookings/stores?productId=${product.productId}&bookID=${booking.bookID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('BOOKING_NOT_FOUND');
  });
});

describe("an order's cancellation", () => {
  it('cancels every open booking of the order (a taken one gives its units back), leaves a received one, and tells both stores', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T002', product.productId, 10);
    await setStock(ctx, 'T003', product.productId, 10);
    const order = await api.pickingOrder([{ productId: product.productId, qty: 6 }]);
    const waiting = await api.booked(STAFF, order, 'T002', 1);
    const refused = await api.booked(STAFF, order, 'T003', 1);
    await api.step(STAFF_T003, refused.bookID, 'refuse', { reason: 'Habis' });
    const taken = await api.booked(STAFF, order, 'T002', 2);
    await api.step(STAFF_T002, taken.bookID, 'take');
    const done = await api.booked(STAFF, order, 'T003', 1);
    await api.step(STAFF_T003, done.bookID, 'take');
    await api.step(STAFF, done.bookID, 'receive', { barcode: product.ean13, qty: 1 });
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 8, qtyReserved: 2 });

    const [chief] = await ctx.handle.db.select().from(users).where(eq(users.nik, CHIEF));
    const actor = (await loadPrincipal(ctx.handle.db, chief!.id))!;
    await ctx.handle.db.transaction((tx) => cancelOrderBookings(tx, actor, { id: order.id, shipmentNo: order.shipmentNo, storeCode: 'T001' }));

    for (const b of [waiting, refused, taken]) {
      const rows = await bookingRows(ctx, b.bookID);
      expect(rows.b.cancelledAt, String(b.bookID)).not.toBeNull();
      expect(rows.b.cancelledBy).toBe(actor.userId);
      const cancelledEvents = (await bookingEvents(ctx, b.bookID)).filter((e) => e.type === 'booking.cancelled');
      expect(cancelledEvents.map((e) => e.storeCode).sort()).toEqual(['T001', b.offeredTo.storeCode].sort());
      expect(cancelledEvents[0]!.payload).toMatchObject({ action: 'cancelled', actorName: 'Agus Setiawan', shipmentNo: order.shipmentNo });
    }
    expect((await bookingRows(ctx, done.bookID)).b.cancelledAt).toBeNull();
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 10, qtyReserved: 0 });
    expect((await ledgerOf(ctx, taken.bookID)).map((m) => m.cause)).toEqual(['booking_take', 'booking_take', 'booking_release', 'booking_release']);
    const detail = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data;
    expect(detail.bookings.map((b: { bookID: number }) => b.bookID)).toEqual([done.bookID]);
    expect(detail.bookingBlocked).toBe(false);
    // Nothing is left to cancel a second time.
    await ctx.handle.db.transaction((tx) => cancelOrderBookings(tx, actor, { id: order.id, shipmentNo: order.shipmentNo, storeCode: 'T001' }));
    expect((await bookingEvents(ctx, taken.bookID)).filter((e) => e.type === 'booking.cancelled')).toHaveLength(2);
  });

  it('is what the cancellations route does: cancelling the order through it cancels its bookings', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T002', product.productId, 10);
    const order = await api.pickingOrder([{ productId: product.productId, qty: 3 }]);
    const waiting = await api.booked(STAFF, order, 'T002', 1);
    const taken = await api.booked(STAFF, order, 'T002', 2);
    await api.step(STAFF_T002, taken.bookID, 'take');
    const res = await api.post(CHIEF, '/api/cancellations', { shipmentNo: order.shipmentNo, reasonId: 1 });
    expect(res.statusCode, res.body).toBe(201);
    for (const b of [waiting, taken]) expect((await bookingRows(ctx, b.bookID)).b.cancelledAt).not.toBeNull();
    expect(await stockRow(ctx, 'T002', product.productId)).toMatchObject({ qty: 10, qtyReserved: 0 });
    expect((await api.get(STAFF_T002, `/api/bookings/${taken.bookID}`)).json().data).toMatchObject({ cancelled: true, actions: [] });
  });
});
