import { eq, sql, type SQL } from 'drizzle-orm';
import { channelByAppId, type OrderDetail, type OrderProduct, type OrderProgress } from '@gerai/contract';
import type { Db } from '../../db/client';
import { orders, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible } from '../../platform/scope';
import { availableActions } from './order-actions';

interface LineJson {
  id: number;
  productId: string;
  barcode: string;
  name: string;
  imageUrl: string | null;
  price: number;
  qty: number;
  qtyPicked: number;
  qtyOos: number;
}
interface BagJson {
  productId: string;
  name: string;
  qty: number;
  price: number;
}
interface HistoryJson {
  action: string;
  fromStatus: number | null;
  toStatus: number;
  actorName: string | null;
  at: string;
  reason: string | null;
}

// Lines, bags and history come back as JSON arrays from one statement: one round trip per detail.
const linesJson = sql<LineJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', l.id, 'productId', l.product_id, 'barcode', l.barcode, 'name', l.name, 'imageUrl', p.image_url,
    'price', l.price, 'qty', l.qty, 'qtyPicked', l.qty_picked, 'qtyOos', l.qty_oos) order by l.id), '[]'::json)
  from order_lines l left join products p on p.product_id = l.product_id
  where l.order_id = ${orders.id})`;
const bagsJson = sql<BagJson[]>`(
  select coalesce(json_agg(json_build_object('productId', b.product_id, 'name', p.name, 'qty', b.qty, 'price', b.price) order by b.product_id), '[]'::json)
  from order_paper_bags b join products p on p.product_id = b.product_id
  where b.order_id = ${orders.id})`;
const historyJson = sql<HistoryJson[]>`(
  select coalesce(json_agg(json_build_object(
    'action', h.action, 'fromStatus', h.from_status, 'toStatus', h.to_status, 'actorName', u.name,
    'at', h.created_at, 'reason', h.reason) order by h.created_at, h.id), '[]'::json)
  from order_status_history h left join users u on u.id = h.actor_user_id
  where h.order_id = ${orders.id})`;

async function selectDetail(db: Db, where: SQL) {
  const [row] = await db
    .select({
      order: orders,
      store: { name: stores.name, address: stores.address, phone: stores.phone },
      pickerName: users.name,
      lines: linesJson,
      bags: bagsJson,
      history: historyJson,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.code, orders.storeCode))
    .leftJoin(users, eq(users.id, orders.pickerUserId))
    .where(where)
    .limit(1);
  return row;
}

/** One order of a visible store; another store's shipment answers 404 like a missing one. */
export async function getOrderDetail(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const row = await selectDetail(db, eq(orders.shipmentNo, shipmentNo));
  assertStoreVisible(p, row?.order.storeCode);
  return toDetail(row!);
}

/** The detail after a change the caller just made (scope was checked by the change). */
export async function loadOrderDetail(db: Db, orderId: number): Promise<OrderDetail> {
  const row = await selectDetail(db, eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} vanished`);
  return toDetail(row);
}

export function progressOf(lines: Array<{ qty: number; qtyPicked: number; qtyOos: number }>): OrderProgress {
  let qty = 0;
  let picked = 0;
  let oos = 0;
  let complete = true;
  for (const l of lines) {
    qty += l.qty;
    picked += l.qtyPicked;
    oos += l.qtyOos;
    if (l.qtyPicked + l.qtyOos !== l.qty) complete = false;
  }
  return { qty, picked, oos, resolved: picked + oos, complete };
}

/** The customer's pickup code must never reach the crew, not even inside a channel's QR text. */
function withoutPickupCode(qrAndroid: string | null, pickupCode: string): string | null {
  if (!qrAndroid) return null;
  return qrAndroid
    .split('|')
    .filter((part) => part !== pickupCode)
    .join('|');
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toProduct(l: LineJson): OrderProduct {
  return {
    lineId: l.id,
    productID: l.productId,
    barcode: l.barcode,
    name: l.name,
    imageUrl: l.imageUrl ?? null,
    price: l.price,
    qty: l.qty,
    qtyPicked: l.qtyPicked,
    attrQtyOos: Math.max(0, l.qtyOos),
  };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof selectDetail>>>;

function toDetail({ order: o, store, pickerName, lines, bags, history }: DetailRow): OrderDetail {
  return {
    shipmentNo: o.shipmentNo,
    orderNo: o.orderNo,
    statusId: o.statusId,
    deliveryType: o.deliveryType,
    appId: o.appId,
    appName: channelByAppId(o.appId)?.appName ?? String(o.appId),
    paymentId: o.paymentId,
    storeCode: o.storeCode,
    products: lines.map(toProduct),
    paperBags: bags.map((b) => ({ productID: b.productId, name: b.name, qty: b.qty, price: b.price })),
    price: o.price,
    billNo: o.billNo ?? null,
    qrCode: o.qrCode ?? null,
    qrAndroid: withoutPickupCode(o.qrAndroid, o.pickupCode),
    isSendStore: o.isSendStore === 'T' ? 'T' : 'F',
    customer: {
      name: o.customerName,
      phone: o.customerPhone,
      address: o.customerAddress ?? null,
      latitude: o.customerLat ?? null,
      longitude: o.customerLng ?? null,
    },
    note: o.note ?? null,
    pickerName: pickerName ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    store: { storeCode: o.storeCode, storeName: store.name, address: store.address, phone: store.phone ?? null },
    history: history.map((h) => ({ ...h, at: iso(h.at)! })),
    actions: availableActions(o.statusId, o.deliveryType),
    progress: progressOf(lines),
    claimedAt: iso(o.claimedAt),
    packedAt: iso(o.packedAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    archivedAt: iso(o.archivedAt),
  };
}
