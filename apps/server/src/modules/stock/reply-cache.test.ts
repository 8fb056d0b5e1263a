import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testContextPerFile } from '../../test/harness';
import { bookingApi, productPicker, setStock, STAFF, STAFF_T002 } from '../bookings/booking-test-kit';

// The cache on, as in production (the harness turns it off for every other suite).
const ctx = testContextPerFile({ STOCK_CACHE_TTL_MS: 60_000 });
const api = bookingApi(ctx);
const freshProduct = productPicker(ctx);
const others: FastifyInstance[] = [];
afterAll(async () => Promise.all(others.map((a) => a.close())));

const myQty = async (app: FastifyInstance, productId: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/stock/products/${productId}`, headers: { authorization: await api.auth(STAFF) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { store: { qty: number } }).store.qty;
};
const storesOf = async (productId: string) => {
  const res = await api.get(STAFF, `/api/bookings/stores?productId=${productId}&qty=1&scope=nearby`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Array<{ storeCode: string; qty: number }>;
};

describe('stock reply cache (decision 97)', () => {
  it('answers a repeated lookup from memory, and a pack through the app shows at once', async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T001', product.productId, 10);
    expect(await myQty(ctx.app, product.productId)).toBe(10);
    // Written behind the app's back (no request, no event): the kept reply still answers.
    await setStock(ctx, 'T001', product.productId, 40);
    expect(await myQty(ctx.app, product.productId)).toBe(10);

    const order = await api.pickingOrder([{ productId: product.productId, qty: 2 }]);
    for (let i = 0; i < 2; i++) expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/scan`, { barcode: product.ean13 })).statusCode).toBe(200);
    // Picking moves no stock: the scans leave the kept reply alone.
    expect(await myQty(ctx.app, product.productId)).toBe(10);
    expect((await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`)).statusCode).toBe(200);
    // The pack moved stock: its own reply cleared the cache, before its event came back.
    expect(await myQty(ctx.app, product.productId)).toBe(38);
  });

  it("clears on another process's stock-moving event", async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T001', product.productId, 5);
    expect(await myQty(ctx.app, product.productId)).toBe(5);
    // A second server on the same database packs; this one hears only the event.
    const second = await buildApp({ config: ctx.config, handle: ctx.handle, logger: false });
    others.push(second);
    const order = await api.pickingOrder([{ productId: product.productId, qty: 1 }]);
    const headers = { authorization: await api.auth(STAFF), 'content-type': 'application/json' };
    expect((await second.inject({ method: 'POST', url: `/api/orders/${order.shipmentNo}/scan`, headers, payload: { barcode: product.ean13 } })).statusCode).toBe(200);
    expect((await second.inject({ method: 'POST', url: `/api/orders/${order.shipmentNo}/pack`, headers, payload: {} })).statusCode).toBe(200);
    await expect.poll(() => myQty(ctx.app, product.productId), { timeout: 5_000 }).toBe(4);
  });

  it("keeps the booking store list until a store's stock moves, then answers the new figures", async () => {
    const product = await freshProduct();
    await setStock(ctx, 'T002', product.productId, 6);
    expect((await storesOf(product.productId)).find((s) => s.storeCode === 'T002')).toMatchObject({ qty: 6 });
    const short = await api.pickingOrder([{ productId: product.productId, qty: 2 }]);
    const booking = await api.booked(STAFF, short, 'T002', 2);
    expect((await api.step(STAFF_T002, booking.bookID, 'take')).statusCode).toBe(200);
    expect((await storesOf(product.productId)).find((s) => s.storeCode === 'T002')).toMatchObject({ qty: 4 });
  });
});
