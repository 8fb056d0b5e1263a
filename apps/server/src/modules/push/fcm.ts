import { importPKCS8, SignJWT } from 'jose';
import type { PushPayload } from '@gerai/contract';
import type { FcmServiceAccount } from '../../config';
import { failure, resultOfStatus, ttlOf, urgencyOf, type PushDeviceRow, type PushSender, type SendResult } from './sender';

/** The OAuth scope FCM's HTTP v1 API asks for. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * An OAuth2 access token of the service account (RFC 7523 JWT bearer grant): a JWT signed with the
 * account's key is exchanged at its token_uri, and the token kept until a minute before it expires.
 */
export function fcmAccessTokens(account: FcmServiceAccount, timeoutMs: number, send: typeof fetch = fetch): { get(): Promise<string>; forget(): void } {
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  const fetchToken = async (): Promise<string> => {
    const key = await importPKCS8(account.privateKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.clientEmail)
      .setSubject(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const res = await send(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) throw new Error(`FCM token: HTTP ${res.status} ${body.error ?? ''}`.trim());
    cached = { token: body.access_token, until: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  };
  return {
    async get() {
      if (cached && cached.until > Date.now()) return cached.token;
      // One exchange at a time: a fan-out to many phones asks once.
      pending ??= fetchToken().finally(() => (pending = null));
      return pending;
    },
    forget() {
      cached = null;
    },
  };
}

/** FCM's `data` takes strings only: the payload's fields as strings, `open` as JSON. */
export function fcmData(payload: PushPayload): Record<string, string> {
  return {
    v: String(payload.v),
    kind: payload.kind,
    tag: payload.tag,
    title: payload.title,
    body: payload.body,
    open: payload.open ? JSON.stringify(payload.open) : '',
    withdraw: String(payload.withdraw),
    renotify: String(payload.renotify),
    at: payload.at,
  };
}

/** The HTTP v1 message: data only (the native host shows, replaces and withdraws by tag), collapsed per tag, high priority when urgent. */
export function fcmMessage(token: string, payload: PushPayload) {
  return {
    message: {
      token,
      data: fcmData(payload),
      android: { priority: urgencyOf(payload) === 'high' ? 'HIGH' : 'NORMAL', ttl: `${ttlOf(payload)}s`, collapse_key: payload.tag },
    },
  };
}

/** FCM answers an unknown or stale token with 404 UNREGISTERED (or 400 INVALID_ARGUMENT naming the token): the device is gone. */
function fcmResult(status: number, text: string): SendResult {
  if (status === 400 && /registration token|UNREGISTERED/i.test(text)) return { ok: false, gone: true, retry: false, error: `HTTP 400 ${text.slice(0, 200)}` };
  return resultOfStatus(status, text);
}

/** The sender for the native host's FCM tokens (FCM HTTP v1: POST <endpoint>/projects/<id>/messages:send). */
export function fcmSender(account: FcmServiceAccount, endpoint: string, timeoutMs: number, send: typeof fetch = fetch): PushSender {
  const tokens = fcmAccessTokens(account, timeoutMs, send);
  const url = `${endpoint.replace(/\/+$/, '')}/projects/${encodeURIComponent(account.projectId)}/messages:send`;
  const post = async (device: PushDeviceRow, payload: PushPayload) =>
    send(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.get()}`, 'content-type': 'application/json' },
      body: JSON.stringify(fcmMessage(device.token!, payload)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  return async (device, payload) => {
    if (!device.token) return { ok: false, gone: true, retry: false, error: 'no FCM token' };
    try {
      let res = await post(device, payload);
      if (res.status === 401) {
        // The access token was revoked or expired early: once more with a fresh one.
        await res.arrayBuffer().catch(() => undefined);
        tokens.forget();
        res = await post(device, payload);
      }
      return fcmResult(res.status, await res.text().catch(() => ''));
    } catch (err) {
      return failure(err);
    }
  };
}
