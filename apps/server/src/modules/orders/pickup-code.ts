import { createHash, timingSafeEqual } from 'node:crypto';
import { PICKUP_QR_PREFIX } from '@gerai/contract';

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
  let code = text;
  if (text.toUpperCase().startsWith(PICKUP_QR_PREFIX)) {
    const rest = text.slice(PICKUP_QR_PREFIX.length);
    const sep = rest.lastIndexOf(':');
    if (sep < 0 || rest.slice(0, sep) !== shipmentNo) return false;
    code = rest.slice(sep + 1);
  }
  return sameSecret(code, pickupCode);
}
