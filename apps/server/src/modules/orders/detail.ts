import {
  availableActions,
  BOOKING_STATUS_WITHOUT_TAKER,
  CANCEL_REQUEST_STATUS,
  channelByAppId,
  ORDER_STATUS,
  progressOf,
  RETURN_OPEN_STATUSES,
  type CancelRequestStatus,
  type OrderHistoryEntry,
  type ChannelNoticeKind,
  type ChannelNoticeStatus,
  type OrderDetail,
  type OrderProduct,
  type ReturnStatus,
  type RoleId,
} from '@gerai/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { orders, stores, users } from '../../db/schema';
import { statement } from '../../db/statement';
import type { Principal } from '../../platform/principal';
import { reasonDisplay } from '../../platform/reasons';
import { assertStoreVisible } from '../../platform/scope';
import { ESCALATION_PUSHED_TO_SQL } from './history';

/**
 * Who reads an order detail: the caller's role decides whether they may cancel it or only ask,
 * and the return window (config RETURN_WINDOW_DAYS) whether a return may still be asked for.
 * Every detail a route answers with is read for the caller.
 */
export type OrderViewer = Principal & { returnWindowDays: number };

/** The caller as a reader of order details, with the server's return window. */
export function orderViewer(p: Principal, config: Pick<Config, 'RETURN_WINDOW_DAYS'>): OrderViewer {
  return { ...p, returnWindowDays: config.RETURN_WINDOW_DAYS };
}

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
type HistoryJson = Required<OrderHistoryEntry>;
interface CancelRequestJson {
  status: CancelRequestStatus;
  reasonId: number | null;
  reasonLabel: string | null;
  reasonText: string | null;
  requestedBy: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}
