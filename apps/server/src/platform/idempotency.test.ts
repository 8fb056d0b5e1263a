/**
 * A keyed change whose process died between its commit and its reply: the
 * key was marked applied by the change's own transaction, so a retry is told
 * so instead of applying the change a second time; a key whose change never
 * committed is taken over and run once.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@gerai/contract';
import { idempotencyKeys, orderLines, orderScans, serverProcesses } from '../db/schema';
import { linesOf, orderApi, orderPicker, orderRow } from '../modules/orders/order-test-kit';
import { productPicker, setStock, transferApi } from '../modules/transfers/transfer-test-kit';
import { testContextPerFile } from '../test/harness';
import { storedReply } from './idempotency';

const ctx = testContextPerFile();
const api = orderApi(ctx);
const pick = orderPicker(ctx);
const STAFF = '10000001';

/** What a process killed after its commit leaves behind: the key still running, its reply never written, older than the takeover age. */
async function orphan(key: string, changes: { appliedAt?: Date | null } = {}) {
  const [row] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  expect(row, key).toBeDefined();
  await ctx.handle.db
    .update(idempotencyKeys)
    .set({ status: 'running', responseStatus: null, responseBody: null, createdAt: new Date(Date.now() - 5 * 60_000), ...changes })
    .where(and(eq(idempotencyKeys.scope, row!.scope), eq(idempotencyKeys.key, key)));
  return row!;
}

