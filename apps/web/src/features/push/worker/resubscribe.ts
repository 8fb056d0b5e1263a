import type { PushConfig, PushDeviceBody } from '@gerai/contract/schemas/push';

// pushsubscriptionchange: the push service dropped or renewed the subscription (keys rotated, an
// expiry). The worker subscribes again with the same server key and PUTs the new one under this
// install's device id, with the session's cookies; an access token that ran out is refreshed once.

export interface SubscriptionLike {
  options?: { applicationServerKey?: ArrayBuffer | null };
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
}

export interface PushManagerLike {
  subscribe(options: { userVisibleOnly: true; applicationServerKey: ArrayBuffer | Uint8Array }): Promise<SubscriptionLike>;
}

export interface ResubscribeDeps {
  pushManager: PushManagerLike;
  fetch: typeof fetch;
  deviceId: () => Promise<string | null>;
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'gerai' };

/** A base64url key (as GET /api/push/config gives the VAPID key) as bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The body of PUT /api/push/devices/:deviceId for a browser subscription. */
export function webPushBody(subscription: SubscriptionLike): PushDeviceBody | null {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) return null;
  return { transport: 'webpush', endpoint: json.endpoint, keys: { p256dh, auth } };
}

/** A call with the session's cookies; a 401 (the access token ran out) is answered by one refresh and one retry. */
async function withSession(send: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  const first = await send(url, { ...init, credentials: 'same-origin' });
  if (first.status !== 401) return first;
  const refreshed = await send('/api/auth/refresh', { method: 'POST', headers: HEADERS, body: '{}', credentials: 'same-origin' });
  if (!refreshed.ok) return first;
  return send(url, { ...init, credentials: 'same-origin' });
}

export async function handleSubscriptionChange(
  deps: ResubscribeDeps,
  event: { oldSubscription?: SubscriptionLike | null; newSubscription?: SubscriptionLike | null },
): Promise<'subscribed' | 'no-device' | 'server-off' | 'refused'> {
  const deviceId = await deps.deviceId();
  if (!deviceId) return 'no-device';
  let subscription = event.newSubscription ?? null;
  if (!subscription) {
    let key: ArrayBuffer | Uint8Array | null = event.oldSubscription?.options?.applicationServerKey ?? null;
    if (!key) {
      const res = await withSession(deps.fetch, '/api/push/config', { headers: HEADERS });
      if (!res.ok) return 'refused';
      const config = ((await res.json()) as { data: PushConfig }).data;
      if (!config.vapidPublicKey) return 'server-off';
      key = base64UrlToBytes(config.vapidPublicKey);
    }
    subscription = await deps.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const body = webPushBody(subscription);
  if (!body) return 'refused';
  const res = await withSession(deps.fetch, `/api/push/devices/${encodeURIComponent(deviceId)}`, { method: 'PUT', headers: HEADERS, body: JSON.stringify(body) });
  return res.ok ? 'subscribed' : 'refused';
}
