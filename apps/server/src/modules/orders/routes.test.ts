import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUS, BOOKING_STATUS_WITHOUT_TAKER, ORDER_STATUS_IDS, type OrderStatusId } from '@gerai/contract';
import { getAs, testContextPerFile } from '../../test/harness';
import { orders, stores } from '../../db/schema';
import { insertBooking, packingOrder } from './order-test-kit';

const ctx = testContextPerFile();
const get = (nik: string, url: string) => getAs(ctx, nik, url);

describe('GET /api/orders/count', () => {
  it("counts every status of the caller's store, matching the database", async () => {
    const res = await get('10000001', '/api/orders/count');
    expect(res.statusCode).toBe(200);
    const { counts } = res.json().data;
    for (const status of ORDER_STATUS_IDS) {
      const rows = await ctx.handle.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeCode, 'T001'), eq(orders.statusId, status)));
      expect(counts[String(status)]).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(0);
    }
  });

  it('counts another store for a staff member of that store', async () => {
    const t1 = (await get('10000001', '/api/orders/count')).json().data.counts;
    const t2 = (await get('10000002', '/api/orders/count')).json().data.counts;
    expect(t2).not.toEqual(t1);
  });

  it('counts new orders since latestOrder and rejects a malformed date', async () => {
    const future = await get('10000001', `/api/orders/count?latestOrder=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`);
    expect(future.json().data.latest).toBe(0);
    const past = await get('10000001', '/api/orders/count?latestOrder=2000-01-01T00:00:00Z');
    expect(past.json().data.latest).toBe(past.json().data.counts['1101']);
    const bad = await get('10000001', '/api/orders/count?latestOrder=kemarin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toContain('latestOrder');
  });
});

