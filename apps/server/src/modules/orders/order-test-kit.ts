import { and, asc, eq, notInArray, type SQL } from 'drizzle-orm';
import type { OrderStatusId } from '@gerai/contract';
import { events, orderLines, orders, orderStatusHistory, products } from '../../db/schema';
import type { TestContext } from '../../test/harness';

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
