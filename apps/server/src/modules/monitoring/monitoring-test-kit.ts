import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { BOOKING_STATUS, CANCEL_REQUEST_STATUS, MAT_STATUS, POD_APPROVAL_STATUS, RETURN_STATUS, ROLE, type BookingStatusId, type OrderStatusId, type ReturnStatus } from '@gerai/contract';
import type { MonitoringLate, MonitoringStoreRows, MonitoringTile, MonitoringTileStores } from '@gerai/contract';
import { expect } from 'vitest';
import { hashPassword } from '../../db/password';
import {
  cancelRequests,
  materialTransfers,
  orderEscalations,
  orders,
  podApprovalRequests,
  products,
  returns,
  stockBookingDetails,
  stockBookings,
  stores,
  users,
  userStores,
} from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { TestContext } from '../../test/harness';

const MINUTE = 60_000;
/** `minutes` before `now`. */
export const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);
const unique = () => randomBytes(5).toString('hex').toUpperCase();

/** The escalation levels an order has reached, lowest first. */
export async function escalationLevelsOf(ctx: TestContext, orderId: number) {
  const rows = await ctx.handle.db.select({ level: orderEscalations.level }).from(orderEscalations).where(eq(orderEscalations.orderId, orderId)).orderBy(asc(orderEscalations.level));
  return rows.map((r) => r.level);
}

/** A store of its own, empty, so a test's figures are only its own rows. */
export async function addStore(ctx: TestContext, code: string, name = `Toko Monitor ${code}`): Promise<void> {
  await ctx.handle.db.insert(stores).values({ code, name, address: 'Jl. Monitor 1', kelurahan: 'Monitor', kecamatan: 'Monitor', city: 'Jakarta', latitude: -6.3, longitude: 106.9, areaCode: 'MON' });
}

