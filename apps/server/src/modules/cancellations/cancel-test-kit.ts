import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { IntakeOrder, OrderStatusId } from '@gerai/contract';
import { cancelRequests, channelNotices, orderLines, orders, products, stockMovements } from '../../db/schema';
import { sendChannelOrder } from '../../test/intake';
import type { TestContext } from '../../test/harness';
import { DEMO_NIK } from '../../seed/demo-data';
import { orderApi } from '../orders/order-test-kit';
import { stockOf } from '../stock';
import { randomTag } from '../../test/random';

export const STAFF = DEMO_NIK.STAFF;
export const CHIEF = DEMO_NIK.STORE_CHIEF;
export const SUPERVISOR = DEMO_NIK.AREA_SUPERVISOR;
export const STAFF_T002 = DEMO_NIK.STAFF_T002;
export const CHIEF_T002 = DEMO_NIK.STORE_CHIEF_T002;

let received = 0;

/** A new order from channel 379, received through the signed intake. */
async function receive(ctx: TestContext, deliveryType: 0 | 1, storeCode = 'T001') {
  const found = await ctx.handle.db.select({ ean: products.ean13 }).from(products).orderBy(asc(products.productId)).limit(40);
  const pick = (i: number) => found[(received * 2 + i) % found.length]!.ean;
  received++;
  const body: IntakeOrder = {
    orderNo: `CX-${process.pid}-${received}-${randomTag(6)}`,
    storeCode,
    deliveryType,
    paymentId: 2,
    customer: {
      name: 'Siti Rahayu',
      phone: '081234567890',
      ...(deliveryType === 1 ? { address: 'Jl. Melati No. 5', latitude: -6.2, longitude: 106.8 } : {}),
    },
    lines: [
      { barcode: pick(0), qty: 2 },
      { barcode: pick(1), qty: 1 },
    ],
    paperBags: 0,
  };
  const res = await sendChannelOrder(ctx, body);
  if (res.statusCode !== 201) throw new Error(`intake failed: ${res.statusCode} ${res.body}`);
  const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.shipmentNo, res.json().data.shipmentNo));
  return row!;
}

/** No cancellation request of the order yet (the seed leaves one pending). */
const noRequest = sql`not exists (select 1 from ${cancelRequests} c where c.order_id = ${orders.id})`;

/** The calls of the cancellation area, as demo users. */
export function cancelApi(ctx: TestContext) {
  const api = orderApi(ctx);
  const taken = new Set<number>();
  /** A T001 order in `statusId` no other test of the file took, without cancellation requests unless asked. */
  const take = async (statusId: OrderStatusId, extra?: SQL, { storeCode = 'T001', withRequests = false } = {}) => {
    const rows = await ctx.handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeCode, storeCode), eq(orders.statusId, statusId), withRequests ? undefined : noRequest, extra))
      .orderBy(asc(orders.id));
    const row = rows.find((r) => !taken.has(r.id));
    if (!row) throw new Error(`no free ${statusId} order in ${storeCode}`);
    taken.add(row.id);
    return row;
  };
  return {
    ...api,
    take,
    /** A new order of T001 received from a channel now (1101): two products, a customer address for a delivery. */
    received: (deliveryType: 0 | 1, storeCode = 'T001') => receive(ctx, deliveryType, storeCode),
    /** A new order claimed by T001's staff (1102), every line picked. */
    async claimed(deliveryType: 0 | 1) {
      const order = await receive(ctx, deliveryType);
      const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/claim`);
      if (res.statusCode !== 200) throw new Error(`claim failed: ${res.statusCode} ${res.body}`);
      await ctx.handle.db.update(orderLines).set({ qtyPicked: sql`${orderLines.qty}`, qtyOos: 0 }).where(eq(orderLines.orderId, order.id));
      return order;
    },
    /**
     * A new order packed through the API (1102 → 1103, every line picked), so the pack's ledger rows
     * exist; with the store's stock of its products from before the pack.
     */
    async packed(deliveryType: 0 | 1) {
      const order = await this.claimed(deliveryType);
      const lines = await ctx.handle.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      const productIds = [...new Set(lines.map((l) => l.productId))];
      const before = await stockOf(ctx.handle.db, order.storeCode, productIds);
      const res = await api.post(STAFF, `/api/orders/${order.shipmentNo}/pack`);
      if (res.statusCode !== 200) throw new Error(`pack failed: ${res.statusCode} ${res.body}`);
      return { order, lines, productIds, before };
    },
    cancel(nik: string, shipmentNo: string, body: Record<string, unknown> = { reasonId: 1 }, headers: Record<string, string> = {}) {
      return api.post(nik, '/api/cancellations', { shipmentNo, ...body }, headers);
    },
    approve(nik: string, shipmentNo: string, body: Record<string, unknown> = {}) {
      return api.post(nik, `/api/cancellations/${shipmentNo}/approve`, body);
    },
    reject(nik: string, shipmentNo: string, body: Record<string, unknown> = { note: 'Pesanan sudah dikemas' }) {
      return api.post(nik, `/api/cancellations/${shipmentNo}/reject`, body);
    },
  };
}

export async function requestsOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(cancelRequests).where(eq(cancelRequests.orderId, orderId)).orderBy(asc(cancelRequests.id));
}

export async function noticesOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(channelNotices).where(eq(channelNotices.orderId, orderId)).orderBy(asc(channelNotices.id));
}

export async function movementsFor(ctx: TestContext, ref: string) {
  return ctx.handle.db.select().from(stockMovements).where(eq(stockMovements.ref, ref)).orderBy(asc(stockMovements.id));
}

/** store_stock.qty equals the sellable ledger of each product (the stock module's invariant). */
export async function ledgerBalances(ctx: TestContext, storeCode: string, productIds: string[]): Promise<boolean> {
  const books = await stockOf(ctx.handle.db, storeCode, productIds);
  for (const id of productIds) {
    const [row] = await ctx.handle.db
      .select({ n: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int` })
      .from(stockMovements)
      .where(and(eq(stockMovements.storeCode, storeCode), eq(stockMovements.productId, id), eq(stockMovements.condition, 'sellable')));
    if (Number(row?.n ?? 0) !== books.get(id)!.qty) return false;
  }
  return true;
}
