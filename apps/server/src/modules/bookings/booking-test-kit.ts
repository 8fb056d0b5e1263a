import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { STOCK_CAUSE, STOCK_CONDITION, type IntakeOrder } from '@gerai/contract';
import { auditLog, events, orderLines, orders, products, stockBookingDetails, stockBookings, stockMovements } from '../../db/schema';
import { DEMO_NIK, PAPER_BAG, crewNik } from '../../seed/demo-data';
import { testFileWith, type TestContext } from '../../test/harness';
import { sendChannelOrder } from '../../test/intake';
import { moveStock, stockOf } from '../stock';
import { randomTag } from '../../test/random';

export const STAFF = DEMO_NIK.STAFF;
export const CHIEF = DEMO_NIK.STORE_CHIEF;
export const STAFF_T002 = DEMO_NIK.STAFF_T002;
export const CHIEF_T002 = DEMO_NIK.STORE_CHIEF_T002;
export const SUPERVISOR = DEMO_NIK.AREA_SUPERVISOR;
export const SUPER_USER = DEMO_NIK.SUPER_USER;
/** The crew member seeded for T003 (no demo account): sees only T003. */
export const STAFF_T003 = crewNik('T003');

/** The staff member who claims a store's orders in these tests. */
const CLAIMER: Record<string, string> = { T001: STAFF, T002: STAFF_T002, T003: STAFF_T003 };

export type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;
export type TestLine = typeof orderLines.$inferSelect;
export interface TestOrder {
  id: number;
  shipmentNo: string;
  storeCode: string;
  lines: TestLine[];
}

let intakes = 0;

/** Calls as demo users (bearer, each signed in once per file unless a fresh session is asked for). */
export function bookingApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  const headersOf = async (who: string | { authorization: string }) => ({ authorization: typeof who === 'string' ? await auth(who) : who.authorization });
  const api = {
    auth,
    async get(who: string | { authorization: string }, url: string): Promise<Reply> {
      return ctx.app.inject({ method: 'GET', url, headers: await headersOf(who) });
    },
    async post(who: string | { authorization: string }, url: string, payload: unknown = {}, headers: Record<string, string> = {}): Promise<Reply> {
      return ctx.app.inject({ method: 'POST', url, headers: { ...(await headersOf(who)), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    },
    /** The supervisor (T001–T010) working as `storeCode`. */
    async supervisorAt(storeCode: string): Promise<void> {
      const res = await api.post(SUPERVISOR, '/api/members/me/store', { storeCode });
      if (res.statusCode !== 200) throw new Error(`store choice failed: ${res.statusCode} ${res.body}`);
    },

    /**
     * A new order of the store from channel 379 (signed intake), claimed by the store's staff: 1102,
     * nothing picked yet, so each line lacks its whole quantity.
     */
    async pickingOrder(lines: Array<{ productId: string; qty: number }>, storeCode = 'T001'): Promise<TestOrder> {
      const eans = await ctx.handle.db.select({ productId: products.productId, ean: products.ean13 }).from(products).where(inArray(products.productId, lines.map((l) => l.productId)));
      const eanOf = new Map(eans.map((e) => [e.productId, e.ean]));
      intakes++;
      const body: IntakeOrder = {
        orderNo: `BK-${process.pid}-${intakes}-${randomTag(6)}`,
        storeCode,
        deliveryType: 0,
        paymentId: 2,
        customer: { name: 'Siti Rahayu', phone: '081234567890' },
        lines: lines.map((l) => ({ barcode: eanOf.get(l.productId)!, qty: l.qty })),
        paperBags: 0,
      };
      const res = await sendChannelOrder(ctx, body);
      if (res.statusCode !== 201) throw new Error(`intake failed: ${res.statusCode} ${res.body}`);
      const shipmentNo = res.json().data.shipmentNo as string;
      const claim = await api.post(CLAIMER[storeCode]!, `/api/orders/${shipmentNo}/claim`);
      if (claim.statusCode !== 200) throw new Error(`claim failed: ${claim.statusCode} ${claim.body}`);
      const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.shipmentNo, shipmentNo));
      return { id: order!.id, shipmentNo, storeCode, lines: await linesOf(ctx, order!.id) };
    },

    book(who: string, order: TestOrder, storeCode: string, qty: number, line = 0, headers: Record<string, string> = {}) {
      return api.post(who, '/api/bookings', { shipmentNo: order.shipmentNo, lineId: order.lines[line]!.id, qty, storeCode }, headers);
    },
    /** A booking that must be created: its detail. */
    async booked(who: string, order: TestOrder, storeCode: string, qty: number, line = 0): Promise<BookingReply> {
      const res = await api.book(who, order, storeCode, qty, line);
      if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
      return res.json().data as BookingReply;
    },
    step(who: string | { authorization: string }, bookID: number, step: 'take' | 'refuse' | 'reoffer' | 'receive' | 'cancel', body: unknown = {}, headers: Record<string, string> = {}) {
      return api.post(who, `/api/bookings/${bookID}/${step}`, body, headers);
    },
  };
  return api;
}

/** The fields of a booking reply the tests read. */
export interface BookingReply {
  bookID: number;
  bookDetID: number;
  bookingNo: string;
  status: number;
  storeCode: string;
  offeredTo: { storeCode: string; storeName: string };
  storeTaken: string | null;
  stockTaken: number | null;
  qtyOos: number;
  actions: string[];
  [key: string]: unknown;
}

