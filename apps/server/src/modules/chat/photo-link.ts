import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_PHOTO_LINK_TTL_SECONDS, chatPhotoPath } from '@gerai/contract';

/**
 * The signed link a `chat.message` notice carries to its photo (decision 91): a GET the channel makes
 * without a signature header, proven by `signature`, the hex HMAC-SHA256 with the channel's own
 * secret of "<appId>.<photoId>.<expires>". A link names one photo for one channel until `expires`
 * (unix seconds): another channel's secret, another photo or a moved expiry does not verify.
 */
const mac = (secret: string, appId: number, photoId: string, expires: number) => createHmac('sha256', secret).update(`${appId}.${photoId}.${expires}`).digest('hex');

export interface PhotoLink {
  /** A path on Gerai's API, with the query that proves it. */
  url: string;
  expiresAt: string;
}

export function signPhotoLink(secret: string, appId: number, photoId: string, now: Date = new Date()): PhotoLink {
  const expires = Math.floor(now.getTime() / 1000) + CHAT_PHOTO_LINK_TTL_SECONDS;
  return { url: `${chatPhotoPath(appId, photoId)}?expires=${expires}&signature=${mac(secret, appId, photoId, expires)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

export type PhotoLinkCheck = 'valid' | 'invalid' | 'expired';

/** Constant-time check of a link; `expired` only for a genuine one (it tells a stranger nothing). */
export function checkPhotoLink(secret: string, appId: number, photoId: string, expires: number, signature: string, now: Date = new Date()): PhotoLinkCheck {
  const expected = Buffer.from(mac(secret, appId, photoId, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Math.floor(now.getTime() / 1000) <= expires ? 'valid' : 'expired';
}
