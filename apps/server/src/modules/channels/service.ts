import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, ilike, inArray } from 'drizzle-orm';
import { ORDER_STATUS, type AppId, type IntakeOrder } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orderLines, orderPaperBags, orders, orderStatusHistory, products, stores, storeStock, type OrderQrCode } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordChange } from '../../platform/audit';

export interface IntakeResult {
  shipmentNo: string;
  orderNo: string;
  appId: number;
  created: boolean;
  pickupCode: string;
  pickupQr: string;
}

export const pickupQrText = (shipmentNo: string, pickupCode: string) => `GERAI:PICKUP:${shipmentNo}:${pickupCode}`;

/**
 * The QR texts of an order the customer collects with (spec: qrCode with Head
 * and Body, and qrAndroid), for received and seeded orders alike. qrAndroid
 * ends with the pickup code, which the order detail cuts out for the crew.
 */
export function orderQrTexts(order: {
  storeCode: string;
  shipmentNo: string;
  orderNo: string;
  createdAt: Date;
  pickupCode: string;
  lines: readonly { barcode: string; qty: number; price: number }[];
}): { qrCode: OrderQrCode; qrAndroid: string } {
  return {
    qrCode: { Head: [order.storeCode, order.shipmentNo, order.orderNo, order.createdAt.toISOString()], Body: order.lines.map((l) => [l.barcode, l.qty, l.price]) },
    qrAndroid: `${order.shipmentNo}|${order.pickupCode}`,
  };
}

