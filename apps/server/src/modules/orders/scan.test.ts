import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testContextPerFile } from '../../test/harness';
import { and, desc } from 'drizzle-orm';
import { auditLog, orderLines, orderScans, orders } from '../../db/schema';
import type { StoredEvent } from '../../platform/events';
import { eventsFor, linesOf, orderApi, orderPicker, orderRow, productNotIn } from './order-test-kit';

const ctx = testContextPerFile();
const api = orderApi(ctx);
const pick = orderPicker(ctx);

const STAFF = '10000001';

/** A T001 order in 1102 with nothing picked or scanned yet; the first line gets `qty` units. */
async function freshPacking(qty?: number) {
  const order = await pick('T001', 1102).catch(async () => {
    const fresh = await pick('T001', 1101);
    expect((await api.post('20000001', `/api/orders/${fresh.shipmentNo}/claim`)).statusCode).toBe(200);
    return fresh;
  });
  await ctx.handle.db.update(orderLines).set({ qtyPicked: 0, qtyOos: 0 }).where(eq(orderLines.orderId, order.id));
  await ctx.handle.db.delete(orderScans).where(eq(orderScans.orderId, order.id));
  const [first] = await linesOf(ctx, order.id);
  if (qty) await ctx.handle.db.update(orderLines).set({ qty }).where(eq(orderLines.id, first!.id));
  return { order, line: { ...first!, qty: qty ?? first!.qty } };
}

const scansOf = (orderId: number) => ctx.handle.db.select().from(orderScans).where(eq(orderScans.orderId, orderId));
const scanUrl = (shipmentNo: string) => `/api/orders/${shipmentNo}/scan`;

