import { and, asc, count, eq, gt, max, sql } from 'drizzle-orm';
import { channelByAppId, ORDER_STATUS, ORDER_STATUS_IDS, type OrderCount, type OrderDetail } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orderLines, orderPaperBags, orders, products, users } from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible, requireActiveStore } from '../../platform/scope';

/** Counts per status for the caller's active store, plus new orders since `latestOrder`. */
export async function countOrders(db: Db, p: Principal, latestOrder?: string): Promise<OrderCount> {
  const storeCode = requireActiveStore(p);
  const rows = await db
    .select({ statusId: orders.statusId, n: count(), newest: max(orders.createdAt) })
    .from(orders)
    .where(eq(orders.storeCode, storeCode))
    .groupBy(orders.statusId);
  const counts = Object.fromEntries(ORDER_STATUS_IDS.map((id) => [String(id), 0])) as OrderCount['counts'];
  let newest: Date | null = null;
  for (const row of rows) {
    const key = String(row.statusId) as keyof OrderCount['counts'];
    if (key in counts) counts[key] = Number(row.n);
    const rowNewest = row.newest ? new Date(row.newest) : null;
    if (rowNewest && (!newest || rowNewest > newest)) newest = rowNewest;
  }
  let latest = 0;
  if (latestOrder) {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.storeCode, storeCode), eq(orders.statusId, ORDER_STATUS.NEW), gt(orders.createdAt, sql`${new Date(latestOrder).toISOString()}::timestamptz`)));
    latest = Number(row?.n ?? 0);
  }
  return { counts, latest, latestOrderAt: newest ? newest.toISOString() : null };
}

/** One order of a visible store; another store's shipment answers 404 like a missing one. */
export async function getOrderDetail(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.shipmentNo, shipmentNo)).limit(1);
  assertStoreVisible(p, order?.storeCode);
  const o = order!;
  const [lines, bags, picker] = await Promise.all([
    db.select({ line: orderLines, imageUrl: products.imageUrl }).from(orderLines).leftJoin(products, eq(products.productId, orderLines.productId)).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    db.select({ bag: orderPaperBags, name: products.name, price: products.price }).from(orderPaperBags).innerJoin(products, eq(products.productId, orderPaperBags.productId)).where(eq(orderPaperBags.orderId, o.id)),
    o.pickerUserId ? db.select({ name: users.name }).from(users).where(eq(users.id, o.pickerUserId)).limit(1) : Promise.resolve([]),
  ]);
  return {
    shipmentNo: o.shipmentNo,
    orderNo: o.orderNo,
    statusId: o.statusId,
    deliveryType: o.deliveryType,
    appId: o.appId,
    appName: channelByAppId(o.appId)?.appName ?? String(o.appId),
    paymentId: o.paymentId,
    storeCode: o.storeCode,
    products: lines.map(({ line, imageUrl }) => ({
      lineId: line.id,
      productID: line.productId,
      barcode: line.barcode,
      name: line.name,
      imageUrl: imageUrl ?? null,
      price: line.price,
      qty: line.qty,
      qtyPicked: line.qtyPicked,
      attrQtyOos: Math.max(0, line.qtyOos),
    })),
    paperBags: bags.map(({ bag, name, price }) => ({ productID: bag.productId, name, qty: bag.qty, price })),
    price: o.price,
    billNo: o.billNo ?? null,
    qrCode: (o.qrCode as OrderDetail['qrCode']) ?? null,
    qrAndroid: o.qrAndroid ?? null,
    isSendStore: o.isSendStore === 'T' ? 'T' : 'F',
    customer: {
      name: o.customerName,
      phone: o.customerPhone,
      address: o.customerAddress ?? null,
      latitude: o.customerLat ?? null,
      longitude: o.customerLng ?? null,
    },
    note: o.note ?? null,
    pickerName: picker[0]?.name ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
