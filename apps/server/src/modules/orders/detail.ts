import { availableActions, channelByAppId, progressOf, type OrderDetail, type OrderProduct } from '@gerai/contract';
import type { Db } from '../../db/client';
import type { orders, stores, users } from '../../db/schema';
import { statement } from '../../db/statement';
import type { Principal } from '../../platform/principal';
import { assertStoreVisible } from '../../platform/scope';

// Lines, bags and history arrive as json_agg aggregates: JSON has no dates and
// their keys are the statement's own, so they are typed here, not by the schema.
export interface LineJson {
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

// Lines, bags and history come back as JSON arrays of the same statement: one round trip per detail.
const DETAIL_SQL = `
  select o.id, o.shipment_no as "shipmentNo", o.order_no as "orderNo", o.app_id as "appId", o.store_code as "storeCode",
    o.status_id as "statusId", o.delivery_type as "deliveryType", o.payment_id as "paymentId", o.price, o.bill_no as "billNo",
    o.qr_code as "qrCode", o.qr_android as "qrAndroid", o.is_send_store as "isSendStore", o.customer_name as "customerName",
    o.customer_phone as "customerPhone", o.customer_address as "customerAddress", o.customer_lat as "customerLat",
    o.customer_lng as "customerLng", o.pickup_code as "pickupCode", o.note, o.claimed_at as "claimedAt", o.packed_at as "packedAt",
    o.completed_at as "completedAt", o.cancelled_at as "cancelledAt", o.archived_at as "archivedAt",
    o.created_at as "createdAt", o.updated_at as "updatedAt",
    s.name as "storeName", s.address as "storeAddress", s.phone as "storePhone", u.name as "pickerName",
    (select coalesce(json_agg(json_build_object(
        'id', l.id, 'productId', l.product_id, 'barcode', l.barcode, 'name', l.name, 'imageUrl', p.image_url,
        'price', l.price, 'qty', l.qty, 'qtyPicked', l.qty_picked, 'qtyOos', l.qty_oos) order by l.id), '[]'::json)
      from order_lines l left join products p on p.product_id = l.product_id
      where l.order_id = o.id) as lines,
    (select coalesce(json_agg(json_build_object('productId', b.product_id, 'name', p.name, 'qty', b.qty, 'price', b.price) order by b.product_id), '[]'::json)
      from order_paper_bags b join products p on p.product_id = b.product_id
      where b.order_id = o.id) as bags,
    (select coalesce(json_agg(json_build_object(
        'action', h.action, 'fromStatus', h.from_status, 'toStatus', h.to_status, 'actorName', u2.name,
        'at', h.created_at, 'reason', h.reason) order by h.created_at, h.id), '[]'::json)
      from order_status_history h left join users u2 on u2.id = h.actor_user_id
      where h.order_id = o.id) as history
  from orders o
  join stores s on s.code = o.store_code
  left join users u on u.id = o.picker_user_id`;

/** The statement's order columns carry the schema's names and types (both drivers return timestamptz as Date). */
type DetailRow = Omit<typeof orders.$inferSelect, 'pickerUserId' | 'version'> & {
  storeName: (typeof stores.$inferSelect)['name'];
  storeAddress: (typeof stores.$inferSelect)['address'];
  storePhone: (typeof stores.$inferSelect)['phone'];
  pickerName: (typeof users.$inferSelect)['name'] | null;
  lines: LineJson[];
  bags: BagJson[];
  history: HistoryJson[];
};

const detailByShipment = statement<DetailRow, [shipmentNo: string]>('order_detail_by_shipment', `${DETAIL_SQL} where o.shipment_no = $1`);
const detailById = statement<DetailRow, [orderId: number]>('order_detail_by_id', `${DETAIL_SQL} where o.id = $1`);

/** One order of a visible store; another store's shipment answers 404 like a missing one. */
export async function getOrderDetail(db: Db, p: Principal, shipmentNo: string): Promise<OrderDetail> {
  const [row] = await detailByShipment(db, shipmentNo);
  assertStoreVisible(p, row?.storeCode);
  return toDetail(row!);
}

/** The detail after a change the caller just made (scope was checked by the change). */
export async function loadOrderDetail(db: Db, orderId: number): Promise<OrderDetail> {
  const [row] = await detailById(db, orderId);
  if (!row) throw new Error(`order ${orderId} vanished`);
  return toDetail(row);
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

export function toProduct(l: LineJson): OrderProduct {
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

function toDetail(o: DetailRow): OrderDetail {
  const { bags, history } = o;
  const products = o.lines.map(toProduct);
  return {
    shipmentNo: o.shipmentNo,
    orderNo: o.orderNo,
    statusId: o.statusId as OrderDetail['statusId'],
    deliveryType: o.deliveryType,
    appId: o.appId,
    appName: channelByAppId(o.appId)?.appName ?? String(o.appId),
    paymentId: o.paymentId,
    storeCode: o.storeCode,
    products,
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
    pickerName: o.pickerName ?? null,
    createdAt: iso(o.createdAt)!,
    updatedAt: iso(o.updatedAt)!,
    store: { storeCode: o.storeCode, storeName: o.storeName, address: o.storeAddress, phone: o.storePhone ?? null },
    history: history.map((h) => ({ ...h, at: iso(h.at)! })),
    actions: availableActions(o.statusId as OrderDetail['statusId'], o.deliveryType),
    progress: progressOf(products),
    claimedAt: iso(o.claimedAt),
    packedAt: iso(o.packedAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    archivedAt: iso(o.archivedAt),
  };
}