describe('POST /api/orders/:shipmentNo/scan', () => {
  it('counts one unit on the matching line and answers with the line and the order progress', async () => {
    const { order, line } = await freshPacking(3);
    const res = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.scannedLine).toMatchObject({ lineId: line.id, qtyPicked: 1, qty: 3 });
    expect(data.progress).toMatchObject({ picked: 1, oos: 0, resolved: 1, complete: false });
    expect(data.statusId).toBe(1102);
    // A light reply: what the scan changed, not the whole order.
    expect(Object.keys(data).sort()).toEqual(['progress', 'scannedLine', 'shipmentNo', 'statusId', 'updatedAt']);
    const lines = await linesOf(ctx, order.id);
    expect(data.progress.qty).toBe(lines.reduce((n, l) => n + l.qty, 0));
    expect(new Date(data.updatedAt).getTime()).toBe((await orderRow(ctx, order.id)).updatedAt.getTime());
    const scans = await scansOf(order.id);
    expect(scans).toHaveLength(1);
    expect(scans.at(-1)).toMatchObject({ lineId: line.id, result: 'accepted', barcode: line.barcode });
    expect((await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type === 'order.scanned')).toHaveLength(1);
  });

  it('reads the same product from UPC-A, GS1-128 and GS1 Digital Link payloads', async () => {
    const { order, line } = await freshPacking(5);
    const payloads = [`(01)0${line.barcode}17270101`, `https://id.gs1.org/01/0${line.barcode}`, `]E0${line.barcode}`];
    if (line.barcode.startsWith('0')) payloads.push(line.barcode.slice(1));
    for (const barcode of payloads) {
      const res = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode });
      expect(res.statusCode, barcode).toBe(200);
    }
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(payloads.length);
  });

  it('refuses a product that is not in the order (422) and logs the rejected scan', async () => {
    const { order } = await freshPacking();
    const stranger = await productNotIn(ctx, order.id);
    const res = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: stranger.ean13 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'SCAN_NOT_IN_ORDER', message: 'Produk ini tidak ada di pesanan.' });
    expect((await scansOf(order.id)).at(-1)).toMatchObject({ result: 'rejected', lineId: null, barcode: stranger.ean13 });
    expect((await linesOf(ctx, order.id)).every((l) => l.qtyPicked === 0)).toBe(true);
    expect((await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type === 'order.scanned')).toHaveLength(0);
  });

  it('refuses a unit beyond the ordered quantity (422) and logs it', async () => {
    const { order, line } = await freshPacking(1);
    expect((await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode })).statusCode).toBe(200);
    const over = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode });
    expect(over.statusCode).toBe(422);
    // The line is named by its product, so the phone says which line is complete whatever code was scanned.
    expect(over.json()).toEqual({
      code: 'SCAN_OVER_QUANTITY',
      message: 'Jumlah produk sudah terpenuhi.',
      details: [{ path: `products.${line.id}`, message: `${line.name}: 1 dari 1`, productId: line.productId }],
    });
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
    expect((await scansOf(order.id)).at(-1)).toMatchObject({ result: 'rejected', lineId: line.id });
  });

  it('also counts out-of-stock units against the quantity', async () => {
    const { order, line } = await freshPacking(2);
    await ctx.handle.db.update(orderLines).set({ qtyOos: 2 }).where(eq(orderLines.id, line.id));
    const res = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode });
    expect(res.json().code).toBe('SCAN_OVER_QUANTITY');
  });

  it('writes the audit row, bumps the version and tells the store live for a counted unit; a refused scan does none of it', async () => {
    const { order, line } = await freshPacking(1);
    const versionOf = async () => (await ctx.handle.db.select({ v: orders.version }).from(orders).where(eq(orders.id, order.id)))[0]!.v;
    const auditsOf = () => ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.shipmentNo), eq(auditLog.action, 'scan'))).orderBy(desc(auditLog.id));
    const heard: StoredEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => heard.push(e));
    try {
      const before = await versionOf();
      expect((await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode })).statusCode).toBe(200);
      expect(await versionOf()).toBe(before + 1);
      expect(await auditsOf()).toHaveLength(1);
      await expect.poll(() => heard.filter((e) => e.type === 'order.scanned' && (e.payload as { shipmentNo: string }).shipmentNo === order.shipmentNo).length).toBe(1);
      const event = heard.find((e) => e.type === 'order.scanned')!;
      expect(event.storeCode).toBe('T001');
      expect(event.payload).toMatchObject({ lineId: line.id, qtyPicked: 1, qty: 1, action: 'scan' });
      expect(event.createdAt.getTime()).not.toBeNaN();

      expect((await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode })).statusCode).toBe(422);
      expect(await versionOf()).toBe(before + 1);
      expect(await auditsOf()).toHaveLength(1);
      expect((await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type === 'order.scanned')).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('loses no update and never overshoots under parallel scans', async () => {
    const { order, line } = await freshPacking(6);
    const replies = await Promise.all(Array.from({ length: 9 }, () => api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode })));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 422, 422, 422]);
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(6);
    const scans = await scansOf(order.id);
    expect(scans.filter((s) => s.result === 'accepted')).toHaveLength(6);
    expect(scans.filter((s) => s.result === 'rejected')).toHaveLength(3);
  });

  it('counts a scan retried with the same Idempotency-Key once and replays the reply', async () => {
    const { order, line } = await freshPacking(4);
    const headers = { 'idempotency-key': `scan-${order.id}-0001` };
    const first = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode }, headers);
    const again = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
    expect((await scansOf(order.id)).filter((s) => s.result === 'accepted')).toHaveLength(1);
  });

  it('answers each scan of a batch on its own: two orders, a stranger product and another store in parallel', async () => {
    const a = await freshPacking(5);
    const [second] = (await ctx.handle.db.select({ id: orders.id }).from(orders).where(and(eq(orders.storeCode, 'T001'), eq(orders.statusId, 1102)))).filter((o) => o.id !== a.order.id);
    const b = await (async () => {
      if (!second) return null;
      const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, second.id));
      await ctx.handle.db.update(orderLines).set({ qtyPicked: 0, qtyOos: 0 }).where(eq(orderLines.orderId, second.id));
      const [first] = await linesOf(ctx, second.id);
      return { order: row!, line: first! };
    })();
    const stranger = await productNotIn(ctx, a.order.id);
    const calls = [
      api.post(STAFF, scanUrl(a.order.shipmentNo), { barcode: a.line.barcode }),
      api.post(STAFF, scanUrl(a.order.shipmentNo), { barcode: stranger.ean13 }),
      api.post('10000002', scanUrl(a.order.shipmentNo), { barcode: a.line.barcode }),
      api.post(STAFF, scanUrl(a.order.shipmentNo), { barcode: a.line.barcode }),
      ...(b ? [api.post(STAFF, scanUrl(b.order.shipmentNo), { barcode: b.line.barcode })] : []),
    ];
    const replies = await Promise.all(calls);
    expect(replies.slice(0, 4).map((r) => r.statusCode)).toEqual([200, 422, 404, 200]);
    expect(replies[1]!.json().code).toBe('SCAN_NOT_IN_ORDER');
    // Each reply shows the order as committed after its scan; scans sharing a commit see each other.
    for (const r of [replies[0]!, replies[3]!]) expect(r.json().data.scannedLine).toMatchObject({ lineId: a.line.id, qtyPicked: expect.any(Number) });
    expect(Math.max(...[replies[0]!, replies[3]!].map((r) => r.json().data.scannedLine.qtyPicked))).toBe(2);
    expect((await linesOf(ctx, a.order.id))[0]!.qtyPicked).toBe(2);
    if (b) {
      expect(replies[4]!.statusCode).toBe(200);
      expect(replies[4]!.json().data.shipmentNo).toBe(b.order.shipmentNo);
      expect(replies[4]!.json().data.scannedLine).toMatchObject({ lineId: b.line.id, qtyPicked: 1 });
    }
  });

  it('counts once a scan sent twice at the same moment with one Idempotency-Key', async () => {
    const { order, line } = await freshPacking(4);
    const headers = { 'idempotency-key': `scan-twin-${order.id}` };
    const replies = await Promise.all([1, 2].map(() => api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode }, headers)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(codes);
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
    const again = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: line.barcode }, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
  });

  it("answers 404 to staff of another store and counts nothing", async () => {
    const { order, line } = await freshPacking(2);
    const res = await api.post('10000002', scanUrl(order.shipmentNo), { barcode: line.barcode });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(0);
    expect(await scansOf(order.id)).toHaveLength(0);
  });

  it('refuses a malformed body with the field named (400) and a scan outside picking (409)', async () => {
    const { order } = await freshPacking();
    const empty = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('body.barcode');
    const wrongType = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: 8991234567890 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe('VALIDATION_FAILED');
    const newOrder = await pick('T001', 1101);
    const [line] = await linesOf(ctx, newOrder.id);
    const early = await api.post(STAFF, scanUrl(newOrder.shipmentNo), { barcode: line!.barcode });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ORDER_STATUS_CHANGED');
    expect((await orderRow(ctx, newOrder.id)).statusId).toBe(1101);
  });
});