/** An area supervisor of its own over `storeCodes`, signed in with the demo password. */
export async function addAreaSupervisor(ctx: TestContext, nik: string, storeCodes: string[]): Promise<void> {
  const [user] = await ctx.handle.db
    .insert(users)
    .values({ nik, name: `Supervisor ${nik}`, roleId: ROLE.AREA_SUPERVISOR, storeCode: null, passwordHash: hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await ctx.handle.db.insert(userStores).values(storeCodes.map((storeCode) => ({ userId: user!.id, storeCode })));
}

export interface TestOrder {
  id: number;
  shipmentNo: string;
  orderNo: string;
  storeCode: string;
  createdAt: Date;
}

/** An order written as it stands: its status, arrival and picker chosen (no lines: monitoring does not read them). */
export async function addOrder(
  ctx: TestContext,
  spec: { storeCode: string; statusId: OrderStatusId; createdAt: Date; pickerUserId?: number | null; deliveryType?: 0 | 1; appId?: number },
): Promise<TestOrder> {
  const id = unique();
  const [row] = await ctx.handle.db
    .insert(orders)
    .values({
      shipmentNo: `SHM${id}`,
      orderNo: `MON-${id}`,
      appId: spec.appId ?? 379,
      storeCode: spec.storeCode,
      statusId: spec.statusId,
      deliveryType: spec.deliveryType ?? 0,
      paymentId: 1,
      price: 10_000,
      customerName: 'Pelanggan Monitor',
      customerPhone: '081200000000',
      customerLat: -6.3,
      customerLng: 106.9,
      pickupCode: '123456',
      pickerUserId: spec.pickerUserId ?? null,
      createdAt: spec.createdAt,
      updatedAt: spec.createdAt,
    })
    .returning({ id: orders.id, shipmentNo: orders.shipmentNo, orderNo: orders.orderNo, storeCode: orders.storeCode, createdAt: orders.createdAt });
  return row!;
}

export async function addEscalations(ctx: TestContext, orderId: number, levels: Array<1 | 2 | 3>): Promise<void> {
  await ctx.handle.db.insert(orderEscalations).values(levels.map((level) => ({ orderId, level })));
}

export async function addPodRequest(ctx: TestContext, order: TestOrder, at: Date, status: string = POD_APPROVAL_STATUS.PENDING): Promise<void> {
  await ctx.handle.db.insert(podApprovalRequests).values({ orderId: order.id, shipmentNo: order.shipmentNo, deliveryType: 1, lat: -6.3, lng: 106.9, status, requestDate: at });
}

export async function addCancelRequest(ctx: TestContext, order: TestOrder, at: Date, status: string = CANCEL_REQUEST_STATUS.PENDING): Promise<void> {
  await ctx.handle.db.insert(cancelRequests).values({ orderId: order.id, reasonId: 1, requestedInStatus: 1101, status, createdAt: at });
}

export async function addReturn(ctx: TestContext, order: TestOrder, at: Date, status: ReturnStatus = RETURN_STATUS.REQUESTED): Promise<void> {
  await ctx.handle.db.insert(returns).values({ orderId: order.id, shipmentNo: order.shipmentNo, storeCode: order.storeCode, deliveryType: 0, reason: 'Produk rusak', status, createdAt: at, updatedAt: at });
}

async function anyProduct(ctx: TestContext): Promise<string> {
  const [p] = await ctx.handle.db.select({ id: products.productId }).from(products).limit(1);
  return p!.id;
}

/** A booking by `order`'s store, offered to `addressedTo`. */
export async function addBooking(
  ctx: TestContext,
  order: TestOrder,
  addressedTo: string,
  at: Date,
  options: { status?: BookingStatusId; cancelled?: boolean } = {},
): Promise<void> {
  const status = options.status ?? BOOKING_STATUS.WAITING;
  const [booking] = await ctx.handle.db
    .insert(stockBookings)
    .values({ bookingNo: `BKM${unique()}`, orderId: order.id, storeCode: order.storeCode, productId: await anyProduct(ctx), qtyOos: 1, status, cancelledAt: options.cancelled ? at : null, createdAt: at, updatedAt: at })
    .returning({ id: stockBookings.id });
  await ctx.handle.db.insert(stockBookingDetails).values({ bookingId: booking!.id, storeCode: addressedTo, status, createdAt: at, updatedAt: at });
}

export async function addTransfer(ctx: TestContext, from: string, to: string, at: Date, status: string = MAT_STATUS.NEW): Promise<void> {
  const id = unique();
  await ctx.handle.db.insert(materialTransfers).values({ matNo: `MATM${id}`, senderStoreCode: from, receiverStoreCode: to, status, pinHash: 'scrypt$test', idTbsms: `TBM${id}`, createdAt: at, updatedAt: at });
}

export async function userIdOf(ctx: TestContext, nik: string): Promise<{ id: number; name: string }> {
  const [u] = await ctx.handle.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.nik, nik));
  return u!;
}

/** Bearer GETs as any account, each signed in once per file. */
export function monitoringApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  return {
    auth,
    /** GET /api/monitoring, or (`read` '/stores', '/late') its store rows or late list. */
    async get(nik: string, storeCode?: string, read: '' | '/stores' | '/late' = '') {
      return ctx.app.inject({ method: 'GET', url: `/api/monitoring${read}${storeCode === undefined ? '' : `?storeCode=${storeCode}`}`, headers: { authorization: await auth(nik) } });
    },
    /** GET /api/monitoring/stores: "Per toko" over the caller's scope (or one store of it). */
    async storeRows(nik: string, storeCode?: string): Promise<MonitoringStoreRows> {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/monitoring/stores${storeCode === undefined ? '' : `?storeCode=${storeCode}`}`, headers: { authorization: await auth(nik) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as MonitoringStoreRows;
    },
    /** GET /api/monitoring/late: the late list over the caller's scope (or one store of it). */
    async lateOrders(nik: string, storeCode?: string): Promise<MonitoringLate> {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/monitoring/late${storeCode === undefined ? '' : `?storeCode=${storeCode}`}`, headers: { authorization: await auth(nik) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as MonitoringLate;
    },
    /** GET /api/monitoring/tiles/:tile: a tile's stores over the caller's scope. */
    async tileStores(nik: string, tile: MonitoringTile): Promise<MonitoringTileStores> {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/monitoring/tiles/${tile}`, headers: { authorization: await auth(nik) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as MonitoringTileStores;
    },
  };
}
