// The shape of shipment numbers and the customer's pickup QR. Zod-free: the web shell uses them.

/** A shipmentNo as the API accepts it: 6–40 capital letters, digits or dashes. Gerai's own are SHP + yyMMdd + 7 digits. */
export const SHIPMENT_NO_PATTERN = /^[A-Z0-9-]{6,40}$/;

/**
 * The shipmentNo Gerai itself makes (decisions 8): SHP + yyMMdd + 7 digits. Stricter than what
 * the API accepts, so a scanned text can tell one of Gerai's shipments from any other code.
 */
export const GERAI_SHIPMENT_NO_PATTERN = /^SHP\d{13}$/;

export function isShipmentNo(value: string): boolean {
  return SHIPMENT_NO_PATTERN.test(value);
}

/** The QR the customer shows at pickup: `GERAI:PICKUP:<shipmentNo>:<pickupCode>`. */
export const PICKUP_QR_PREFIX = 'GERAI:PICKUP:';

export function pickupQrPayload(shipmentNo: string, pickupCode: string): string {
  return `${PICKUP_QR_PREFIX}${shipmentNo}:${pickupCode}`;
}

/**
 * What the crew's handover field holds: the shipmentNo and code of a scanned
 * pickup QR, or null when the text is a typed code.
 */
export function parsePickupQr(text: string): { shipmentNo: string; pickupCode: string } | null {
  const value = text.trim();
  if (!value.toUpperCase().startsWith(PICKUP_QR_PREFIX)) return null;
  const rest = value.slice(PICKUP_QR_PREFIX.length);
  const at = rest.lastIndexOf(':');
  if (at <= 0) return null;
  return { shipmentNo: rest.slice(0, at).toUpperCase(), pickupCode: rest.slice(at + 1) };
}
