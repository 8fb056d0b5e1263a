import { expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { type LatLng, offsetPoint, ROLE } from '@gerai/contract';
import { auditLog, events, orders, orderStatusHistory, podApprovalRequests, podRecords, users } from '../../db/schema';
import { hashPassword } from '../../db/password';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { TestContext } from '../../test/harness';

export const STAFF = '10000001';
export const STAFF_T002 = '10000002';
export const CHIEF = '20000001';
export const SUPERVISOR = '30000001';

export type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

/** Bearer calls as demo users; form calls send application/x-www-form-urlencoded like the web does. */
export function podApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  return {
    async get(nik: string, url: string): Promise<Reply> {
      return ctx.app.inject({ method: 'GET', url, headers: { authorization: await auth(nik) } });
    },
    async json(nik: string, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<Reply> {
      return ctx.app.inject({ method: 'POST', url, headers: { authorization: await auth(nik), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    },
    async form(nik: string, url: string, fields: Record<string, string | number | boolean | undefined> | string, headers: Record<string, string> = {}): Promise<Reply> {
      const body =
        typeof fields === 'string'
          ? fields
          : new URLSearchParams(Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString();
      return ctx.app.inject({ method: 'POST', url, headers: { authorization: await auth(nik), 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: body });
    },
  };
}

let serial = 0;
export type TestOrder = typeof orders.$inferSelect & { customer: LatLng };

/**
 * A new delivery order in 1103 of the store, cloned from one of its seeded
 * orders (so it has real customer coordinates near the store). Every test
 * gets its own, so tests never share state.
 */
export async function freshDeliveryOrder(ctx: TestContext, storeCode = 'T001', set: Partial<typeof orders.$inferInsert> = {}): Promise<TestOrder> {
  const [template] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, storeCode)).orderBy(asc(orders.id)).limit(1);
  if (!template) throw new Error(`no order in ${storeCode}`);
  serial += 1;
  const tag = `${process.pid % 1000}${String(serial).padStart(4, '0')}`;
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
  const [row] = await ctx.handle.db
    .insert(orders)
    .values({
      ...rest,
      shipmentNo: `SHPPOD${tag}`,
      orderNo: `PODTEST-${tag}`,
      statusId: 1103,
      deliveryType: 1,
      completedAt: null,
      archivedAt: null,
      cancelledAt: null,
      version: 1,
      ...set,
    })
    .returning();
  return { ...row!, customer: { lat: row!.customerLat!, lng: row!.customerLng! } };
}

/** A point `distanceM` from the customer towards `bearingDeg` (0 = north). */
export function pointFrom(order: TestOrder, distanceM: number, bearingDeg = 45): LatLng {
  return offsetPoint(order.customer.lat, order.customer.lng, distanceM, (bearingDeg * Math.PI) / 180);
}

/** A capture time `minutesAgo` before now, as the phone sends it. */
export const capturedAgo = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** A valid scan-and-go payload at `at`, its position taken a moment ago. */
export function scanGoBody(order: TestOrder, at: LatLng, extra: Record<string, unknown> = {}) {
  return {
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    lat: at.lat,
    long: at.lng,
    accuracy: 12,
    capturedAt: capturedAgo(0.5),
    receiverName: 'Sari Wulandari',
    receiverRelation: 'Pemesan',
    isValidate: true,
    plasticQty: 2,
    ...extra,
  };
}

/** A valid approval request form at `at`, its position taken a moment ago. */
export function requestForm(order: TestOrder, at: LatLng, extra: Record<string, string | number | undefined> = {}) {
  return { shipmentNo: order.shipmentNo, deliveryType: 1, type: 'order', reasonId: 1, lat: at.lat, long: at.lng, accuracy: 20, capturedAt: capturedAgo(0.5), ...extra };
}

export async function orderNow(ctx: TestContext, orderId: number) {
  const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function podRecordsOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(podRecords).where(eq(podRecords.orderId, orderId));
}

export async function requestsOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(podApprovalRequests).where(eq(podApprovalRequests.orderId, orderId)).orderBy(asc(podApprovalRequests.id));
}

export async function historyOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
}

export async function eventsOf(ctx: TestContext, shipmentNo: string) {
  const rows = await ctx.handle.db.select().from(events).orderBy(asc(events.id));
  return rows.filter((e) => (e.payload as { shipmentNo?: string }).shipmentNo === shipmentNo);
}

export async function auditOf(ctx: TestContext, shipmentNo: string, action: string) {
  return ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entityId, shipmentNo), eq(auditLog.action, action)));
}

/** A kepala toko of another store, created for the test (the demo has one for T001 only). */
export async function createChief(ctx: TestContext, nik: string, storeCode: string): Promise<void> {
  await ctx.handle.db
    .insert(users)
    .values({ nik, name: `Kepala ${storeCode}`, roleId: ROLE.STORE_CHIEF, storeCode, passwordHash: hashPassword(DEMO_PASSWORD) })
    .onConflictDoNothing();
}

/**
 * Every way of closing an order with a POD (scan & go, a request) checks the order first: one in
 * 1104 or 1105 is finished (409) whatever else is sent. `send` submits a POD for the order.
 */
export async function expectFinishedRefused(ctx: TestContext, send: (order: TestOrder) => Promise<Reply>): Promise<void> {
  for (const statusId of [1104, 1105] as const) {
    const order = await freshDeliveryOrder(ctx, 'T001', { statusId });
    const res = await send(order);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'POD_ORDER_FINISHED', message: 'Status pesanan ini sudah selesai' });
  }
}

export const REQUESTS = '/api/pod/requests';

/** The request tests' orders, on the file's context and calls. */
export function podRequestHelpers(ctx: TestContext, api: ReturnType<typeof podApi>) {
  return {
    /** A T001 delivery order with a pending request sent from `distanceM` away. */
    async pendingOrder(distanceM = 420): Promise<TestOrder> {
      const order = await freshDeliveryOrder(ctx);
      const res = await api.form(STAFF, REQUESTS, requestForm(order, pointFrom(order, distanceM, 300)));
      expect(res.statusCode, res.body).toBe(201);
      return order;
    },
  };
}
