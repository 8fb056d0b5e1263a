import { createHash, timingSafeEqual } from 'node:crypto';
import { parsePickupQr, PICKUP_QR_PREFIX } from '@gerai/contract';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares in constant time; hashing first makes the lengths equal too. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The customer shows the code or the QR `GERAI:PICKUP:<shipmentNo>:<code>`;
 * the web sends either text as it was typed or scanned. A QR for another
 * shipment never matches.
 */
export function pickupCodeMatches(input: string, shipmentNo: string, pickupCode: string): boolean {
  const text = input.trim();
  if (!text.toUpperCase().startsWith(PICKUP_QR_PREFIX)) return sameSecret(text, pickupCode);
  const qr = parsePickupQr(text);
  return qr !== null && qr.shipmentNo === shipmentNo && sameSecret(qr.pickupCode, pickupCode);
}
