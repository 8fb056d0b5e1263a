import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUS, ORDER_STATUS, STOCK_CAUSE, STOCK_CONDITION, type BookingStatusId, type OrderStatusId } from '@gerai/contract';
import { events, orderLines, orders, orderStatusHistory, products, stockBookingDetails, stockBookings, users } from '../../db/schema';
import type { TestContext } from '../../test/harness';
import { DEMO_NIK } from '../../seed/demo-data';
import { moveStock } from '../stock';
import { randomTag } from '../../test/random';

export const STAFF = DEMO_NIK.STAFF;
export const CHIEF = DEMO_NIK.STORE_CHIEF;

/** Bearer calls as demo users, signing each in once per test file. */
export function orderApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  return {
    async get(nik: string, url: string) {
      return ctx.app.inject({ method: 'GET', url, headers: { authorization: await auth(nik) } });
    },
    async post(nik: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: await auth(nik), ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
  };
}

/** Orders of a store in a status, oldest id first; `used` skips ones another test took. */
export async function ordersIn(ctx: TestContext, storeCode: string, statusId: OrderStatusId, extra?: SQL) {
  return ctx.handle.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeCode, storeCode), eq(orders.statusId, statusId), extra))
    .orderBy(asc(orders.id));
}

/** An order for a test that must leave it unchanged (so tests may share it). */
export function orderPeeker(ctx: TestContext) {
  return async (statusId: Parameters<typeof ordersIn>[2], extra?: Parameters<typeof ordersIn>[3]) => (await ordersIn(ctx, 'T001', statusId, extra))[0]!;
}

/** Hands out distinct orders so tests in one file never share one. */
export function orderPicker(ctx: TestContext) {
  const taken = new Set<number>();
  return async (storeCode: string, statusId: OrderStatusId, extra?: SQL) => {
    const rows = await ordersIn(ctx, storeCode, statusId, extra);
    const row = rows.find((r) => !taken.has(r.id));
    if (!row) throw new Error(`no free ${statusId} order in ${storeCode}`);
    taken.add(row.id);
    return row;
  };
}

export async function linesOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export async function historyOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
}

export async function eventsFor(ctx: TestContext, shipmentNo: string) {
  const rows = await ctx.handle.db.select().from(events).orderBy(asc(events.id));
  return rows.filter((e) => (e.payload as { shipmentNo?: string }).shipmentNo === shipmentNo);
}

/** A sellable product that is not on the order. */
export async function productNotIn(ctx: TestContext, orderId: number) {
  const lines = await linesOf(ctx, orderId);
  const [p] = await ctx.handle.db
    .select()
    .from(products)
    .where(notInArray(products.productId, [...lines.map((l) => l.productId), '90000001']))
    .limit(1);
  return p!;
}

