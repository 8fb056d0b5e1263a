import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-gerai-signature';

/** `t=<unix seconds>,sha256=<64 hex>`; spaces after the comma are tolerated. */
const HEADER_PATTERN = /^t=(\d{1,12}),\s*sha256=([0-9a-f]{64})$/;

const hmac = (secret: string, timestamp: number, signed: string) => createHmac('sha256', secret).update(`${timestamp}.${signed}`).digest('hex');

/**
 * The X-Gerai-Signature value for `signed` (the raw body of a POST, `GET <path>`
 * of a read) at `at`: `t=<unix seconds>,sha256=<hex HMAC-SHA256 of "<t>.<signed>">`.
 * The timestamp is inside the HMAC, so a captured request cannot be replayed
 * with a fresh one.
 */
export function signBody(signed: string, secret: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},sha256=${hmac(secret, timestamp, signed)}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * `invalid` for a missing, malformed or wrong signature; `expired` for a genuine
 * one whose timestamp is further than `toleranceSeconds` from `now` either way
 * (said only to a caller who holds the secret, so it tells an attacker nothing).
 */
export function verifySignature(signed: string, secret: string, header: string | undefined, options: { toleranceSeconds: number; now?: Date }): SignatureCheck {
  const match = header ? HEADER_PATTERN.exec(header.trim()) : null;
  if (!match) return 'invalid';
  const timestamp = Number(match[1]);
  const expected = Buffer.from(hmac(secret, timestamp, signed), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return Math.abs(now - timestamp) <= options.toleranceSeconds ? 'valid' : 'expired';
}
