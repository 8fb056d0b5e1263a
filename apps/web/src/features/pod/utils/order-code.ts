/** Shipment numbers as the server makes them (docs/decisions.md 8): SHP + yyMMdd + 7 digits. */
const SHIPMENT_NO = /^SHP\d{13}$/;

export type OrderCodeMatch = { kind: 'this' } | { kind: 'other'; shipmentNo: string } | { kind: 'unknown' };

/**
 * What a scanned or typed code says about the package in hand: this order (its
 * shipmentNo or orderNo, alone or inside the order's QR text such as
 * "<shipmentNo>|<code>"), another order's shipment, or nothing we know.
 */
export function matchOrderCode(code: string, order: { shipmentNo: string; orderNo: string }): OrderCodeMatch {
  const tokens = code
    .trim()
    .toUpperCase()
    .split(/[^A-Z0-9-]+/)
    .filter(Boolean);
  const shipmentNo = order.shipmentNo.toUpperCase();
  const orderNo = order.orderNo.toUpperCase();
  if (tokens.some((tok) => tok === shipmentNo || tok === orderNo)) return { kind: 'this' };
  const other = tokens.find((tok) => SHIPMENT_NO.test(tok));
  return other ? { kind: 'other', shipmentNo: other } : { kind: 'unknown' };
}
