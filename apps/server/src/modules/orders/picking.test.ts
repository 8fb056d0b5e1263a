import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_STATUS, ERROR_MESSAGES, FIELD_MESSAGES } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { orderLines, orderPaperBags, products } from '../../db/schema';
import { eventsFor, insertBooking, linesOf, orderApi, orderPicker, orderRow, packingOrder, seededWithoutBookings } from './order-test-kit';

let ctx: TestContext;
let api: ReturnType<typeof orderApi>;
let pick: ReturnType<typeof orderPicker>;
let bagPrice: number;
beforeAll(async () => {
  ctx = await createTestContext();
  api = orderApi(ctx);
  pick = orderPicker(ctx);
  const [bag] = await ctx.handle.db.select().from(products).where(eq(products.productId, '90000001'));
  bagPrice = bag!.price;
});
afterAll(async () => ctx?.close());

const STAFF = '10000001';

/** A T001 order in 1102 without stock bookings, nothing picked; its first line has `qty` units. */
async function packing(qty = 3) {
  // The seed's orders in picking first (those without stock bookings), then new ones.
  const order = (await pick('T001', 1102, seededWithoutBookings).catch(() => null)) ?? (await packingOrder(ctx, [{ qty }, { qty: 2 }])).order;
  await ctx.handle.db.update(orderLines).set({ qtyPicked: 0, qtyOos: 0 }).where(eq(orderLines.orderId, order.id));
  const [first] = await linesOf(ctx, order.id);
  await ctx.handle.db.update(orderLines).set({ qty }).where(eq(orderLines.id, first!.id));
  return { order, line: { ...first!, qty }, url: `/api/orders/${order.shipmentNo}` };
}

/** The rule of the schema: Σ price × (qty − oos) + Σ bag price × qty. */
async function expectedTotal(orderId: number) {
  const lines = await linesOf(ctx, orderId);
  const bags = await ctx.handle.db.select().from(orderPaperBags).where(eq(orderPaperBags.orderId, orderId));
  return lines.reduce((s, l) => s + l.price * (l.qty - l.qtyOos), 0) + bags.reduce((s, b) => s + b.price * b.qty, 0);
}

