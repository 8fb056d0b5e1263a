import webpush from 'web-push';
import type { PushPayload } from '@gerai/contract';
import type { Config } from '../../config';
import { failure, resultOfStatus, topicOf, ttlOf, urgencyOf, type PushDeviceRow, type PushSender } from './sender';

/**
 * Web Push (RFC 8030) to a browser's push service: the payload encrypted for the subscription
 * (RFC 8291, aes128gcm) and the request signed with the server's VAPID key (RFC 8292), both by the
 * `web-push` library's generateRequestDetails; the request itself goes through our own fetch (a
 * timeout, no redirects), with TTL, Urgency and a Topic per tag.
 */
export function webPushSender(vapid: NonNullable<Config['vapid']>, timeoutMs: number, send: typeof fetch = fetch): PushSender {
  return async (device: PushDeviceRow, payload: PushPayload) => {
    if (!device.endpoint || !device.p256dh || !device.auth) return { ok: false, gone: true, retry: false, error: 'no Web Push subscription' };
    try {
      const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
        vapidDetails: vapid,
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
