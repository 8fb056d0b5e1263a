import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrateDb, type DbHandle } from './client';
import { openTestDb } from '../test/test-db';
import type { DeliveryType, OrderStatusId } from '@gerai/contract';
import * as t from './schema';

let handle: DbHandle;
let orderId: number;
let userId: number;

/** The PostgreSQL error code behind a failed query (drizzle wraps the driver error). */
async function pgError(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const FK_VIOLATION = '23503';

const baseOrder = {
  orderNo: 'AGF0001',
  appId: 379,
  storeCode: 'T001',
  statusId: 1103 as OrderStatusId,
  deliveryType: 1 as DeliveryType,
  paymentId: 1,
  price: 3300,
  customerName: 'Sari Wulandari',
  customerPhone: '081234567890',
  pickupCode: '000111',
};

beforeAll(async () => {
  handle = await openTestDb();
  const db = handle.db;
  await db.insert(t.stores).values({
    code: 'T001',
    name: 'Toko Kemang Raya',
    address: 'Jl. Kemang Raya No. 8',
    kelurahan: 'Bangka',
    kecamatan: 'Mampang Prapatan',
    city: 'Jakarta Selatan',
    latitude: -6.26,
    longitude: 106.81,
    areaCode: 'JKS',
  });
  await db.insert(t.products).values({ productId: '20000001', ean13: '8998866200011', name: 'Indomie Goreng 85g', category: 'Mi Instan', price: 3300 });
  [{ id: userId }] = (await db.insert(t.users).values({ nik: '10000001', name: 'Budi Santoso', roleId: 1, storeCode: 'T001', passwordHash: 'x' }).returning({ id: t.users.id })) as [{ id: number }];
  [{ id: orderId }] = (await db.insert(t.orders).values({ ...baseOrder, shipmentNo: 'SHP2611220000001' }).returning({ id: t.orders.id })) as [{ id: number }];
});
afterAll(async () => handle?.close());

describe('migrations', () => {
  it('apply again without error (already applied)', async () => {
    await expect(migrateDb(handle)).resolves.toBeUndefined();
  });
});

describe('orders', () => {
  it('keeps shipment numbers unique and channel order numbers idempotent per channel', async () => {
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, orderNo: 'OTHER', shipmentNo: 'SHP2611220000001' }))).toBe(UNIQUE_VIOLATION);
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, shipmentNo: 'SHP2611220000002' }))).toBe(UNIQUE_VIOLATION);
    // The same order number from another channel is another order.
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, appId: 410, shipmentNo: 'SHP2611220000003' }))).toBeUndefined();
  });

  it('refuses unknown statuses, stores and delivery types', async () => {
    // The column types refuse these values too; the constraints must refuse them from any SQL.
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, orderNo: 'X1', shipmentNo: 'SHP1', statusId: 1108 as OrderStatusId }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, orderNo: 'X2', shipmentNo: 'SHP2', deliveryType: 2 as DeliveryType }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, orderNo: 'X3', shipmentNo: 'SHP3', storeCode: 'T999' }))).toBe(FK_VIOLATION);
    expect(await pgError(handle.db.insert(t.orders).values({ ...baseOrder, orderNo: 'X4', shipmentNo: 'SHP4', isSendStore: 'Y' }))).toBe(CHECK_VIOLATION);
  });

  it('never lets the out-of-stock quantity go below 0 or picked + oos exceed the ordered quantity', async () => {
    const line = { orderId, productId: '20000001', barcode: '8998866200011', name: 'Indomie Goreng 85g', price: 3300, qty: 2 };
    expect(await pgError(handle.db.insert(t.orderLines).values({ ...line, qtyOos: -1 }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.orderLines).values({ ...line, qtyPicked: 2, qtyOos: 1 }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.orderLines).values({ ...line, qtyPicked: 1, qtyOos: 1 }))).toBeUndefined();
    // One line per product: a second scan updates the line instead.
    expect(await pgError(handle.db.insert(t.orderLines).values(line))).toBe(UNIQUE_VIOLATION);
  });
});

