import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { type LatLng, offsetPoint, ROLE } from '@gerai/contract';
import { auditLog, channelNotices, events, orderLines, orders, returns, stockMovements, storeStock, users } from '../../db/schema';
import { hashPassword } from '../../db/password';
import { DEMO_NIK, DEMO_PASSWORD } from '../../seed/demo-data';
import type { TestContext } from '../../test/harness';

export const STAFF = DEMO_NIK.STAFF;
export const CHIEF = DEMO_NIK.STORE_CHIEF;
export const STAFF_T002 = DEMO_NIK.STAFF_T002;
export const CHIEF_T002 = DEMO_NIK.STORE_CHIEF_T002;
export const SUPERVISOR = DEMO_NIK.AREA_SUPERVISOR;

export type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

// --- files ------------------------------------------------------------------------

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The start of a JPEG (SOI, APP0 JFIF header): what its type is read from. */
export const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), randomBytes(64), Buffer.from('ffd9', 'hex')]);
/** A WebP (RIFF … WEBPVP8 ) header with some data. */
export const WEBP = (() => {
  const data = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(4), randomBytes(32)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, data]);
})();

/** A multipart/form-data body with the given parts, as a browser's FormData sends it. */
export function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = `----gerai${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// --- calls ------------------------------------------------------------------------

/** Bearer calls as demo users, each signed in once per file. */
export function returnApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  const api = {
    auth,
    async get(nik: string, url: string): Promise<Reply> {
      return ctx.app.inject({ method: 'GET', url, headers: { authorization: await auth(nik) } });
    },
    async post(nik: string, url: string, payload: unknown = {}, headers: Record<string, string> = {}): Promise<Reply> {
      return ctx.app.inject({ method: 'POST', url, headers: { authorization: await auth(nik), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    },
    /** POST /api/uploads with one file in the field `file` (or the parts given). */
    async upload(nik: string, file: Buffer | Parameters<typeof multipart>[0], headers: Record<string, string> = {}, filename = 'foto.jpg'): Promise<Reply> {
      const body = multipart(Buffer.isBuffer(file) ? [{ name: 'file', filename, type: 'image/jpeg', data: file }] : file);
      return ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization: await auth(nik), 'content-type': body.contentType, ...headers }, payload: body.payload });
    },
    /** An upload's id, for a return's photos. */
    async photo(nik: string = STAFF, file: Buffer = PNG): Promise<string> {
      const res = await api.upload(nik, file);
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      return res.json().data.id as string;
    },
  };
  return api;
}

// --- orders -------------------------------------------------------------------------

let serial = 0;
export type TestOrder = typeof orders.$inferSelect & { lines: Array<typeof orderLines.$inferSelect>; customer: LatLng };

export interface OrderOptions {
  storeCode?: string;
  deliveryType?: 0 | 1;
  statusId?: number;
  /** When it was completed; default an hour ago. */
  completedAt?: Date | null;
  /** Picked units per line (default: every ordered unit). */
  picked?: number[];
}

/**
 * A new completed order of the store, cloned from one of its seeded orders with two or three
 * lines, every unit picked and delivered (so every test has its own order and nothing is shared).
 */
export async function completedOrder(ctx: TestContext, opts: OrderOptions = {}): Promise<TestOrder> {
  const storeCode = opts.storeCode ?? 'T001';
  const db = ctx.handle.db;
  const [template] = await db.select().from(orders).where(and(eq(orders.storeCode, storeCode), eq(orders.deliveryType, 1))).orderBy(asc(orders.id)).limit(1);
  if (!template) throw new Error(`no order in ${storeCode}`);
  const templateLines = await db.select().from(orderLines).where(eq(orderLines.orderId, template.id)).orderBy(asc(orderLines.id));
  serial += 1;
  const tag = `${process.pid % 1000}${String(serial).padStart(4, '0')}`;
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
  const completedAt = opts.completedAt === undefined ? new Date(Date.now() - 3600_000) : opts.completedAt;
  const [row] = await db
    .insert(orders)
    .values({
      ...rest,
      shipmentNo: `SHPRET${tag}`,
      orderNo: `RETTEST-${tag}`,
      statusId: (opts.statusId ?? 1104) as typeof rest.statusId,
      deliveryType: opts.deliveryType ?? 1,
      completedAt,
      archivedAt: null,
      cancelledAt: null,
      version: 1,
    })
    .returning();
  const source = templateLines.length >= 2 ? templateLines.slice(0, 3) : templateLines;
  const lines = await db
    .insert(orderLines)
    .values(
      source.map((l, i) => {
        const qty = Math.max(l.qty, 3);
        return { orderId: row!.id, productId: l.productId, barcode: l.barcode, name: l.name, price: l.price, qty, qtyPicked: opts.picked?.[i] ?? qty, qtyOos: 0 };
      }),
    )
    .returning();
  return { ...row!, lines: lines.sort((a, b) => a.id - b.id), customer: { lat: row!.customerLat!, lng: row!.customerLng! } };
}

/** A point `distanceM` from the customer towards `bearingDeg`. */
export function pointFrom(order: TestOrder, distanceM: number, bearingDeg = 45): LatLng {
  return offsetPoint(order.customer.lat, order.customer.lng, distanceM, (bearingDeg * Math.PI) / 180);
}

export const capturedAgo = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** A valid return POD body at `at`, taken a moment ago. */
export function podBody(at: LatLng, extra: Record<string, unknown> = {}) {
  return { lat: at.lat, long: at.lng, accuracy: 10, capturedAt: capturedAgo(0.5), receiverName: 'Sari Wulandari', receiverRelation: 'Pemesan', ...extra };
}

/** A valid return request of one unit of the order's first line (or the lines given). */
export function returnBody(order: TestOrder, photoIds: string[], extra: Record<string, unknown> = {}) {
  return { shipmentNo: order.shipmentNo, reasonId: 1, lines: [{ lineId: order.lines[0]!.id, qty: 1 }], photoIds, ...extra };
}

// --- what the database holds ---------------------------------------------------------

export async function returnsOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.id));
}

export async function stockRow(ctx: TestContext, storeCode: string, productId: string) {
  const [row] = await ctx.handle.db.select().from(storeStock).where(and(eq(storeStock.storeCode, storeCode), eq(storeStock.productId, productId)));
  return { qty: row?.qty ?? 0, qtyDamaged: row?.qtyDamaged ?? 0 };
}

export async function ledgerOf(ctx: TestContext, ref: string) {
  return ctx.handle.db.select().from(stockMovements).where(eq(stockMovements.ref, ref)).orderBy(asc(stockMovements.id));
}

export async function noticesOf(ctx: TestContext, orderId: number) {
  return ctx.handle.db.select().from(channelNotices).where(eq(channelNotices.orderId, orderId)).orderBy(asc(channelNotices.id));
}

export async function eventsOf(ctx: TestContext, shipmentNo: string) {
  const rows = await ctx.handle.db.select().from(events).orderBy(asc(events.id));
  return rows.filter((e) => (e.payload as { shipmentNo?: string }).shipmentNo === shipmentNo);
}

export async function auditOfReturn(ctx: TestContext, returnId: number) {
  return ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entity, 'return'), eq(auditLog.entityId, String(returnId)))).orderBy(asc(auditLog.id));
}

/** A user made for the test (the demo has one staff and one chief per store). */
export async function createUser(ctx: TestContext, nik: string, roleId: number, storeCode: string): Promise<void> {
  await ctx.handle.db
    .insert(users)
    .values({ nik, name: `${roleId === ROLE.STORE_CHIEF ? 'Kepala' : 'Staf'} ${storeCode} ${nik.slice(-3)}`, roleId, storeCode, passwordHash: hashPassword(DEMO_PASSWORD) })
    .onConflictDoNothing();
}

/** The step tests' returns, on the file's context and calls, each a step further along. */
export function returnStepHelpers(ctx: TestContext, api: ReturnType<typeof returnApi>) {
  const url = (o: { shipmentNo: string }, step: string) => `/api/returns/${o.shipmentNo}/${step}`;

  /** A completed order with a requested return of `qty` of each of its first two lines. */
  async function requested(opts: Parameters<typeof completedOrder>[1] = {}, qty = 2): Promise<TestOrder & { returnId: number }> {
    const order = await completedOrder(ctx, opts);
    const res = await api.post(STAFF, '/api/returns', returnBody(order, [await api.photo()], { lines: order.lines.slice(0, 2).map((l) => ({ lineId: l.id, qty })) }));
    expect(res.statusCode, res.body).toBe(201);
    return { ...order, returnId: res.json().data.id };
  }

  async function approved(opts: Parameters<typeof completedOrder>[1] = {}, qty = 2) {
    const order = await requested(opts, qty);
    const res = await api.post(CHIEF, url(order, 'approve'), {});
    expect(res.statusCode, res.body).toBe(200);
    return order;
  }

  async function collected(qty = 2) {
    const order = await approved({}, qty);
    const res = await api.post(STAFF, url(order, 'pod'), podBody(pointFrom(order, 30)));
    expect(res.statusCode, res.body).toBe(200);
    return order;
  }

  const receiveAll = (order: TestOrder, qty: number, condition = 'sellable') => ({ lines: order.lines.slice(0, 2).map((l) => ({ lineId: l.id, qtyReceived: qty, condition })) });

  async function statusOf(returnId: number) {
    const [row] = await ctx.handle.db.select().from(returns).where(eq(returns.id, returnId));
    return row!;
  }

  return { url, requested, approved, collected, receiveAll, statusOf };
}