interface ReturnJson {
  status: ReturnStatus;
  createdAt: string;
}
interface BookingJson {
  bookID: number;
  bookDetID: number;
  bookingNo: string;
  lineId: number | null;
  productId: string;
  qtyOos: number;
  status: number;
  offeredTo: { storeCode: string; storeName: string };
  storeTaken: string | null;
  stockTaken: number | null;
}
interface NoticeJson {
  kind: ChannelNoticeKind;
  status: ChannelNoticeStatus;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

// Lines, bags and history come back as JSON arrays of the same statement: one round trip per detail.
// The latest cancellation request, the latest return and what is left to return, and the channel
// notices are subqueries of it too (cancel_requests by order, returns by their indexed shipment_no).
const DETAIL_SQL = `
  select o.id, o.shipment_no as "shipmentNo", o.order_no as "orderNo", o.app_id as "appId", o.store_code as "storeCode",
    o.status_id as "statusId", o.delivery_type as "deliveryType", o.payment_id as "paymentId", o.price, o.bill_no as "billNo",
    o.qr_code as "qrCode", o.qr_android as "qrAndroid", o.is_send_store as "isSendStore", o.customer_name as "customerName",
    o.customer_phone as "customerPhone", o.customer_address as "customerAddress", o.customer_lat as "customerLat",
    o.customer_lng as "customerLng", o.pickup_code as "pickupCode", o.note, o.claimed_at as "claimedAt", o.packed_at as "packedAt",
    o.completed_at as "completedAt", o.cancelled_at as "cancelledAt", o.archived_at as "archivedAt",
    o.created_at as "createdAt", o.updated_at as "updatedAt", o.cancel_reason as "cancelReason",
    s.name as "storeName", s.address as "storeAddress", s.phone as "storePhone", u.name as "pickerName",
    (select cu.name from users cu where cu.id = o.cancelled_by) as "cancelledByName",
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
        'at', h.created_at, 'reason', h.reason, 'pushedTo', ${ESCALATION_PUSHED_TO_SQL}) order by h.created_at, h.id), '[]'::json)
      from order_status_history h left join users u2 on u2.id = h.actor_user_id
      where h.order_id = o.id) as history,
    (select json_build_object(
        'status', cr.status, 'reasonId', cr.reason_id, 'reasonLabel', rr.label, 'reasonText', cr.reason_text,
        'requestedBy', ru.name, 'requestedAt', cr.created_at, 'decidedBy', du.name, 'decidedAt', cr.decided_at, 'note', cr.decision_note)
      from cancel_requests cr
      left join cancel_reasons rr on rr.id = cr.reason_id
      left join users ru on ru.id = cr.requested_by
      left join users du on du.id = cr.decided_by
      where cr.order_id = o.id order by cr.created_at desc, cr.id desc limit 1) as "cancelRequest",
    (select json_build_object('status', r.status, 'createdAt', r.created_at)
      from returns r where r.shipment_no = o.shipment_no and r.order_id = o.id
      order by r.created_at desc, r.id desc limit 1) as "returnInfo",
    ((select coalesce(sum(l.qty_picked), 0) from order_lines l where l.order_id = o.id)
      - (select coalesce(sum(rl.qty), 0) from returns r join return_lines rl on rl.return_id = r.id
          where r.shipment_no = o.shipment_no and r.order_id = o.id and r.status <> 'rejected'))::int as "returnLeft",
    (select coalesce(json_agg(json_build_object(
        'kind', n.kind, 'status', n.status, 'attempts', n.attempts, 'createdAt', n.created_at, 'sentAt', n.sent_at,
        'lastError', n.last_error) order by n.created_at, n.id), '[]'::json)
      -- Chat messages are told to the channel too; the chat shows their state, the order's history does not (decision 91).
      from channel_notices n where n.order_id = o.id and n.kind not in ('chat.message', 'chat.read')) as "channelNotices",
    -- The customer's chat messages the crew has not read yet: the badge of the detail's Chat button (decision 92).
    (select count(*) from chat_rooms cr2 join chat_messages cm on cm.room_id = cr2.id
      where cr2.order_id = o.id and cm.sender = 'customer' and cm.read_at is null)::int as "chatUnread",
    (select coalesce(json_agg(json_build_object(
        'bookID', bk.id, 'bookDetID', bd.id, 'bookingNo', bk.booking_no, 'lineId', bk.line_id, 'productId', bk.product_id,
        'qtyOos', bk.qty_oos, 'status', bd.status, 'offeredTo', json_build_object('storeCode', bs.code, 'storeName', bs.name),
        'storeTaken', bd.store_taken, 'stockTaken', bd.stock_taken) order by bk.id), '[]'::json)
      from stock_bookings bk
      join stock_booking_details bd on bd.booking_id = bk.id
      join stores bs on bs.code = bd.store_code
      where bk.order_id = o.id and bk.cancelled_at is null) as bookings
  from orders o
  join stores s on s.code = o.store_code
  left join users u on u.id = o.picker_user_id`;

/** The statement's order columns carry the schema's names and types (both drivers return timestamptz as Date). */
type DetailRow = Omit<typeof orders.$inferSelect, 'pickerUserId' | 'version' | 'cancelledBy'> & {
  storeName: (typeof stores.$inferSelect)['name'];
  storeAddress: (typeof stores.$inferSelect)['address'];
  storePhone: (typeof stores.$inferSelect)['phone'];
  pickerName: (typeof users.$inferSelect)['name'] | null;
  lines: LineJson[];
  bags: BagJson[];
  history: HistoryJson[];
  cancelledByName: string | null;
  cancelRequest: CancelRequestJson | null;
  returnInfo: ReturnJson | null;
  /** Units delivered (picked) less those of every return not rejected. */
  returnLeft: number;
  channelNotices: NoticeJson[];
  chatUnread: number;
  bookings: BookingJson[];
};

const detailByShipment = statement<DetailRow, [shipmentNo: string]>('order_detail_by_shipment', `${DETAIL_SQL} where o.shipment_no = $1`);
const detailById = statement<DetailRow, [orderId: number]>('order_detail_by_id', `${DETAIL_SQL} where o.id = $1`);

/** What of the viewer a detail depends on. */
type DetailViewer = { roleId: RoleId; returnWindowDays: number };

/** One order of a visible store; another store's shipment answers 404 like a missing one. */
export async function getOrderDetail(db: Db, viewer: OrderViewer, shipmentNo: string): Promise<OrderDetail> {
  const [row] = await detailByShipment(db, shipmentNo);
  assertStoreVisible(viewer, row?.storeCode);
  return toDetail(row!, viewer);
}

/** The detail after a change the caller just made (scope was checked by the change), read for the caller. */
export async function loadOrderDetail(db: Db, orderId: number, viewer: DetailViewer): Promise<OrderDetail> {
  const [row] = await detailById(db, orderId);
  if (!row) throw new Error(`order ${orderId} vanished`);
  return toDetail(row, viewer);
}

const DAY_MS = 86_400_000;

/**
 * A return may be asked for: the order was completed (1104/1105) within the return window, no
 * return of it is open, and some delivered units are not in a return yet. The returns area checks
 * the same rule under the order's lock when one is recorded.
 */
function isReturnable(o: DetailRow, returnWindowDays: number, now = Date.now()): boolean {
  if (o.statusId !== ORDER_STATUS.COMPLETED && o.statusId !== ORDER_STATUS.HISTORY) return false;
  if (!o.completedAt || new Date(o.completedAt).getTime() + returnWindowDays * DAY_MS < now) return false;
  if (o.returnInfo && RETURN_OPEN_STATUSES.includes(o.returnInfo.status)) return false;
  return o.returnLeft > 0;
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

function toDetail(o: DetailRow, viewer: DetailViewer): OrderDetail {
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
    actions: availableActions(o.statusId, o.deliveryType, {
      roleId: viewer.roleId,
      cancelPending: o.cancelRequest?.status === CANCEL_REQUEST_STATUS.PENDING,
      returnable: isReturnable(o, viewer.returnWindowDays),
    }),
    progress: progressOf(products),
    claimedAt: iso(o.claimedAt),
    packedAt: iso(o.packedAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    archivedAt: iso(o.archivedAt),
    cancelledBy: o.cancelledByName ?? null,
    cancelReason: o.cancelReason ?? null,
    cancelRequest: o.cancelRequest
      ? {
          status: o.cancelRequest.status,
          reason: reasonDisplay(o.cancelRequest.reasonId, o.cancelRequest.reasonLabel, o.cancelRequest.reasonText),
          requestedBy: o.cancelRequest.requestedBy,
          requestedAt: iso(o.cancelRequest.requestedAt)!,
          decidedBy: o.cancelRequest.decidedBy,
          decidedAt: iso(o.cancelRequest.decidedAt),
          note: o.cancelRequest.note,
        }
      : null,
    returnInfo: o.returnInfo ? { status: o.returnInfo.status, createdAt: iso(o.returnInfo.createdAt)! } : null,
    channelNotices: o.channelNotices.map((n) => ({ ...n, createdAt: iso(n.createdAt)!, sentAt: iso(n.sentAt) })),
    chatUnread: o.chatUnread,
    bookings: o.bookings,
    bookingBlocked: o.bookings.some((b) => BOOKING_STATUS_WITHOUT_TAKER.includes(b.status)),
  };
}
