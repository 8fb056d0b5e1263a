import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_DETAILS, ERROR_MESSAGES, FIELD_MESSAGES, parseEventPayload, RETURN_DEFAULTS } from '@gerai/contract';
import { returnLines, returnPhotos, returns, uploads } from '../../db/schema';
import { testFileWith } from '../../test/harness';
import { returnWindowEnd, wibDateText } from './eligibility';
import {
  auditOfReturn,
  CHIEF,
  CHIEF_T002,
  completedOrder,
  eventsOf,
  returnApi,
  returnBody,
  returnsOf,
  STAFF,
  STAFF_T002,
  SUPERVISOR,
} from './return-test-kit';

const { ctx, api } = testFileWith(returnApi);
const DAY = 24 * 3600 * 1000;

describe('GET /api/returns/reasons', () => {
  it('lists the return reasons with "Lainnya" (id 0, free text) last', async () => {
    const res = await api.get(STAFF, '/api/returns/reasons');
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Array<{ id: number; label: string; requiresText: boolean }>;
    expect(items[0]).toEqual({ id: 1, label: 'Produk rusak atau kemasan bocor', requiresText: false });
    expect(items.at(-1)).toEqual({ id: 0, label: 'Lainnya', requiresText: true });
    expect(items).toHaveLength(5);
  });
});

