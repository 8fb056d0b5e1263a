import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PushPayload } from '@gerai/contract';
import type { TestContext } from '../../test/harness';
import { dispatchDuePushes, pushPolicy } from './dispatcher';
import type { PushService, ReceivedPush } from './local-push-service';
import { rowsOf } from './outbox';
import { pushSenders } from './start';

export { startPushService, type PushService, type ReceivedPush } from './local-push-service';

// A push service of our own on 127.0.0.1 and a browser's side of a subscription, for the push tests:
// what the server sends is received, decrypted with the subscription's own keys (RFC 8291, written
// out here with node:crypto, apart from the library the server encrypts with) and its VAPID checked.

/** The browser's side of a subscription: its own P-256 key pair and auth secret, and the JSON it sends. */
export interface BrowserSubscription {
  ecdh: ECDH;
  authSecret: Buffer;
  path: string;
  body: { transport: 'webpush'; endpoint: string; keys: { p256dh: string; auth: string } };
}

export function browserSubscription(service: PushService): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    ecdh,
    authSecret,
    path,
    body: { transport: 'webpush', endpoint: `${service.base}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3 and RFC 8188: one aes128gcm record decrypted with the subscription's private key and auth secret. */
export function decryptPush(body: Buffer, sub: Pick<BrowserSubscription, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = sub.ecdh.computeSecret(senderKey);
  const prkKey = hmac(sub.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

export const payloadOfPush = (push: ReceivedPush, sub: BrowserSubscription): PushPayload => JSON.parse(decryptPush(push.body, sub)) as PushPayload;

/** Subscribes a fresh device of `nik` to the local push service; gives its subscription and device id. */
export async function subscribe(ctx: TestContext, nik: string, service: PushService): Promise<BrowserSubscription & { deviceId: string; authorization: string }> {
  const sub = browserSubscription(service);
  const deviceId = randomUUID();
  const { authorization } = await ctx.loginAs(nik);
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/push/devices/${deviceId}`, headers: { authorization }, payload: sub.body });
  if (res.statusCode !== 200) throw new Error(`subscribe ${nik}: ${res.statusCode} ${res.body}`);
  return { ...sub, deviceId, authorization };
}

/** One pass of the dispatcher with the server's own senders (as main.ts runs it). */
export function dispatch(ctx: TestContext) {
  return dispatchDuePushes(ctx.handle.db, pushSenders(ctx.config), pushPolicy(ctx.config));
}

export interface MessageRow {
  id: number;
  deviceId: number | null;
  userId: number;
  kind: string;
  tag: string;
  status: string;
  attempts: number;
  payload: PushPayload;
}

export function messages(ctx: TestContext, tag?: string): Promise<MessageRow[]> {
  return rowsOf<MessageRow>(
    ctx.handle.db,
    sql`select id::int, device_id as "deviceId", user_id as "userId", kind, tag, status, attempts, payload from push_messages ${tag ? sql`where tag = ${tag}` : sql``} order by id`,
  );
}

/** Forgets every push row and device: each test starts from none. */
export async function clearPushes(ctx: TestContext): Promise<void> {
  await ctx.handle.db.execute(sql`delete from push_messages`);
  await ctx.handle.db.execute(sql`delete from push_devices`);
}
