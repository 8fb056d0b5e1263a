import { createHash } from 'node:crypto';
import { PUSH_TTL_SECONDS, PUSH_URGENCY, type PushPayload } from '@gerai/contract';
import type { pushDevices } from '../../db/schema';

/** What a sender needs of a device. */
export type PushDeviceRow = Pick<typeof pushDevices.$inferSelect, 'id' | 'transport' | 'endpoint' | 'p256dh' | 'auth' | 'token'>;

/** How the push service answered one request. `gone`: the subscription no longer exists (the device is removed). */
export type SendResult = { ok: true } | { ok: false; gone: boolean; retry: boolean; error: string };

/** Sends one payload to one device; never throws (a failure is a result). */
export type PushSender = (device: PushDeviceRow, payload: PushPayload) => Promise<SendResult>;

/** The senders by transport (a transport that is not configured has none: its pushes fail). */
export type PushSenders = Partial<Record<'webpush' | 'fcm', PushSender>>;

/** A push service's answer, read the same for Web Push and FCM: 404/410 gone, 429 and 5xx later, other 4xx never. */
export function resultOfStatus(status: number, detail: string): SendResult {
  if (status >= 200 && status < 300) return { ok: true };
  const error = `HTTP ${status}${detail ? ` ${detail.slice(0, 200)}` : ''}`;
  if (status === 404 || status === 410) return { ok: false, gone: true, retry: false, error };
  if (status === 429 || status >= 500 || status === 408) return { ok: false, gone: false, retry: true, error };
  return { ok: false, gone: false, retry: false, error };
}

export function failure(err: unknown): SendResult {
  return { ok: false, gone: false, retry: true, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
}

/**
 * The Topic header (RFC 8030 §5.4) of a tag: a push service keeps one undelivered message per topic,
 * so a newer count replaces an older one still waiting for the phone. 32 base64url characters at most.
 */
export const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export const ttlOf = (payload: PushPayload) => PUSH_TTL_SECONDS[payload.kind];
export const urgencyOf = (payload: PushPayload) => (payload.withdraw ? 'normal' : PUSH_URGENCY[payload.kind]);