export async function linesOf(ctx: TestContext, orderId: number): Promise<TestLine[]> {
  return ctx.handle.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/**
 * What every bookings test file starts from: one app per file, its calls as the demo users,
 * fresh products, and the order most tests book for.
 */
export function bookingTestFile() {
  const { ctx, api } = testFileWith(bookingApi);
  const freshProduct = productPicker(ctx);
  /** A T001 order lacking `qty` of a fresh product that T002 and T003 have `stock` of (and T001 `ownStock`, when given). */
  async function shortOrder(qty = 3, stock = 10, ownStock?: number) {
    const product = await freshProduct();
    if (ownStock !== undefined) await setStock(ctx, 'T001', product.productId, ownStock);
    await setStock(ctx, 'T002', product.productId, stock);
    await setStock(ctx, 'T003', product.productId, stock);
    const order = await api.pickingOrder([{ productId: product.productId, qty }]);
    return { product, order };
  }
  return { ctx, api, freshProduct, shortOrder };
}

/**
 * Hands out products no booking has used and no other test of the file took (never the paper bag);
 * `alsoUnused` are further conditions a product must meet (another area's "not used by me yet").
 */
export function productPicker(ctx: TestContext, ...alsoUnused: SQL[]) {
  const used = new Set<string>();
  return async (): Promise<{ productId: string; ean13: string; name: string }> => {
    const rows = await ctx.handle.db
      .select({ productId: products.productId, ean13: products.ean13, name: products.name })
      .from(products)
      .where(and(ne(products.productId, PAPER_BAG.productId), sql`not exists (select 1 from ${stockBookings} b where b.product_id = ${products.productId})`, ...alsoUnused))
      .orderBy(asc(products.productId))
      .limit(used.size + 1);
    const row = rows.find((r) => !used.has(r.productId));
    if (!row) throw new Error('no product left');
    used.add(row.productId);
    return row;
  };
}

/** Sets a store's sellable units of a product through the ledger (a counted correction), so the books stay balanced. */
export async function setStock(ctx: TestContext, storeCode: string, productId: string, qty: number): Promise<void> {
  const now = (await stockOf(ctx.handle.db, storeCode, [productId])).get(productId)!;
  await moveStock(ctx.handle.db, [{ storeCode, productId, delta: qty - now.qty, condition: STOCK_CONDITION.SELLABLE, cause: STOCK_CAUSE.OPENING, ref: null, actorUserId: null }]);
}

export async function stockRow(ctx: TestContext, storeCode: string, productId: string) {
  return (await stockOf(ctx.handle.db, storeCode, [productId])).get(productId)!;
}

export async function bookingRows(ctx: TestContext, bookID: number) {
  const [row] = await ctx.handle.db
    .select({ b: stockBookings, d: stockBookingDetails })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .where(eq(stockBookings.id, bookID));
  return row!;
}

export async function ledgerOf(ctx: TestContext, bookID: number) {
  return ctx.handle.db.select().from(stockMovements).where(eq(stockMovements.ref, `booking:${bookID}`)).orderBy(asc(stockMovements.id));
}

/** The booking events written, oldest first, each with the store whose stream it is on. */
export async function bookingEvents(ctx: TestContext, bookID: number) {
  const rows = await ctx.handle.db.select().from(events).where(sql`${events.type} like 'booking.%'`).orderBy(asc(events.id));
  return rows.filter((e) => (e.payload as { bookID?: number }).bookID === bookID);
}

export async function auditOfBooking(ctx: TestContext, bookID: number) {
  return ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, String(bookID)))).orderBy(asc(auditLog.id));
}

/**
 * Every store_stock row against the sum of its ledger, per bucket (in transit too, for transfers):
 * the rows that differ (none when the books balance). Stores and products without movements must
 * hold zeros.
 */
export async function unbalancedStock(ctx: TestContext): Promise<Array<Record<string, unknown>>> {
  const { rows } = (await ctx.handle.db.execute(sql`
    with ledger as (
      select store_code, product_id,
        coalesce(sum(delta) filter (where condition = 'sellable'), 0)::int as qty,
        coalesce(sum(delta) filter (where condition = 'damaged'), 0)::int as qty_damaged,
        coalesce(sum(delta) filter (where condition = 'reserved'), 0)::int as qty_reserved,
        coalesce(sum(delta) filter (where condition = 'in_transit'), 0)::int as qty_in_transit
      from stock_movements group by store_code, product_id)
    select coalesce(s.store_code, l.store_code) as store_code, coalesce(s.product_id, l.product_id) as product_id,
      s.qty, l.qty as ledger_qty, s.qty_damaged, l.qty_damaged as ledger_damaged, s.qty_reserved, l.qty_reserved as ledger_reserved,
      s.qty_in_transit, l.qty_in_transit as ledger_in_transit
    from store_stock s full join ledger l on l.store_code = s.store_code and l.product_id = s.product_id
    where coalesce(s.qty, 0) <> coalesce(l.qty, 0) or coalesce(s.qty_damaged, 0) <> coalesce(l.qty_damaged, 0)
      or coalesce(s.qty_reserved, 0) <> coalesce(l.qty_reserved, 0) or coalesce(s.qty_in_transit, 0) <> coalesce(l.qty_in_transit, 0)
    limit 20`)) as unknown as { rows: Array<Record<string, unknown>> };
  return rows;
}