describe('GET /api/returns/returnable/:shipmentNo', () => {
  it('lists delivered, returned and returnable per line with the window', async () => {
    const order = await completedOrder(ctx, { picked: [3, 0, 2] });
    const res = await api.get(STAFF, `/api/returns/returnable/${order.shipmentNo}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ shipmentNo: order.shipmentNo, orderNo: order.orderNo, statusId: 1104, deliveryType: 1, windowDays: RETURN_DEFAULTS.windowDays, refusal: null });
    expect(data.windowEndsAt).toBe(returnWindowEnd(order.completedAt!, RETURN_DEFAULTS.windowDays).toISOString());
    // A line nothing of which was delivered cannot come back.
    expect(data.lines.map((l: { lineId: number }) => l.lineId)).toEqual([order.lines[0]!.id, order.lines[2]!.id]);
    expect(data.lines[0]).toMatchObject({ productID: order.lines[0]!.productId, delivered: 3, returned: 0, returnable: 3 });
  });

  it('says why a return cannot be recorded: not completed, window closed, already open', async () => {
    const packing = await completedOrder(ctx, { statusId: 1103, completedAt: null });
    expect((await api.get(STAFF, `/api/returns/returnable/${packing.shipmentNo}`)).json().data).toMatchObject({ refusal: 'RETURN_ORDER_NOT_COMPLETED', windowEndsAt: null });
    const old = await completedOrder(ctx, { statusId: 1105, completedAt: new Date(Date.now() - 8 * DAY) });
    expect((await api.get(STAFF, `/api/returns/returnable/${old.shipmentNo}`)).json().data.refusal).toBe('RETURN_WINDOW_CLOSED');
    const open = await completedOrder(ctx);
    expect((await api.post(STAFF, '/api/returns', returnBody(open, [await api.photo()]))).statusCode).toBe(201);
    const after = (await api.get(STAFF, `/api/returns/returnable/${open.shipmentNo}`)).json().data;
    expect(after.refusal).toBe('RETURN_ALREADY_OPEN');
    expect(after.lines[0]).toMatchObject({ delivered: 3, returned: 1, returnable: 2 });
  });

  it("answers 404 for another store's order and a missing one", async () => {
    const order = await completedOrder(ctx);
    expect((await api.get(STAFF_T002, `/api/returns/returnable/${order.shipmentNo}`)).statusCode).toBe(404);
    expect((await api.get(STAFF, '/api/returns/returnable/SHPNOPE00000')).statusCode).toBe(404);
  });
});

describe('POST /api/returns', () => {
  it('records the return with its lines and photos, attaches the uploads, writes audit and return.requested', async () => {
    const order = await completedOrder(ctx);
    const photos = [await api.photo(), await api.photo()];
    const res = await api.post(STAFF, '/api/returns', {
      shipmentNo: order.shipmentNo,
      reasonId: 2,
      reasonText: 'kedaluwarsa bulan depan',
      lines: [
        { lineId: order.lines[0]!.id, qty: 2 },
        { lineId: order.lines[1]!.id, qty: 1 },
      ],
      photoIds: photos,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      shipmentNo: order.shipmentNo,
      orderNo: order.orderNo,
      storeCode: 'T001',
      deliveryType: 1,
      status: 'requested',
      reason: { id: 2, label: 'Produk mendekati tanggal kedaluwarsa', text: 'kedaluwarsa bulan depan', display: 'Produk mendekati tanggal kedaluwarsa: kedaluwarsa bulan depan' },
      requestedBy: 'Budi Santoso',
      decisionNote: null,
      pod: null,
      // Staff may not decide.
      actions: [],
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ lineId: order.lines[0]!.id, productID: order.lines[0]!.productId, qty: 2, qtyReceived: null, condition: null }),
      expect.objectContaining({ lineId: order.lines[1]!.id, qty: 1 }),
    ]);
    expect(data.photos.map((p: { id: string }) => p.id)).toEqual(photos);
    expect(data.photos[0]).toMatchObject({ mime: 'image/png', url: `/api/uploads/${photos[0]}` });
    expect(data.history).toEqual([expect.objectContaining({ action: 'request', fromStatus: null, status: 'requested', actorName: 'Budi Santoso' })]);

    const [ret] = await returnsOf(ctx, order.id);
    const attached = await ctx.handle.db.select().from(uploads).where(eq(uploads.attachedTo, `return:${ret!.id}`));
    expect(attached.map((u) => u.id).sort()).toEqual([...photos].sort());
    expect(await ctx.handle.db.select().from(returnPhotos).where(eq(returnPhotos.returnId, ret!.id))).toHaveLength(2);
    expect(await auditOfReturn(ctx, ret!.id)).toEqual([expect.objectContaining({ action: 'request', toValue: 'requested' })]);
    const [event] = (await eventsOf(ctx, order.shipmentNo)).filter((e) => e.type === 'return.requested');
    expect(parseEventPayload('return.requested', event!.payload)).toEqual({
      shipmentNo: order.shipmentNo,
      orderNo: order.orderNo,
      returnId: ret!.id,
      status: 'requested',
      actorName: 'Budi Santoso',
      reason: 'Produk mendekati tanggal kedaluwarsa: kedaluwarsa bulan depan',
    });
    expect(event!.storeCode).toBe('T001');
  });

  it('takes "Lainnya" with its free text as the reason', async () => {
    const order = await completedOrder(ctx);
    const res = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { reasonId: 0, reasonText: 'Salah warna' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.reason).toEqual({ id: 0, label: 'Lainnya', text: 'Salah warna', display: 'Salah warna' });
    const noText = await api.post(STAFF, '/api/returns', returnBody(await completedOrder(ctx), [await api.photo()], { reasonId: 0 }));
    expect(noText.statusCode).toBe(400);
  });

  it('refuses an order not completed with 409 RETURN_ORDER_NOT_COMPLETED', async () => {
    for (const statusId of [1101, 1102, 1103, 1106, 1107]) {
      const order = await completedOrder(ctx, { statusId, completedAt: null });
      const res = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()]));
      expect(res.statusCode, String(statusId)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'RETURN_ORDER_NOT_COMPLETED', message: ERROR_MESSAGES.RETURN_ORDER_NOT_COMPLETED });
    }
    // Archived (1105) within the window is fine.
    const archived = await completedOrder(ctx, { statusId: 1105, completedAt: new Date(Date.now() - 2 * DAY) });
    expect((await api.post(STAFF, '/api/returns', returnBody(archived, [await api.photo()]))).statusCode).toBe(201);
  });

  it('refuses outside the window with 422 RETURN_WINDOW_CLOSED naming the last day (WIB)', async () => {
    const completedAt = new Date(Date.now() - RETURN_DEFAULTS.windowDays * DAY - 60_000);
    const order = await completedOrder(ctx, { completedAt });
    const res = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()]));
    expect(res.statusCode).toBe(422);
    const until = wibDateText(returnWindowEnd(completedAt, RETURN_DEFAULTS.windowDays));
    expect(res.json()).toMatchObject({ code: 'RETURN_WINDOW_CLOSED', message: ERROR_DETAILS.returnWindowClosed(RETURN_DEFAULTS.windowDays, until) });
    // Just inside the window is fine.
    const inside = await completedOrder(ctx, { completedAt: new Date(Date.now() - RETURN_DEFAULTS.windowDays * DAY + 60_000) });
    expect((await api.post(STAFF, '/api/returns', returnBody(inside, [await api.photo()]))).statusCode).toBe(201);
  });

  it('refuses a second open return with 409 RETURN_ALREADY_OPEN; after a rejection another may be recorded', async () => {
    const order = await completedOrder(ctx);
    expect((await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()]))).statusCode).toBe(201);
    const again = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()]));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RETURN_ALREADY_OPEN');
    expect((await api.post(CHIEF, `/api/returns/${order.shipmentNo}/reject`, { note: 'Produk tidak rusak' })).statusCode).toBe(200);
    const next = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: [{ lineId: order.lines[0]!.id, qty: 3 }] }));
    // A rejected return took nothing back: the whole line may come back.
    expect(next.statusCode, next.body).toBe(201);
  });

  it('answers the one-open index as 409 when two requests pass the check together', async () => {
    const order = await completedOrder(ctx);
    const [a, b] = await Promise.all([api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()])), api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()]))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('RETURN_ALREADY_OPEN');
    expect(await returnsOf(ctx, order.id)).toHaveLength(1);
  });

  it('refuses a line not in the order (422 RETURN_LINE_UNKNOWN) and more than delivered (422 RETURN_QTY_EXCEEDS)', async () => {
    const order = await completedOrder(ctx, { picked: [2, 3, 3] });
    const other = await completedOrder(ctx);
    const unknown = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: [{ lineId: other.lines[0]!.id, qty: 1 }] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'RETURN_LINE_UNKNOWN', details: [{ path: 'body.lines.0.lineId' }] });
    const tooMany = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: [{ lineId: order.lines[0]!.id, qty: 3 }] }));
    expect(tooMany.statusCode).toBe(422);
    const message = ERROR_DETAILS.returnQtyExceeds(order.lines[0]!.name, 2);
    expect(tooMany.json()).toMatchObject({ code: 'RETURN_QTY_EXCEEDS', message, details: [{ path: 'body.lines.0.qty', message }] });
    // What earlier returns took back counts: after a return of 2 (refunded), nothing of the line is left.
    expect((await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: [{ lineId: order.lines[0]!.id, qty: 2 }] }))).statusCode).toBe(201);
    await ctx.handle.db.update(returns).set({ status: 'refunded' }).where(eq(returns.orderId, order.id));
    const more = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: [{ lineId: order.lines[0]!.id, qty: 1 }] }));
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(ERROR_DETAILS.returnQtyExceeds(order.lines[0]!.name, 0));
    expect(await returnsOf(ctx, order.id)).toHaveLength(1);
  });

  it('refuses an unknown reason with 400 on reasonId, as POD requests do', async () => {
    const order = await completedOrder(ctx);
    const res = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { reasonId: 999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.reasonId', message: FIELD_MESSAGES.reasonUnknown }] });
  });

  it('refuses photos that are missing, of another store or already used (422 RETURN_PHOTO_UNKNOWN), and rolls everything back', async () => {
    const order = await completedOrder(ctx);
    const t002 = await api.photo(STAFF_T002);
    const mine = await api.photo();
    for (const photoIds of [['00000000-0000-4000-8000-000000000000'], [t002], [mine, t002]]) {
      const res = await api.post(STAFF, '/api/returns', returnBody(order, photoIds));
      expect(res.statusCode, photoIds.join()).toBe(422);
      expect(res.json().code).toBe('RETURN_PHOTO_UNKNOWN');
    }
    expect(await returnsOf(ctx, order.id)).toHaveLength(0);
    const [row] = await ctx.handle.db.select().from(uploads).where(eq(uploads.id, mine));
    expect(row!.attachedTo).toBeNull();
    // Used once, a photo cannot be attached to a second return.
    expect((await api.post(STAFF, '/api/returns', returnBody(order, [mine]))).statusCode).toBe(201);
    const second = await completedOrder(ctx);
    const reused = await api.post(STAFF, '/api/returns', returnBody(second, [mine]));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('RETURN_PHOTO_UNKNOWN');
  });

  it('validates the body: lines, photos and their count', async () => {
    const order = await completedOrder(ctx);
    const photo = await api.photo();
    for (const extra of [{ lines: [] }, { photoIds: [] }, { photoIds: [photo, photo] }, { photoIds: ['x'] }, { lines: [{ lineId: order.lines[0]!.id, qty: 0 }] }]) {
      const res = await api.post(STAFF, '/api/returns', returnBody(order, [photo], extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it("answers 404 for another store's order, changing nothing", async () => {
    const order = await completedOrder(ctx);
    const photo = await api.photo(STAFF_T002);
    for (const nik of [STAFF_T002, CHIEF_T002]) {
      const res = await api.post(nik, '/api/returns', returnBody(order, [photo]));
      expect(res.statusCode, nik).toBe(404);
    }
    expect(await returnsOf(ctx, order.id)).toHaveLength(0);
  });

  it('replays the answer of a retried request with the same Idempotency-Key, recording one return', async () => {
    const order = await completedOrder(ctx);
    const body = returnBody(order, [await api.photo()]);
    const key = { 'idempotency-key': 'return-create-replay-0001' };
    const first = await api.post(STAFF, '/api/returns', body, key);
    expect(first.statusCode).toBe(201);
    const again = await api.post(STAFF, '/api/returns', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await returnsOf(ctx, order.id)).toHaveLength(1);
    const lines = await ctx.handle.db.select().from(returnLines).where(eq(returnLines.returnId, first.json().data.id));
    expect(lines).toHaveLength(1);
  });

  it('lets staff and every role above record a return', async () => {
    for (const nik of [CHIEF, SUPERVISOR]) {
      const order = await completedOrder(ctx);
      const res = await api.post(nik, '/api/returns', returnBody(order, [await api.photo(nik)]));
      expect(res.statusCode, `${nik} ${res.body}`).toBe(201);
    }
  });
});
