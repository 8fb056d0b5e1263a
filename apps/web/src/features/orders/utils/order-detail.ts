import { BOOKING_STATUS, progressOf, type EventData, type OrderDetail, type OrderProduct, type ScanResult } from '@gerai/contract';

/**
 * The spec: a QR code is used only when isSendStore is 'F' and the code is a
 * non-empty object.
 */
export function usableQrCode(order: Pick<OrderDetail, 'isSendStore' | 'qrCode'>): { Head: unknown[]; Body: unknown[] } | null {
  const qr = order.qrCode;
  if (order.isSendStore !== 'F' || !qr || typeof qr !== 'object' || Array.isArray(qr)) return null;
  if (Object.keys(qr).length === 0) return null;
  const head = Array.isArray(qr.Head) ? qr.Head : [];
  const body = Array.isArray(qr.Body) ? qr.Body : [];
  if (head.length === 0 && body.length === 0) return null;
  return { Head: head, Body: body };
}

/** The text the store POS reads from the order's QR. */
export function qrPayload(qr: { Head: unknown[]; Body: unknown[] }): string {
  return JSON.stringify({ Head: qr.Head, Body: qr.Body });
}

/** Digits for wa.me: Indonesian numbers 08… / +62… / 62… → 62…; null when unusable. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  let n = digits.startsWith('+') ? digits.slice(1) : digits;
  if (n.startsWith('0')) n = `62${n.slice(1)}`;
  else if (n.startsWith('8')) n = `62${n}`;
  return /^\d{8,15}$/.test(n) ? n : null;
}

/** A tel: link keeping the leading + of international numbers. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Finds the line a scanned code names (barcode, product id, or a UPC-A/GTIN form of the EAN-13). */
export function lineForCode<T extends { barcode: string; productID: string }>(lines: readonly T[], code: string): T | undefined {
  const c = code.trim();
  return lines.find((l) => l.barcode === c || l.productID === c || `0${c}` === l.barcode || c.endsWith(l.barcode));
}

/**
 * The cached detail after this phone's scan: the server answers only what the
 * scan changed (the counted line and the order's progress), which replaces
 * those parts; a copy newer than the reply is kept.
 */
export function applyScanResult(order: OrderDetail | undefined, scan: ScanResult): OrderDetail | undefined {
  if (!order || order.shipmentNo !== scan.shipmentNo) return order;
  if (Date.parse(order.updatedAt) > Date.parse(scan.updatedAt)) return order;
  return {
    ...order,
    statusId: scan.statusId,
    products: order.products.map((l) => (l.lineId === scan.scannedLine.lineId ? scan.scannedLine : l)),
    progress: scan.progress,
    updatedAt: scan.updatedAt,
  };
}

/**
 * The cached detail after an `order.scanned` event (any phone of the store):
 * the event names the line and its new picked count, enough to update the
 * line and the progress without reading the order again. Null when the line is
 * not in the cached copy: read the order instead.
 */
export function applyScannedEvent(order: OrderDetail, event: Pick<EventData<'order.scanned'>, 'lineId' | 'qtyPicked'>): OrderDetail | null {
  const { lineId, qtyPicked } = event;
  if (!order.products.some((l) => l.lineId === lineId)) return null;
  const products: OrderProduct[] = order.products.map((l) => (l.lineId === lineId ? { ...l, qtyPicked } : l));
  return { ...order, products, progress: progressOf(products) };
}

/** The order's bookings without a taker, by why: still waiting for the addressed store, or refused by it. */
export function bookingsWithoutTaker(order: Pick<OrderDetail, 'bookings'>): { waiting: number; refused: number } {
  let waiting = 0;
  let refused = 0;
  for (const b of order.bookings) {
    if (b.status === BOOKING_STATUS.WAITING) waiting += 1;
    else if (b.status === BOOKING_STATUS.REFUSED) refused += 1;
  }
  return { waiting, refused };
}
