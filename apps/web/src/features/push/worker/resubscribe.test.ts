import { describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, handleSubscriptionChange, type SubscriptionLike } from './resubscribe';
import { readPushMeta, savePushMeta } from './worker-meta';

const KEY = 'BOrNlBtnOz3JTHKowVokFjm4TTWJQkWEg-sAgn0nOIF0cx0TV6WCH8tASQOXCFIfHiH1w21Rknxbls2N6PvEhyA';

const subscription = (endpoint = 'https://fcm.googleapis.com/fcm/send/new'): SubscriptionLike => ({
  toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } }),
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(replies: Record<string, Array<() => Response>>) {
  const calls: Array<{ method: string; url: string; body: unknown; credentials?: RequestCredentials }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, credentials: init.credentials });
    const next = replies[`${method} ${url}`]?.shift();
    return next ? next() : json(404, {});
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('pushsubscriptionchange', () => {
  it('PUTs the subscription the browser already renewed under this install’s device id', async () => {
    const { fetch, calls } = server({ 'PUT /api/push/devices/dev-12345678': [() => json(200, { message: 'Success', data: {} })] });
    const pushManager = { subscribe: vi.fn() };
    await expect(handleSubscriptionChange({ fetch, pushManager, deviceId: async () => 'dev-12345678' }, { newSubscription: subscription() })).resolves.toBe('subscribed');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/push/devices/dev-12345678', credentials: 'same-origin', body: { transport: 'webpush', endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'p256', auth: 'auth' } } },
    ]);
  });

  it('subscribes again with the old subscription’s server key', async () => {
    const { fetch } = server({ 'PUT /api/push/devices/dev-12345678': [() => json(200, { message: 'Success', data: {} })] });
    const key = base64UrlToBytes(KEY).buffer;
    const pushManager = { subscribe: vi.fn(async () => subscription()) };
    await handleSubscriptionChange({ fetch, pushManager, deviceId: async () => 'dev-12345678' }, { oldSubscription: { ...subscription('old'), options: { applicationServerKey: key } } });
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
  });

  it('asks the server for its key when the old one is unknown, refreshing a session that ran out', async () => {
    const { fetch, calls } = server({
      'GET /api/push/config': [() => json(401, { code: 'UNAUTHENTICATED', message: 'x' }), () => json(200, { message: 'Success', data: { vapidPublicKey: KEY } })],
      'POST /api/auth/refresh': [() => json(200, { message: 'Success', data: {} })],
      'PUT /api/push/devices/dev-12345678': [() => json(200, { message: 'Success', data: {} })],
    });
    const pushManager = { subscribe: vi.fn(async (_options: { applicationServerKey: ArrayBuffer | Uint8Array }) => subscription()) };
    await expect(handleSubscriptionChange({ fetch, pushManager, deviceId: async () => 'dev-12345678' }, {})).resolves.toBe('subscribed');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/push/config', 'POST /api/auth/refresh', 'GET /api/push/config', 'PUT /api/push/devices/dev-12345678']);
    expect(Array.from(pushManager.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(KEY)));
  });

  it('does nothing for an install that never subscribed, or a server without Web Push', async () => {
    const { fetch, calls } = server({ 'GET /api/push/config': [() => json(200, { message: 'Success', data: { vapidPublicKey: null } })] });
    const pushManager = { subscribe: vi.fn() };
    await expect(handleSubscriptionChange({ fetch, pushManager, deviceId: async () => null }, {})).resolves.toBe('no-device');
    expect(calls).toEqual([]);
    await expect(handleSubscriptionChange({ fetch, pushManager, deviceId: async () => 'dev-12345678' }, {})).resolves.toBe('server-off');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});

describe('the worker’s copy of the device id', () => {
  it('is kept in Cache Storage, where the worker reads it', async () => {
    const entries = new Map<string, Response>();
    const store = { open: async () => ({ put: async (url: string, res: Response) => void entries.set(url, res), match: async (url: string) => entries.get(url)?.clone() }) };
    await expect(readPushMeta(store)).resolves.toBeNull();
    await savePushMeta({ deviceId: 'dev-12345678' }, store);
    await expect(readPushMeta(store)).resolves.toEqual({ deviceId: 'dev-12345678' });
  });
});