describe('edit quantity', () => {
  it('stores the confirmed picked quantity', async () => {
    const { order, line, url } = await packing(4);
    const res = await api.post(STAFF, `${url}/lines/${line.id}/quantity`, { qty: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products[0]).toMatchObject({ lineId: line.id, qtyPicked: 3, qty: 4 });
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(3);
    expect((await eventsFor(ctx, order.shipmentNo)).at(-1)).toMatchObject({ type: 'order.updated', storeCode: 'T001' });
  });

  it('refuses more than ordered minus out of stock (422) and negatives or junk (400)', async () => {
    const { order, line, url } = await packing(4);
    await ctx.handle.db.update(orderLines).set({ qtyOos: 1 }).where(eq(orderLines.id, line.id));
    const over = await api.post(STAFF, `${url}/lines/${line.id}/quantity`, { qty: 4 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'QUANTITY_EXCEEDS_ORDER', details: [{ path: 'body.qty', message: 'Maksimal 3.' }] });
    const negative = await api.post(STAFF, `${url}/lines/${line.id}/quantity`, { qty: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details[0].path).toBe('body.qty');
    const junk = await api.post(STAFF, `${url}/lines/${line.id}/quantity`, { qty: 'dua' });
    expect(junk.statusCode).toBe(400);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `${url}/lines/${line.id}/quantity`,
      headers: { authorization: (await ctx.loginAs(STAFF)).authorization, 'content-type': 'application/json' },
      payload: '{"qty": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');
    expect((await linesOf(ctx, order.id))[0]!.qtyPicked).toBe(0);
  });

  it("answers 404 for a line of another order", async () => {
    const a = await packing();
    const b = await packing();
    const res = await api.post(STAFF, `${a.url}/lines/${b.line.id}/quantity`, { qty: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('out of stock', () => {
  it('sets attrQtyOos and lowers the total', async () => {
    const { order, line, url } = await packing(3);
    const res = await api.post(STAFF, `${url}/lines/${line.id}/out-of-stock`, { qtyOos: 2 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.products[0]).toMatchObject({ attrQtyOos: 2, qtyPicked: 0 });
    expect(data.price).toBe(await expectedTotal(order.id));
    expect((await orderRow(ctx, order.id)).price).toBe(data.price);
  });

  it('refuses out of stock beyond what is not yet picked (422), leaving the line as it was', async () => {
    const { order, line, url } = await packing(3);
    await api.post(STAFF, `${url}/lines/${line.id}/quantity`, { qty: 2 });
    const res = await api.post(STAFF, `${url}/lines/${line.id}/out-of-stock`, { qtyOos: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'OOS_EXCEEDS_REMAINING', details: [{ path: 'body.qtyOos', message: 'Maksimal 1.' }] });
    expect((await linesOf(ctx, order.id))[0]).toMatchObject({ qtyPicked: 2, qtyOos: 0 });
  });

  it('leaves room for the booked units that have not arrived: at most qty − picked − booked (422 with qtyMax)', async () => {
    const { order, lines } = await packingOrder(ctx, [{ qty: 6, qtyPicked: 1 }]);
    const line = lines[0]!;
    // Open bookings of the line (waiting, taken, refused) hold their units; 3 of 6 are on their way.
    await insertBooking(ctx, order, line, { status: BOOKING_STATUS.TAKEN, qty: 2 });
    await insertBooking(ctx, order, line, { status: BOOKING_STATUS.REFUSED, qty: 1 });
    const url = `/api/orders/${order.shipmentNo}/lines/${line.id}/out-of-stock`;
    const over = await api.post(STAFF, url, { qtyOos: 3 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      code: 'OOS_EXCEEDS_REMAINING',
      message: ERROR_MESSAGES.OOS_EXCEEDS_REMAINING,
      details: [{ path: 'body.qtyOos', message: FIELD_MESSAGES.qtyMax(2) }],
    });
    expect((await linesOf(ctx, order.id))[0]).toMatchObject({ qtyPicked: 1, qtyOos: 0 });
    const fits = await api.post(STAFF, url, { qtyOos: 2 });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().data.products[0]).toMatchObject({ qtyPicked: 1, attrQtyOos: 2 });
  });

  it('counts only open bookings: units that arrived (1133) or a cancelled booking hold nothing', async () => {
    const { order, lines } = await packingOrder(ctx, [{ qty: 5, qtyPicked: 1 }]);
    const line = lines[0]!;
    await insertBooking(ctx, order, line, { status: BOOKING_STATUS.DONE, qty: 2 });
    await insertBooking(ctx, order, line, { status: BOOKING_STATUS.WAITING, qty: 1, cancelled: true });
    await insertBooking(ctx, order, line, { status: BOOKING_STATUS.WAITING, qty: 1 });
    const url = `/api/orders/${order.shipmentNo}/lines/${line.id}/out-of-stock`;
    expect((await api.post(STAFF, url, { qtyOos: 4 })).json().details).toEqual([{ path: 'body.qtyOos', message: FIELD_MESSAGES.qtyMax(3) }]);
    expect((await api.post(STAFF, url, { qtyOos: 3 })).statusCode).toBe(200);
  });

  it('refuses a negative out-of-stock quantity with 400', async () => {
    const { line, url } = await packing();
    const res = await api.post(STAFF, `${url}/lines/${line.id}/out-of-stock`, { qtyOos: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'body.qtyOos', message: 'Jumlah produk kosong tidak boleh kurang dari 0' }]);
  });
});

describe('paper bags', () => {
  it('sets the number of bags and charges them; 0 removes them', async () => {
    const { order, url } = await packing();
    const three = await api.post(STAFF, `${url}/paper-bags`, { qty: 3 });
    expect(three.statusCode).toBe(200);
    expect(three.json().data.paperBags).toEqual([{ productID: '90000001', name: expect.stringMatching(/^Kantong Kertas/), qty: 3, price: bagPrice }]);
    const withBags = three.json().data.price;
    expect(withBags).toBe(await expectedTotal(order.id));
    const none = await api.post(STAFF, `${url}/paper-bags`, { qty: 0 });
    expect(none.json().data.paperBags).toEqual([]);
    expect(none.json().data.price).toBe(withBags - 3 * bagPrice);
  });

  it('refuses more than 20 bags', async () => {
    const { url } = await packing();
    const res = await api.post(STAFF, `${url}/paper-bags`, { qty: 21 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.qty');
  });
});

describe('reset', () => {
  it('clears picked and out-of-stock quantities of every line', async () => {
    const { order, line, url } = await packing(3);
    await api.post(STAFF, `${url}/lines/${line.id}/quantity`, { qty: 1 });
    await api.post(STAFF, `${url}/lines/${line.id}/out-of-stock`, { qtyOos: 2 });
    const res = await api.post(STAFF, `${url}/reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.progress).toMatchObject({ picked: 0, oos: 0, complete: false });
    expect((await linesOf(ctx, order.id)).every((l) => l.qtyPicked === 0 && l.qtyOos === 0)).toBe(true);
    expect(res.json().data.price).toBe(await expectedTotal(order.id));
  });

  it('is refused outside picking (409) and for another store (404)', async () => {
    const completed = await pick('T001', 1104);
    const res = await api.post(STAFF, `/api/orders/${completed.shipmentNo}/reset`);
    expect(res.statusCode).toBe(409);
    const { url } = await packing();
    expect((await api.post('10000002', `${url}/reset`)).statusCode).toBe(404);
  });
});
