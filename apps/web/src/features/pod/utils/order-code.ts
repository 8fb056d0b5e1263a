import { GERAI_SHIPMENT_NO_PATTERN } from '@gerai/contract';

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
  const other = tokens.find((tok) => GERAI_SHIPMENT_NO_PATTERN.test(tok));
  return other ? { kind: 'other', shipmentNo: other } : { kind: 'unknown' };
}
