import { DELIVERY_TYPE, distanceMeters, offsetPoint, ORDER_STATUS, type OrderStatusId } from '@gerai/contract';
import { orderQrTexts } from '../modules/channels/service';
import type { StoreRow } from './catalog';
import { CANCEL_REASONS, PAPER_BAG } from './demo-data';
import { type OrderDraw, yymmdd } from './order-draws';
import { stepCount, type Timeline } from './order-timeline';
import type { OrderRow, SeedOrder, StorePeople } from './orders';

const MINUTE = 60_000;

/** The order row itself, its stamps and actors taken from its timeline. */
export function orderRow(id: number, statusId: OrderStatusId, store: StoreRow, people: StorePeople, d: OrderDraw, time: Timeline, billNo: string | null): OrderRow {
  const { at, createdAt } = time;
  const { shipmentNo, orderNo, pickupCode, lines, customer, picker } = d;
  return {
    id,
    shipmentNo,
    orderNo,
    appId: d.appId,
    storeCode: store.code,
    statusId,
    deliveryType: d.deliveryType,
    paymentId: d.paymentId,
    price: lines.reduce((sum, l) => sum + l.price * (l.qty - l.qtyOos), 0) + d.bagQty * PAPER_BAG.price,
    billNo,
    ...(d.isSendStore === 'F' ? orderQrTexts({ storeCode: store.code, shipmentNo, orderNo, createdAt, pickupCode, lines }) : { qrCode: null, qrAndroid: null }),
    isSendStore: d.isSendStore,
    customerName: customer.name,
    customerPhone: customer.phone,
    customerAddress: customer.address,
    customerLat: customer.lat,
    customerLng: customer.lng,
    pickupCode,
    note: d.note,
    pickerUserId: at.claim ? picker : null,
    claimedAt: at.claim ?? null,
    packedAt: at.pack ?? null,
    completedAt: at.complete ?? null,
    cancelledAt: at.cancel ?? null,
    cancelledBy: at.cancel ? (people.approver ?? picker) : null,
    cancelReason: at.cancel ? d.reasonLabel : null,
    archivedAt: at.archive ?? null,
    createdAt,
    updatedAt: time.updatedAt,
    version: 1 + stepCount(statusId),
  };
}

/** The store's bill numbers, one a packed order, counted per store and day of numbering. */
export function billNumbers(): (storeCode: string, numberingDay: Date) => string {
  const billSeq = new Map<string, number>();
  return (storeCode, numberingDay) => {
    const n = (billSeq.get(storeCode) ?? 0) + 1;
    billSeq.set(storeCode, n);
    return `${storeCode}-${yymmdd(numberingDay)}-${String(n).padStart(4, '0')}`;
  };
}

/** T001's and T002's picking scans: each picked unit accepted, spread over the picking time, and now and then a wrong product refused. */
export function scans(orderId: number, storeCode: string, d: OrderDraw, time: Timeline, now: Date): SeedOrder['scans'] {
  const claim = time.at.claim;
  const out: SeedOrder['scans'] = [];
  if (!claim || (storeCode !== 'T001' && storeCode !== 'T002')) return out;
  const until = (time.at.pack ?? now).getTime();
  const span = Math.max(until - claim.getTime(), 1000);
  const units = d.lines.reduce((sum, l) => sum + l.qtyPicked, 0);
  let n = 0;
  for (const l of d.lines) {
    for (let u = 0; u < l.qtyPicked; u++) {
      const when = new Date(Math.round(claim.getTime() + (span * ++n) / (units + 2)));
      out.push({ orderId, lineId: l.id, barcode: l.barcode, result: 'accepted', reason: null, userId: d.picker, createdAt: when });
    }
  }
  const rejected = d.rejectedScan;
  if (rejected && !d.lines.some((l) => l.productId === rejected.productId)) {
    out.push({ orderId, lineId: null, barcode: rejected.ean13, result: 'rejected', reason: 'Produk tidak ada di pesanan', userId: d.picker, createdAt: new Date(claim.getTime() + span / 2) });
  }
  return out;
}

/** A completed delivery's proof of delivery, taken a few metres from the customer's home. */
export function podRecord(orderId: number, d: OrderDraw, time: Timeline): SeedOrder['pod'] {
  const completedAt = time.at.complete;
  if (!completedAt || d.deliveryType !== DELIVERY_TYPE.DELIVERY) return null;
  const home = { lat: d.customer.lat, lng: d.customer.lng };
  const p = offsetPoint(home.lat, home.lng, d.podOffset.distance, d.podOffset.bearing);
  return {
    orderId,
    shipmentNo: d.shipmentNo,
    lat: p.lat,
    long: p.lng,
    accuracy: d.podOffset.accuracy,
    receiverName: d.receiverName,
    receiverRelation: d.relation,
    receiverOther: d.relation === 'Lainnya' ? 'Resepsionis kantor' : null,
    isValidate: true,
    plasticQty: d.bagQty,
    distanceM: Math.round(distanceMeters(home, p)),
    userId: d.picker,
    createdAt: completedAt,
  };
}

/** A cancelled order's approved cancellation request, asked for three minutes before. */
export function approvedCancel(orderId: number, people: StorePeople, d: OrderDraw, time: Timeline): SeedOrder['cancel'] {
  const cancelledAt = time.at.cancel;
  if (!cancelledAt) return null;
  const listed = d.cancelReason < CANCEL_REASONS.length;
  return {
    orderId,
    reasonId: listed ? d.cancelReason + 1 : null,
    reasonText: listed ? null : d.reasonLabel,
    requestedInStatus: ORDER_STATUS.NEW,
    requestedBy: d.picker,
    status: 'approved',
    decidedBy: people.approver ?? d.picker,
    decidedAt: cancelledAt,
    createdAt: new Date(cancelledAt.getTime() - 3 * MINUTE),
  };
}
