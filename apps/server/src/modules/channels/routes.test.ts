import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES, GERAI_SHIPMENT_NO_PATTERN, type IntakeOrder } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { events, orders, products } from '../../db/schema';
import { signBody } from './signature';
import { randomTag } from '../../test/random';

let ctx: TestContext;
let barcodes: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  barcodes = (await ctx.handle.db.select({ ean: products.ean13 }).from(products).limit(3)).map((p) => p.ean);
});
afterAll(async () => ctx?.close());

function order(overrides: Partial<IntakeOrder> = {}): IntakeOrder {
  return {
    orderNo: `AG-${randomTag(8)}`,
    storeCode: 'T001',
    deliveryType: 0,
    paymentId: 2,
    customer: { name: 'Siti Rahayu', phone: '081234567890' },
    lines: [
      { barcode: barcodes[0]!, qty: 2 },
      { barcode: barcodes[1]!, qty: 1 },
    ],
    paperBags: 1,
    ...overrides,
  };
}

function send(appId: number, body: unknown, secret = `gerai-channel-${appId}`, raw?: string, headers: Record<string, string> = {}, signedAt = new Date()) {
  const payload = raw ?? JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/channels/${appId}/orders`,
    headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(payload, secret, signedAt), ...headers },
    payload,
  });
}

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);

describe('channel order intake', () => {
  it('creates a new order for the store with prices from the catalogue', async () => {
    const body = order();
    const res = await send(379, body);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ orderNo: body.orderNo, appId: 379, created: true, pickupCode: expect.stringMatching(/^\d{6}$/) });
    // The web tells a shipment QR from a product barcode by this shape.
    expect(data.shipmentNo).toMatch(GERAI_SHIPMENT_NO_PATTERN);
    expect(data.pickupQr).toBe(`GERAI:PICKUP:${data.shipmentNo}:${data.pickupCode}`);
    const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.shipmentNo, data.shipmentNo));
    expect(row).toMatchObject({ storeCode: 'T001', statusId: 1101, appId: 379 });
    expect(row!.price).toBeGreaterThan(0);
    const [event] = await ctx.handle.db.select().from(events).where(eq(events.type, 'order.created')).limit(1);
    expect(event?.storeCode).toBe('T001');
  });

  it('turns the same channel order sent twice into one order', async () => {
    const body = order();
    const first = await send(410, body);
    const second = await send(410, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ shipmentNo: first.json().data.shipmentNo, pickupCode: first.json().data.pickupCode, created: false });
    const rows = await ctx.handle.db.select().from(orders).where(eq(orders.orderNo, body.orderNo));
    expect(rows).toHaveLength(1);
  });

  it('answers an unknown channel with 404', async () => {
    const res = await send(12345, order());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'CHANNEL_UNKNOWN', message: ERROR_MESSAGES.CHANNEL_UNKNOWN });
  });

  it('refuses a bad or missing signature and creates nothing', async () => {
    const body = order();
    const wrong = await send(379, body, 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('SIGNATURE_INVALID');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/channels/379/orders', payload: body });
    expect(missing.statusCode).toBe(401);
    expect(await ctx.handle.db.select().from(orders).where(eq(orders.orderNo, body.orderNo))).toHaveLength(0);
  });

  it('checks the signature before replaying an Idempotency-Key: an unsigned retry learns nothing', async () => {
    const body = order();
    const key = { 'idempotency-key': `intake-${body.orderNo}` };
    const first = await send(379, body, undefined, undefined, key);
    expect(first.statusCode).toBe(201);
    const forged = await send(379, body, 'not-the-secret', undefined, key);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 'SIGNATURE_INVALID', message: ERROR_MESSAGES.SIGNATURE_INVALID });
    expect(forged.headers['idempotent-replayed']).toBeUndefined();
    const retried = await send(379, body, undefined, undefined, key);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
  });

  it('never replays an Idempotency-Key to a caller without a signature, nor to one whose signature is stale', async () => {
    const body = order();
    const raw = JSON.stringify(body);
    const key = { 'idempotency-key': `intake-nosig-${body.orderNo}` };
    expect((await send(379, body, undefined, raw, key)).statusCode).toBe(201);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/channels/379/orders', headers: { 'content-type': 'application/json', ...key }, payload: raw });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('SIGNATURE_INVALID');
    expect(unsigned.headers['idempotent-replayed']).toBeUndefined();
    expect(unsigned.body).not.toContain('pickupCode');
    const stale = await send(379, body, undefined, raw, key, secondsAgo(ctx.config.CHANNEL_SIGNATURE_TOLERANCE_SECONDS + 60));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: 'SIGNATURE_EXPIRED', message: ERROR_MESSAGES.SIGNATURE_EXPIRED });
    expect(stale.headers['idempotent-replayed']).toBeUndefined();
  });

  it('gives a received order the QR text of the spec, without the pickup code in its detail', async () => {
    const received = (await send(379, order())).json().data;
    const { authorization } = await ctx.loginAs('10000001');
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/orders/${received.shipmentNo}`, headers: { authorization } });
    expect(detail.statusCode).toBe(200);
    const { qrAndroid, qrCode, isSendStore } = detail.json().data;
    expect(isSendStore).toBe('F');
    expect(qrAndroid).toBe(received.shipmentNo);
    expect(qrAndroid).not.toContain(received.pickupCode);
    expect(qrCode.Head).toEqual(['T001', received.shipmentNo, expect.any(String), expect.any(String)]);
  });

  it('names the bad fields of a signed but invalid body', async () => {
    const res = await send(379, { ...order(), deliveryType: 5, lines: [] });
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.deliveryType', 'body.lines']));
  });

  it('refuses malformed JSON, an unknown store and an unknown barcode', async () => {
    expect((await send(379, null, undefined, '{"orderNo":')).statusCode).toBe(400);
    const store = await send(379, order({ storeCode: 'T999' }));
    expect(store.statusCode).toBe(422);
    expect(store.json().code).toBe('STORE_UNKNOWN');
    const product = await send(379, order({ lines: [{ barcode: '8990000000000', qty: 1 }] }));
    expect(product.statusCode).toBe(422);
    expect(product.json().code).toBe('PRODUCT_UNKNOWN');
  });

  it('requires an address and coordinates for delivery orders', async () => {
    const res = await send(87, order({ deliveryType: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.customer');
  });

  it('lets a signed channel read what a store can sell, and nobody else', async () => {
    const path = '/api/channels/379/stores/T001/products';
    const ok = await ctx.app.inject({ method: 'GET', url: path, headers: { 'x-gerai-signature': signBody(`GET ${path}`, 'gerai-channel-379') } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items.length).toBeGreaterThan(50);
    expect(ok.json().data.items.every((i: { stock: number }) => i.stock > 0)).toBe(true);
    const unsigned = await ctx.app.inject({ method: 'GET', url: path });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('the channel signature carries its time', () => {
  const tolerance = () => ctx.config.CHANNEL_SIGNATURE_TOLERANCE_SECONDS;

  it('accepts a signature made within the window, before or after the server clock', async () => {
    expect((await send(379, order(), undefined, undefined, {}, secondsAgo(tolerance() - 30))).statusCode).toBe(201);
    expect((await send(379, order(), undefined, undefined, {}, secondsAgo(-(tolerance() - 30)))).statusCode).toBe(201);
  });

  it('refuses a captured request sent again after the window, and one signed too far ahead, creating nothing', async () => {
    const body = order();
    const old = await send(379, body, undefined, undefined, {}, secondsAgo(tolerance() + 1));
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('SIGNATURE_EXPIRED');
    const ahead = await send(379, body, undefined, undefined, {}, secondsAgo(-(tolerance() + 1)));
    expect(ahead.json().code).toBe('SIGNATURE_EXPIRED');
    expect(await ctx.handle.db.select().from(orders).where(eq(orders.orderNo, body.orderNo))).toHaveLength(0);
  });

  it('refuses a fresh timestamp put on an old signature, and the old format without a timestamp', async () => {
    const raw = JSON.stringify(order());
    const captured = signBody(raw, 'gerai-channel-379', secondsAgo(tolerance() + 120));
    const refreshed = captured.replace(/^t=\d+/, `t=${Math.floor(Date.now() / 1000)}`);
    const post = (signature: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/channels/379/orders', headers: { 'content-type': 'application/json', 'x-gerai-signature': signature }, payload: raw });
    expect((await post(refreshed)).json().code).toBe('SIGNATURE_INVALID');
    const untimed = `sha256=${createHmac('sha256', 'gerai-channel-379').update(raw).digest('hex')}`;
    const res = await post(untimed);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SIGNATURE_INVALID');
  });

  it('signs the catalogue read with its time too', async () => {
    const path = '/api/channels/379/stores/T001/products';
    const stale = await ctx.app.inject({ method: 'GET', url: path, headers: { 'x-gerai-signature': signBody(`GET ${path}`, 'gerai-channel-379', secondsAgo(tolerance() + 5)) } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('SIGNATURE_EXPIRED');
  });
});
