import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FIELD_MESSAGES } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { orderLines, orderScans, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { eventsFor, linesOf, orderApi, orderPicker } from './order-test-kit';
import { scanBarcode } from './scan';

// Issue 9: one scan the database refused failed every scan batched with it (decision 35).

const ctx = testContextPerFile();
const api = orderApi(ctx);
const pick = orderPicker(ctx);

const STAFF = '10000001';

/** A T001 order in 1102 with nothing picked or scanned yet; its first line gets `qty` units. */
async function freshPacking(qty: number) {
  const order = await pick('T001', 1102);
  await ctx.handle.db.update(orderLines).set({ qtyPicked: 0, qtyOos: 0 }).where(eq(orderLines.orderId, order.id));
  await ctx.handle.db.delete(orderScans).where(eq(orderScans.orderId, order.id));
  const [first] = await linesOf(ctx, order.id);
  await ctx.handle.db.update(orderLines).set({ qty }).where(eq(orderLines.id, first!.id));
  return { order, line: { ...first!, qty } };
}

const scansOf = (orderId: number) => ctx.handle.db.select().from(orderScans).where(eq(orderScans.orderId, orderId));
const scanUrl = (shipmentNo: string) => `/api/orders/${shipmentNo}/scan`;

describe('scans batched together', () => {
  const staffPrincipal = async () => {
    const [user] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, STAFF));
    return (await loadPrincipal(ctx.handle.db, user!.id))!;
  };

  // Issue 9: a NUL byte in one scan's text made the whole batch's jsonb refused, failing
  // every scan sent with it. The contract now refuses NUL (400); the batch must still isolate
  // any item the database refuses, so these go past the contract, straight to the service.
  it('counts six good scans sent with one the database refuses (a NUL byte), and fails only that one', async () => {
    const { order, line } = await freshPacking(10);
    const p = await staffPrincipal();
    const barcodes = [line.barcode, line.barcode, line.barcode, 'a\u0000b', line.barcode, line.barcode, line.barcode];
    // Started in one turn: the batcher sends them as one batch.
    const results = await Promise.allSettled(barcodes.map((barcode) => scanBarcode(ctx.handle.db, p, order.shipmentNo, barcode)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(6);
    const scans = await scansOf(order.id);
    expect(scans.filter((s) => s.result === 'accepted')).toHaveLength(6);
    // The refused scan left nothing behind.
    expect(scans.some((s) => s.barcode.includes('\u0000'))).toBe(false);
    expect((await eventsFor(ctx, order.shipmentNo)).filter((e) => e.type === 'order.scanned')).toHaveLength(6);
  });

  it('isolates an item that raises inside order_scan_batch itself', async () => {
    const { order, line } = await freshPacking(10);
    const p = await staffPrincipal();
    // A user id beyond int4 makes the function's own cast raise in the middle of its loop.
    const broken = { ...p, userId: 2_147_483_648 };
    const calls = [p, p, broken, p, p, broken, p, p].map((who) => scanBarcode(ctx.handle.db, who, order.shipmentNo, line.barcode));
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22003' });
    // Each reply shows the line as its (smaller) batch committed it; the last one saw all six.
    const counted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.scannedLine.qtyPicked] : []));
    expect(counted.at(-1)).toBe(6);
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(6);
    expect((await scansOf(order.id)).filter((s) => s.result === 'accepted')).toHaveLength(6);
  });

  it('answers 400 through the API to a scan holding a NUL byte, a lone surrogate or another control character, and counts nothing', async () => {
    const { order, line } = await freshPacking(3);
    for (const barcode of [`${line.barcode}\u0000`, `\ud800${line.barcode}`, `${line.barcode}\u0007`]) {
      const res = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode });
      expect(res.statusCode, JSON.stringify(barcode)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.barcode', message: FIELD_MESSAGES.textInvalidCharacters }] });
    }
    // A GS1-128 payload keeps its group separator and still counts.
    const gs1 = await api.post(STAFF, scanUrl(order.shipmentNo), { barcode: `010${line.barcode}17270101\u001d10LOT7` });
    expect(gs1.statusCode).toBe(200);
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
  });
});