describe('GET /api/orders/:shipmentNo', () => {
  it("shows a store's order to its staff", async () => {
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).limit(1);
    const res = await get('10000001', `/api/orders/${order!.shipmentNo}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ shipmentNo: order!.shipmentNo, storeCode: 'T001' });
    expect(res.json().data.products.length).toBeGreaterThan(0);
  });

  it('answers 404 to staff of another store, exactly as for an unknown shipment', async () => {
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).limit(1);
    const other = await get('10000002', `/api/orders/${order!.shipmentNo}`);
    const unknown = await get('10000002', '/api/orders/SHP000000000000');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
  });
  it('adds the store, the status history with actor names, the progress and the actions open in the status', async () => {
    const [order] = await ctx.handle.db.select().from(orders).where(and(eq(orders.storeCode, 'T001'), eq(orders.statusId, 1104))).limit(1);
    const data = (await get('10000001', `/api/orders/${order!.shipmentNo}`)).json().data;
    const [store] = await ctx.handle.db.select().from(stores).where(eq(stores.code, 'T001'));
    expect(data.store).toEqual({ storeCode: 'T001', storeName: store!.name, address: store!.address, phone: store!.phone });
    expect(data.history.map((h: { action: string }) => h.action)).toEqual(['received', 'claim', 'pack', 'confirm']);
    expect(data.history[0]).toMatchObject({ fromStatus: null, toStatus: 1101, actorName: null });
    expect(data.history[1]).toMatchObject({ fromStatus: 1101, toStatus: 1102, actorName: data.pickerName });
    expect(data.actions[0]).toBe('finish');
    expect(data.progress.complete).toBe(true);
    expect(data.claimedAt && data.packedAt && data.completedAt).toBeTruthy();
    expect(data.archivedAt).toBeNull();
  });

  it('offers the action of each status: cancel to a decider, a cancel request to the crew, a return within the window', async () => {
    const first = async (status: OrderStatusId, extra?: SQL) =>
      (await ctx.handle.db.select().from(orders).where(and(eq(orders.storeCode, 'T001'), eq(orders.statusId, status), extra)).orderBy(asc(orders.id)).limit(1))[0]!;
    const actionsOf = async (nik: string, shipmentNo: string) => (await get(nik, `/api/orders/${shipmentNo}`)).json().data.actions as string[];
    const noPendingCancel = sql`not exists (select 1 from cancel_requests c where c.order_id = ${orders.id} and c.status = 'pending')`;
    const noReturn = sql`not exists (select 1 from returns r where r.order_id = ${orders.id})`;
    const picking = ['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack'];
    const cases: Array<[OrderStatusId, SQL | undefined, string[], string[]]> = [
      [1101, noPendingCancel, ['claim', 'requestCancel'], ['claim', 'cancel']],
      [1102, noPendingCancel, [...picking, 'requestCancel'], [...picking, 'cancel']],
      [1103, and(noPendingCancel, eq(orders.deliveryType, 0)), ['handover', 'requestCancel'], ['handover', 'cancel']],
      // Out for delivery: only an area supervisor or above calls it back; the kepala toko asks too.
      [1103, and(noPendingCancel, eq(orders.deliveryType, 1)), ['requestCancel'], ['requestCancel']],
      [1106, undefined, ['archiveCancelled'], ['archiveCancelled']],
      [1107, undefined, [], []],
    ];
    for (const [status, extra, staff, chief] of cases) {
      const order = await first(status, extra);
      expect(await actionsOf('10000001', order.shipmentNo), `${status} staff`).toEqual(staff);
      expect(await actionsOf('20000001', order.shipmentNo), `${status} chief`).toEqual(chief);
    }
    // Completed: a return may be asked for within the window (RETURN_WINDOW_DAYS) when nothing is in a return yet.
    for (const status of [1104, 1105] as const) {
      const order = await first(status, noReturn);
      const within = order.completedAt!.getTime() > Date.now() - ctx.config.RETURN_WINDOW_DAYS * 86_400_000;
      expect(await actionsOf('10000001', order.shipmentNo), `${status}`).toEqual([...(status === 1104 ? ['finish'] : []), ...(within ? ['requestReturn'] : [])]);
      await ctx.handle.db.update(orders).set({ completedAt: new Date(Date.now() - (ctx.config.RETURN_WINDOW_DAYS + 1) * 86_400_000) }).where(eq(orders.id, order.id));
      expect(await actionsOf('10000001', order.shipmentNo), `${status} after the window`).toEqual(status === 1104 ? ['finish'] : []);
    }
    const delivering = await first(1103, and(noPendingCancel, eq(orders.deliveryType, 1)));
    expect(await actionsOf('30000001', delivering.shipmentNo)).toEqual(['cancel']);
    // A request waiting for a decision: nobody is offered a second one, nor a cancel beside it.
    const waiting = await first(1101, sql`exists (select 1 from cancel_requests c where c.order_id = ${orders.id} and c.status = 'pending')`);
    expect(await actionsOf('10000001', waiting.shipmentNo)).toEqual(['claim']);
    expect(await actionsOf('20000001', waiting.shipmentNo)).toEqual(['claim']);
  });

  it('never exposes the pickup code, not even inside the QR text', async () => {
    const rows = await ctx.handle.db.select().from(orders).where(and(eq(orders.storeCode, 'T001'), eq(orders.isSendStore, 'F')));
    expect(rows.length).toBeGreaterThan(0);
    for (const o of rows) {
      const res = await get('10000001', `/api/orders/${o.shipmentNo}`);
      expect(res.body).not.toContain('pickupCode');
      expect(res.json().data.qrAndroid ?? '').not.toContain(`|${o.pickupCode}`);
    }
  });

  it("lists the order's stock bookings with the taker only once taken (decision 88)", async () => {
    const { order, lines } = await packingOrder(ctx, [{ qty: 6 }, { qty: 4 }]);
    const [t003] = await ctx.handle.db.select().from(stores).where(eq(stores.code, 'T003'));
    const [t002] = await ctx.handle.db.select().from(stores).where(eq(stores.code, 'T002'));
    const waiting = await insertBooking(ctx, order, lines[0]!, { status: BOOKING_STATUS.WAITING, qty: 1 });
    const taken = await insertBooking(ctx, order, lines[0]!, { status: BOOKING_STATUS.TAKEN, qty: 2, refusedBy: ['T002'] });
    const done = await insertBooking(ctx, order, lines[1]!, { status: BOOKING_STATUS.DONE, qty: 1, servingStore: 'T002' });
    const refused = await insertBooking(ctx, order, lines[1]!, { status: BOOKING_STATUS.REFUSED, qty: 2 });
    await insertBooking(ctx, order, lines[1]!, { status: BOOKING_STATUS.TAKEN, qty: 1, cancelled: true });
    const res = await get('10000001', `/api/orders/${order.shipmentNo}`);
    expect(res.statusCode).toBe(200);
    const at = (b: { bookID: number; bookDetID: number; bookingNo: string }, line: (typeof lines)[number], rest: Record<string, unknown>) => ({
      bookID: b.bookID,
      bookDetID: b.bookDetID,
      bookingNo: b.bookingNo,
      lineId: line.id,
      productId: line.productId,
      ...rest,
    });
    const toT003 = { storeCode: 'T003', storeName: t003!.name };
    // Oldest first; the cancelled one is gone; "-" (null) exactly while nobody has taken it.
    expect(res.json().data.bookings).toEqual([
      at(waiting, lines[0]!, { qtyOos: 1, status: 1131, offeredTo: toT003, storeTaken: null, stockTaken: null }),
      at(taken, lines[0]!, { qtyOos: 2, status: 1132, offeredTo: toT003, storeTaken: 'T003', stockTaken: 2 }),
      at(done, lines[1]!, { qtyOos: 1, status: 1133, offeredTo: { storeCode: 'T002', storeName: t002!.name }, storeTaken: 'T002', stockTaken: 1 }),
      at(refused, lines[1]!, { qtyOos: 2, status: 1134, offeredTo: toT003, storeTaken: null, stockTaken: null }),
    ]);
    expect(res.json().data.bookingBlocked).toBe(true);
  });

  it('blocks the order exactly while some booking has no taker (1131 or 1134)', async () => {
    for (const status of [BOOKING_STATUS.WAITING, BOOKING_STATUS.TAKEN, BOOKING_STATUS.DONE, BOOKING_STATUS.REFUSED]) {
      const { order, lines } = await packingOrder(ctx, [{ qty: 3 }]);
      await insertBooking(ctx, order, lines[0]!, { status, qty: 2 });
      const data = (await get('10000001', `/api/orders/${order.shipmentNo}`)).json().data;
      expect(data.bookingBlocked, String(status)).toBe(BOOKING_STATUS_WITHOUT_TAKER.includes(status));
      expect(data.bookings, String(status)).toHaveLength(1);
    }
    // A cancelled booking without taker neither shows nor blocks.
    const { order, lines } = await packingOrder(ctx, [{ qty: 3 }]);
    await insertBooking(ctx, order, lines[0]!, { status: BOOKING_STATUS.REFUSED, qty: 2, cancelled: true });
    expect((await get('10000001', `/api/orders/${order.shipmentNo}`)).json().data).toMatchObject({ bookings: [], bookingBlocked: false });
  });

  it('shows the bookings to the serving store only through its own screens: the order stays 404 there', async () => {
    const { order, lines } = await packingOrder(ctx, [{ qty: 3 }]);
    await insertBooking(ctx, order, lines[0]!, { status: BOOKING_STATUS.WAITING, qty: 2, servingStore: 'T002' });
    expect((await get('10000002', `/api/orders/${order.shipmentNo}`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed shipment number', async () => {
    const res = await get('10000001', '/api/orders/abc;drop');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('params.shipmentNo');
  });
});