export async function orderRow(ctx: TestContext, orderId: number) {
  const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/**
 * A seeded order without stock bookings: the seed books for some T001 and T002 orders in 1102
 * (decision 88), and `packingOrder`'s orders belong to the test that made them.
 */
export const seededWithoutBookings = sql`not exists (select 1 from ${stockBookings} b where b.order_id = ${orders.id}) and ${orders.shipmentNo} not like 'SHT-%'`;

let made = 0;

/**
 * A new pickup order of `storeCode` in 1102, claimed by the store's demo staff, written straight into
 * the tables: one line per entry of `lines` (distinct products, after the paper bag), picked as given.
 * Tests that need many orders in picking are not limited by the seed's few.
 */
export async function packingOrder(ctx: TestContext, lines: Array<{ qty: number; qtyPicked?: number; qtyOos?: number }>, storeCode = 'T001') {
  made++;
  const tag = `${process.pid}-${made}-${randomTag(6)}`.toUpperCase();
  const found = await ctx.handle.db
    .select()
    .from(products)
    .where(notInArray(products.productId, ['90000001']))
    .orderBy(asc(products.productId))
    .limit(lines.length)
    .offset((made * 7) % 400);
  const nik = storeCode === 'T002' ? DEMO_NIK.STAFF_T002 : DEMO_NIK.STAFF;
  const [picker] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
  const rows = lines.map((l, i) => ({ ...l, qtyPicked: l.qtyPicked ?? 0, qtyOos: l.qtyOos ?? 0, product: found[i]! }));
  const [order] = await ctx.handle.db
    .insert(orders)
    .values({
      shipmentNo: `SHT-${tag}`,
      orderNo: `OT-${tag}`,
      appId: 379,
      storeCode,
      statusId: ORDER_STATUS.PACKING,
      deliveryType: 0,
      paymentId: 2,
      price: rows.reduce((s, r) => s + r.product.price * (r.qty - r.qtyOos), 0),
      customerName: 'Siti Rahayu',
      customerPhone: '081234567890',
      pickupCode: '123456',
      pickerUserId: picker!.id,
      claimedAt: new Date(),
    })
    .returning();
  const inserted = await ctx.handle.db
    .insert(orderLines)
    .values(rows.map((r) => ({ orderId: order!.id, productId: r.product.productId, barcode: r.product.ean13, name: r.product.name, price: r.product.price, qty: r.qty, qtyPicked: r.qtyPicked, qtyOos: r.qtyOos })))
    .returning();
  return { order: order!, lines: inserted.sort((a, b) => a.id - b.id) };
}

export interface TestBooking {
  status: BookingStatusId;
  /** Units booked. */
  qty: number;
  /** The store it is addressed to (and, once taken, the serving store). */
  servingStore?: string;
  refusedBy?: string[];
  /** Cancelled by the ordering store: closed, whatever its last status. */
  cancelled?: boolean;
}

let booked = 0;

/**
 * A stock booking of an order line written straight into the tables, so the orders and
 * cancellations tests do not depend on the bookings area's routes. The ledger follows the status as
 * the bookings area moves it: a taken booking (1132) holds its units in the serving store's reserved
 * bucket (cause booking_take, ref `booking:<id>`); an arrived one (1133) has moved them on into the
 * ordering store's sellable stock (booking_receive). A cancelled booking moved nothing.
 */
export async function insertBooking(ctx: TestContext, order: { id: number; storeCode: string }, line: { id: number; productId: string }, spec: TestBooking) {
  booked++;
  const serving = spec.servingStore ?? (order.storeCode === 'T003' ? 'T002' : 'T003');
  const taken = spec.status === BOOKING_STATUS.TAKEN || spec.status === BOOKING_STATUS.DONE;
  const now = new Date();
  const [booking] = await ctx.handle.db
    .insert(stockBookings)
    .values({
      bookingNo: `BKT${process.pid}${String(booked).padStart(6, '0')}`,
      orderId: order.id,
      storeCode: order.storeCode,
      lineId: line.id,
      productId: line.productId,
      qtyOos: spec.qty,
      status: spec.status,
      cancelledAt: spec.cancelled ? now : null,
    })
    .returning();
  const [detail] = await ctx.handle.db
    .insert(stockBookingDetails)
    .values({
      bookingId: booking!.id,
      storeCode: serving,
      status: spec.status,
      storeTaken: taken ? serving : null,
      stockTaken: taken ? spec.qty : null,
      refusedBy: spec.refusedBy ?? (spec.status === BOOKING_STATUS.REFUSED ? [serving] : []),
      takenAt: taken ? now : null,
      receivedAt: spec.status === BOOKING_STATUS.DONE ? now : null,
    })
    .returning();
  const ref = `booking:${booking!.id}`;
  const move = (storeCode: string, delta: number, condition: 'sellable' | 'reserved', cause: 'booking_take' | 'booking_receive') => ({ storeCode, productId: line.productId, delta, condition, cause, ref, actorUserId: null });
  if (taken && !spec.cancelled) {
    await moveStock(ctx.handle.db, [move(serving, -spec.qty, STOCK_CONDITION.SELLABLE, STOCK_CAUSE.BOOKING_TAKE), move(serving, spec.qty, STOCK_CONDITION.RESERVED, STOCK_CAUSE.BOOKING_TAKE)]);
    if (spec.status === BOOKING_STATUS.DONE) {
      await moveStock(ctx.handle.db, [move(serving, -spec.qty, STOCK_CONDITION.RESERVED, STOCK_CAUSE.BOOKING_RECEIVE), move(order.storeCode, spec.qty, STOCK_CONDITION.SELLABLE, STOCK_CAUSE.BOOKING_RECEIVE)]);
    }
  }
  return { bookID: booking!.id, bookDetID: detail!.id, bookingNo: booking!.bookingNo, servingStore: serving };
}
