import webpush from 'web-push';
import type { PushPayload } from '@gerai/contract';
import type { Config } from '../../config';
import { failure, resultOfStatus, topicOf, ttlOf, urgencyOf, type PushDeviceRow, type PushSender } from './sender';

/** A VAPID JWT is good for 12 hours (RFC 8292 allows up to 24); it is made again an hour before it runs out. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_RENEW_S = 3600;

/**
 * The VAPID Authorization header per push service origin (the JWT's audience), kept while it is
 * valid: signing one takes milliseconds (the library rebuilds the key's PEM each time), which a
 * fan-out to thousands of phones would pay per message.
 */
function vapidHeaders(vapid: NonNullable<Config['vapid']>) {
  const cache = new Map<string, { authorization: string; until: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const kept = cache.get(audience);
    if (kept && kept.until > now) return kept.authorization;
    const expiration = now + VAPID_LIFETIME_S;
    const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration);
    if (cache.size > 100) cache.clear();
    cache.set(audience, { authorization: Authorization, until: expiration - VAPID_RENEW_S });
    return Authorization;
  };
}

/**
 * Web Push (RFC 8030) to a browser's push service: the payload encrypted for the subscription
 * (RFC 8291, aes128gcm) by the `web-push` library's generateRequestDetails, the request signed with
 * the server's VAPID key (RFC 8292, its getVapidHeaders, kept per push service while valid), and
 * sent through our own fetch (a timeout, no redirects) with TTL, Urgency and a Topic per tag.
 */
export function webPushSender(vapid: NonNullable<Config['vapid']>, timeoutMs: number, send: typeof fetch = fetch): PushSender {
  const authorizationFor = vapidHeaders(vapid);
  return async (device: PushDeviceRow, payload: PushPayload) => {
    if (!device.endpoint || !device.p256dh || !device.auth) return { ok: false, gone: true, retry: false, error: 'no Web Push subscription' };
    try {
      const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
        // No vapidDetails (and no global one is ever set): signed above, once per push service, where the library would sign every message.
        headers: { Authorization: authorizationFor(device.endpoint) },
        TTL: ttlOf(payload),
        urgency: urgencyOf(payload),
        topic: topicOf(payload.tag),
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      const res = await send(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      const text = await res.text().catch(() => '');
      return resultOfStatus(res.status, text);
    } catch (err) {
      return failure(err);
    }
  };
}
