import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import type { PushService } from './local-push-service';

// The browser's side of a Web Push subscription, for tests: its own P-256 key pair and auth secret,
// and RFC 8291 decryption written out with node:crypto, apart from the library the server encrypts
// with. node:crypto only, so the e2e suite (e2e/push.spec.ts) uses it beside the server's tests.

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