/** SHP + yyMMdd + 7 random digits: readable over the phone, unique by constraint. */
export function newShipmentNo(now = new Date()): string {
  const ymd = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `SHP${ymd}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/**
 * Receives one order from a channel. The channel's order number is the
 * idempotency key: a repeat returns the order made the first time.
 */
export async function receiveChannelOrder(db: Db, appId: AppId, input: IntakeOrder): Promise<IntakeResult> {
  const existing = await findExisting(db, appId, input.orderNo);
  if (existing) return existing;

  const [store] = await db.select({ code: stores.code }).from(stores).where(eq(stores.code, input.storeCode)).limit(1);
  if (!store) throw new AppError('STORE_UNKNOWN', undefined, [{ path: 'body.storeCode', message: 'Kode toko tidak dikenal.' }]);

  const barcodes = [...new Set(input.lines.map((l) => l.barcode))];
  const found = await db.select().from(products).where(inArray(products.ean13, barcodes));
  const byBarcode = new Map(found.map((p) => [p.ean13, p]));
  const unknown = input.lines.flatMap((l, i) => (byBarcode.has(l.barcode) ? [] : [{ path: `body.lines.${i}.barcode`, message: `Barcode ${l.barcode} tidak dikenal.` }]));
  if (unknown.length > 0) throw new AppError('PRODUCT_UNKNOWN', undefined, unknown);

  const [paperBag] = input.paperBags > 0 ? await db.select().from(products).where(ilike(products.name, 'Kantong Kertas%')).limit(1) : [];
  const lines = mergeLines(input.lines).map((l) => {
    const product = byBarcode.get(l.barcode)!;
    return { product, qty: l.qty, price: l.price ?? product.price };
  });
  const bagTotal = paperBag ? paperBag.price * input.paperBags : 0;
  const total = lines.reduce((sum, l) => sum + l.price * l.qty, 0) + bagTotal;
  const shipmentNo = newShipmentNo();
  const pickupCode = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(orders)
      .values({
        shipmentNo,
        orderNo: input.orderNo,
        appId,
        storeCode: input.storeCode,
        statusId: ORDER_STATUS.NEW,
        deliveryType: input.deliveryType,
        paymentId: input.paymentId,
        price: total,
        billNo: null,
        ...orderQrTexts({
          storeCode: input.storeCode,
          shipmentNo,
          orderNo: input.orderNo,
          createdAt: now,
          pickupCode,
          lines: lines.map((l) => ({ barcode: l.product.ean13, qty: l.qty, price: l.price })),
        }),
        isSendStore: 'F',
        customerName: input.customer.name,
        customerPhone: input.customer.phone,
        customerAddress: input.customer.address ?? null,
        customerLat: input.customer.latitude ?? null,
        customerLng: input.customer.longitude ?? null,
        pickupCode,
        note: input.note ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [orders.appId, orders.orderNo] })
      .returning({ id: orders.id });
    const row = inserted[0];
    if (!row) {
      // Lost a race with the same channel order: answer with the winner's shipment.
      const winner = await findExisting(tx as unknown as Db, appId, input.orderNo);
      if (!winner) throw new AppError('CONFLICT');
      return winner;
    }
    await tx.insert(orderLines).values(
      lines.map((l) => ({
        orderId: row.id,
        productId: l.product.productId,
        barcode: l.product.ean13,
        name: l.product.name,
        price: l.price,
        qty: l.qty,
      })),
    );
    if (paperBag) await tx.insert(orderPaperBags).values({ orderId: row.id, productId: paperBag.productId, qty: input.paperBags, price: paperBag.price });
    await tx.insert(orderStatusHistory).values({ orderId: row.id, fromStatus: null, toStatus: ORDER_STATUS.NEW, actorUserId: null, action: 'received', reason: `channel ${appId}` });
    await recordChange(
      tx,
      { actorUserId: null, entity: 'order', entityId: shipmentNo, action: 'received', toValue: String(ORDER_STATUS.NEW), reason: `channel ${appId}` },
      { storeCode: input.storeCode, type: 'order.created', payload: { shipmentNo, orderNo: input.orderNo, appId, statusId: ORDER_STATUS.NEW, deliveryType: input.deliveryType, price: total } },
    );
    return { shipmentNo, orderNo: input.orderNo, appId, created: true, pickupCode, pickupQr: pickupQrText(shipmentNo, pickupCode) };
  });
}

async function findExisting(db: Db, appId: number, orderNo: string): Promise<IntakeResult | null> {
  const [row] = await db
    .select({ shipmentNo: orders.shipmentNo, pickupCode: orders.pickupCode })
    .from(orders)
    .where(and(eq(orders.appId, appId), eq(orders.orderNo, orderNo)))
    .limit(1);
  return row
    ? { shipmentNo: row.shipmentNo, orderNo, appId, created: false, pickupCode: row.pickupCode, pickupQr: pickupQrText(row.shipmentNo, row.pickupCode) }
    : null;
}

/** A channel may list one barcode twice; the crew picks it as one line. */
function mergeLines(lines: IntakeOrder['lines']): IntakeOrder['lines'] {
  const merged = new Map<string, IntakeOrder['lines'][number]>();
  for (const l of lines) {
    const prev = merged.get(l.barcode);
    merged.set(l.barcode, prev ? { ...prev, qty: prev.qty + l.qty } : { ...l });
  }
  return [...merged.values()];
}

/** What a channel may sell from one store: products in stock, with price and stock. */
export async function storeCatalog(db: Db, storeCode: string) {
  const [store] = await db.select().from(stores).where(eq(stores.code, storeCode)).limit(1);
  if (!store) throw new AppError('STORE_UNKNOWN');
  const rows = await db
    .select({ barcode: products.ean13, name: products.name, price: products.price, stock: storeStock.qty })
    .from(storeStock)
    .innerJoin(products, eq(products.productId, storeStock.productId))
    .where(and(eq(storeStock.storeCode, storeCode), gt(storeStock.qty, 0)))
    .orderBy(asc(products.productId));
  return {
    storeCode,
    storeName: store.name,
    latitude: store.latitude,
    longitude: store.longitude,
    items: rows.filter((r) => !r.name.startsWith('Kantong Kertas')),
  };
}