async function pickingOrder() {
  const order = await pick('T001', 1101);
  expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/claim`, {}, { 'idempotency-key': `claim-${order.shipmentNo}` })).statusCode).toBe(200);
  await ctx.handle.db.update(orderLines).set({ qty: 5, qtyPicked: 0, qtyOos: 0 }).where(eq(orderLines.orderId, order.id));
  const [line] = await linesOf(ctx, order.id);
  return { order, line: line! };
}

describe('Idempotency-Key of a change that committed but never answered', () => {
  it('marks a scan\'s key applied in the scan\'s own statement, and a retry after the process died counts nothing twice', async () => {
    const { order, line } = await pickingOrder();
    const scan = () => api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }, { 'idempotency-key': 'scan-orphan-0001' });
    expect((await scan()).statusCode).toBe(200);
    const row = await orphan('scan-orphan-0001');
    expect(row.appliedAt).toBeInstanceOf(Date);

    const retry = await scan();
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ code: 'IDEMPOTENCY_ALREADY_APPLIED', message: ERROR_MESSAGES.IDEMPOTENCY_ALREADY_APPLIED });
    const [after] = await linesOf(ctx, order.id);
    expect(after!.qtyPicked).toBe(1);
    expect(await ctx.handle.db.select().from(orderScans).where(eq(orderScans.orderId, order.id))).toHaveLength(1);
  });

  it('does the same for a status change (recordChange marks the key)', async () => {
    const order = await pick('T001', 1101);
    const claim = () => api.post(STAFF, `/api/orders/${order.shipmentNo}/claim`, {}, { 'idempotency-key': 'claim-orphan-0001' });
    expect((await claim()).statusCode).toBe(200);
    const before = await orderRow(ctx, order.id);
    await orphan('claim-orphan-0001');
    const retry = await claim();
    expect(retry.json().code).toBe('IDEMPOTENCY_ALREADY_APPLIED');
    expect((await orderRow(ctx, order.id)).version).toBe(before.version);
  });

  it('answers "in progress" while the applied key is young: its own reply may still be on the way', async () => {
    const { order, line } = await pickingOrder();
    const scan = () => api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }, { 'idempotency-key': 'scan-young-0001' });
    await scan();
    await orphan('scan-young-0001', {});
    await ctx.handle.db.update(idempotencyKeys).set({ createdAt: new Date() }).where(eq(idempotencyKeys.key, 'scan-young-0001'));
    expect((await scan()).json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
  });

  it('runs once a key whose change never committed, when it is retried after the takeover age', async () => {
    const { order, line } = await pickingOrder();
    const scan = () => api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }, { 'idempotency-key': 'scan-unapplied-01' });
    expect((await scan()).statusCode).toBe(200);
    // As if the first run had died before its commit: nothing counted, the key held and not applied.
    await ctx.handle.db.update(orderLines).set({ qtyPicked: 0 }).where(eq(orderLines.id, line.id));
    await orphan('scan-unapplied-01', { appliedAt: null });
    const retry = await scan();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.scannedLine.qtyPicked).toBe(1);
    // Settled now: a further retry replays.
    const again = await scan();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
  });

  it('keeps the key of a refused scan unapplied: the refusal is replayed, and nothing was counted', async () => {
    const { order } = await pickingOrder();
    const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: '0000000000000' }, { 'idempotency-key': 'scan-refused-01' });
    expect(res.statusCode).toBe(422);
    const [row] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'scan-refused-01'));
    expect(row).toMatchObject({ status: 'done', responseStatus: 422, appliedAt: null });
  });
});

describe('Idempotency-Key held by a process that is gone', () => {
  /** A key its first run left running a moment ago (not committed), held by `owner`. */
  async function heldBy(key: string, owner: string) {
    const { order, line } = await pickingOrder();
    const scan = () => api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: line.barcode }, { 'idempotency-key': key });
    expect((await scan()).statusCode).toBe(200);
    await ctx.handle.db.update(orderLines).set({ qtyPicked: 0 }).where(eq(orderLines.id, line.id));
    await orphan(key, { appliedAt: null });
    await ctx.handle.db.update(idempotencyKeys).set({ createdAt: new Date(), owner }).where(eq(idempotencyKeys.key, key));
    return { order, scan };
  }

  it('lets a retry take over at once a young key whose process stopped beating (SIGKILL): the change runs once', async () => {
    await ctx.handle.db.insert(serverProcesses).values({ id: 'killed-process', seenAt: new Date(Date.now() - 60_000) });
    const { order, scan } = await heldBy('scan-killed-0001', 'killed-process');
    // This process beats, and owns the keys it takes (its claim's, in heldBy).
    expect(await ctx.handle.db.select().from(serverProcesses).where(eq(serverProcesses.id, ctx.app.processId))).toHaveLength(1);
    const [claimKey] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, `claim-${order.shipmentNo}`));
    expect(claimKey!.owner).toBe(ctx.app.processId);
    const retry = await scan();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.scannedLine.qtyPicked).toBe(1);
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(1);
    const [row] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'scan-killed-0001'));
    expect(row!.owner).toBe(ctx.app.processId);
  });

  it('does the same when the process left no row at all', async () => {
    const { scan } = await heldBy('scan-vanished-01', 'never-seen-process');
    expect((await scan()).statusCode).toBe(200);
  });

  it('answers "in progress" while the young key\'s process still beats', async () => {
    await ctx.handle.db.insert(serverProcesses).values({ id: 'busy-process', seenAt: new Date() });
    const { scan } = await heldBy('scan-alive-0001', 'busy-process');
    expect((await scan()).json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
  });
});

describe('Idempotency-Key of a reply that carries a secret', () => {
  it('keeps the reply with the route\'s secret fields of data nulled, and nothing else changed', () => {
    const reply = { message: 'Success', data: { transfer: { matNo: 'MAT1' }, secret: { pin: '123456', qr: 'GERAI-MAT:TBS1:123456' } } };
    expect(storedReply(reply, ['secret'])).toEqual({ message: 'Success', data: { transfer: { matNo: 'MAT1' }, secret: null } });
    expect(reply.data.secret).not.toBeNull();
    expect(storedReply(reply, undefined)).toBe(reply);
    expect(storedReply(reply, [])).toBe(reply);
    // An error reply has no data: kept as it is.
    const refusal = { message: 'PIN salah.', code: 'TRANSFER_PIN_WRONG' };
    expect(storedReply(refusal, ['secret'])).toBe(refusal);
    expect(storedReply(null, ['secret'])).toBeNull();
  });

  it('replays a transfer sent with the same key once, its PIN answered to the first request only and never stored', async () => {
    const transfers = transferApi(ctx);
    const product = await productPicker(ctx)();
    await setStock(ctx, 'T001', product.productId, 5);
    const send = () => transfers.send(STAFF, 'T002', [{ productId: product.productId, qty: 1 }], { 'idempotency-key': 'send-secret-0001' });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const pin = first.json().data.secret.pin as string;
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toEqual({ transfer: first.json().data.transfer, secret: null });
    const [row] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'send-secret-0001'));
    expect((row!.responseBody as { data: { secret: unknown } }).data.secret).toBeNull();
    expect(JSON.stringify(row)).not.toContain(`"${pin}"`);
    expect(JSON.stringify(row)).not.toContain(first.json().data.secret.qr);
  });
});