describe('partial unique indexes', () => {
  const request = () => ({ orderId, shipmentNo: 'SHP2611220000001', deliveryType: 1, lat: -6.27, lng: 106.82, requestedBy: userId, reasonId: null, reasonText: 'Pelanggan di kantor' });

  it('allow one pending POD approval request per order, and a new one once it is decided', async () => {
    const [first] = await handle.db.insert(t.podApprovalRequests).values(request()).returning();
    expect(first!.status).toBe('pending');
    expect(await pgError(handle.db.insert(t.podApprovalRequests).values(request()))).toBe(UNIQUE_VIOLATION);
    await handle.db.update(t.podApprovalRequests).set({ status: 'rejected', decidedAt: new Date() }).where(eq(t.podApprovalRequests.id, first!.id));
    expect(await pgError(handle.db.insert(t.podApprovalRequests).values(request()))).toBeUndefined();
  });

  it('allow one active ticket per shipment, and a new one once it is resolved', async () => {
    const ticket = { shipmentNo: 'SHP2611220000001', storeCode: 'T001', description: 'Status tidak berubah', staffName: 'Budi Santoso', createdBy: userId };
    const [first] = await handle.db.insert(t.tickets).values(ticket).returning();
    expect(first!.status).toBe('open');
    expect(await pgError(handle.db.insert(t.tickets).values(ticket))).toBe(UNIQUE_VIOLATION);
    await handle.db.update(t.tickets).set({ status: 'in_progress' }).where(eq(t.tickets.id, first!.id));
    expect(await pgError(handle.db.insert(t.tickets).values({ ...ticket, status: 'open' }))).toBe(UNIQUE_VIOLATION);
    await handle.db.update(t.tickets).set({ status: 'resolved' }).where(eq(t.tickets.id, first!.id));
    expect(await pgError(handle.db.insert(t.tickets).values(ticket))).toBeUndefined();
  });

  it('allow one pending cancellation and one open return per order', async () => {
    await handle.db.insert(t.cancelRequests).values({ orderId, reasonId: null, reasonText: 'Lainnya', requestedBy: userId });
    expect(await pgError(handle.db.insert(t.cancelRequests).values({ orderId, requestedBy: userId }))).toBe(UNIQUE_VIOLATION);
    const ret = { orderId, shipmentNo: 'SHP2611220000001', storeCode: 'T001', deliveryType: 1, reason: 'Produk rusak', requestedBy: userId };
    await handle.db.insert(t.returns).values(ret);
    expect(await pgError(handle.db.insert(t.returns).values({ ...ret, status: 'approved' }))).toBe(UNIQUE_VIOLATION);
  });
});

describe('other constraints', () => {
  it('requires 13-digit barcodes and non-negative damaged stock', async () => {
    expect(await pgError(handle.db.insert(t.products).values({ productId: 'P2', ean13: '12345', name: 'x', category: 'x', price: 1 }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.storeStock).values({ storeCode: 'T001', productId: '20000001', qtyDamaged: -1 }))).toBe(CHECK_VIOLATION);
    // Sellable units may go below zero on the books (goods scanned the books did not have): a count to correct, never a refused pack.
    expect(await pgError(handle.db.insert(t.storeStock).values({ storeCode: 'T001', productId: '20000001', qty: -1 }))).toBeUndefined();
  });

  it('keeps MAT statuses to the four known ones, sender ≠ receiver, wrong PINs within the limit and a received count within what was sent', async () => {
    await handle.db.insert(t.stores).values({ code: 'T002', name: 'Toko Tebet Barat', address: 'Jl. Tebet Barat No. 1', kelurahan: 'Tebet Barat', kecamatan: 'Tebet', city: 'Jakarta Selatan', latitude: -6.23, longitude: 106.85, areaCode: 'JKS' });
    const mat = { matNo: 'MAT1', senderStoreCode: 'T001', receiverStoreCode: 'T002', pinHash: 'scrypt$hash', idTbsms: 'TBS1' };
    expect(await pgError(handle.db.insert(t.materialTransfers).values({ ...mat, receiverStoreCode: 'T001' }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.materialTransfers).values({ ...mat, status: 'sent' }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.materialTransfers).values({ ...mat, pinFailures: 6 }))).toBe(CHECK_VIOLATION);
    const [transfer] = await handle.db.insert(t.materialTransfers).values(mat).returning();
    expect(await pgError(handle.db.insert(t.materialTransfers).values({ ...mat, matNo: 'MAT2' }))).toBe(UNIQUE_VIOLATION);
    const item = { transferId: transfer!.id, productId: '20000001', qtySent: 2 };
    expect(await pgError(handle.db.insert(t.materialTransferItems).values({ ...item, qtyReceived: 3 }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.materialTransferItems).values({ ...item, discrepancyReason: 'lost' }))).toBe(CHECK_VIOLATION);
    expect(await pgError(handle.db.insert(t.materialTransferItems).values({ ...item, qtyReceived: 1, discrepancyReason: 'missing' }))).toBeUndefined();
    expect(await pgError(handle.db.insert(t.storeStock).values({ storeCode: 'T002', productId: '20000001', qtyInTransit: -1 }))).toBe(CHECK_VIOLATION);
  });

  it('numbers events in commit order for SSE replay', async () => {
    const a = await handle.db.insert(t.events).values({ storeCode: 'T001', type: 'order.created', payload: { n: 1 } }).returning();
    const b = await handle.db.insert(t.events).values({ storeCode: null, type: 'order.updated', payload: {} }).returning();
    expect(typeof a[0]!.id).toBe('number');
    expect(b[0]!.id).toBeGreaterThan(a[0]!.id);
  });
});
