import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { base64UrlToBytes } from '../worker/resubscribe';
import { ENDPOINT, KEYS, pushConfig, stubBrowserPush, subscriptionWith, unstubBrowserPush, VAPID } from '../push-test-kit';
import { storedPushDeviceId } from './device-id';
import { syncPushSubscription, webPushAvailability } from './push-manager';
import { dropPushSubscription, pushDeviceIdForSignOut } from './sign-out';

afterEach(() => {
  unstubBrowserPush();
  delete window.GeraiNative;
});

const device = (deviceId: string, transport = 'webpush') => ({ deviceId, transport, muted: [], createdAt: '2026-11-27T00:00:00Z', lastSeenAt: '2026-11-27T00:00:00Z' });

describe('whether this phone can get pushes', () => {
  const w = (over: Record<string, unknown>) => ({ navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14)', serviceWorker: {} }, Notification: { permission: 'default' }, PushManager: {}, isSecureContext: true, ...over }) as never;

  it('reads the permission where Web Push exists', () => {
    expect(webPushAvailability(w({}))).toBe('default');
    expect(webPushAvailability(w({ Notification: { permission: 'denied' } }))).toBe('denied');
    expect(webPushAvailability(w({ Notification: { permission: 'granted' } }))).toBe('granted');
  });

  it('says when the browser has no Web Push (an old webview, plain http)', () => {
    expect(webPushAvailability(w({ PushManager: undefined }))).toBe('unsupported');
    expect(webPushAvailability(w({ navigator: { userAgent: 'x' } }))).toBe('unsupported');
    expect(webPushAvailability(w({ isSecureContext: false }))).toBe('unsupported');
  });

  it('asks an iPhone to add the app to the home screen first', () => {
    const iphone = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', serviceWorker: {} };
    expect(webPushAvailability(w({ navigator: iphone, PushManager: undefined }))).toBe('ios-install');
    expect(webPushAvailability(w({ navigator: { ...iphone, standalone: true } }))).toBe('default');
  });
});

describe('the subscription manager', () => {
  it('asks nothing at start while the permission is not given', async () => {
    const browser = stubBrowserPush({ permission: 'default' });
    const server = mockFetch().on('GET', '/api/push/config', ok(pushConfig()));
    await expect(syncPushSubscription()).resolves.toEqual({ status: 'not-asked' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(server.calls).toEqual([]);
  });

  it('on the tap: asks, subscribes with the server’s VAPID key and PUTs the device under a kept id', async () => {
    const browser = stubBrowserPush({ permission: 'default', answer: 'granted' });
    const server = mockFetch()
      .on('GET', '/api/push/config', ok(pushConfig()))
      .on('PUT', /^\/api\/push\/devices\//, (call) => ok(device(call.path.split('/').pop()!)));
    const outcome = await syncPushSubscription({ ask: true });
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const deviceId = storedPushDeviceId()!;
    expect(outcome).toEqual({ status: 'subscribed', transport: 'webpush', deviceId });
    expect(Array.from(browser.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(VAPID)));
    expect(server.callsTo(`/api/push/devices/${deviceId}`, 'PUT')[0]!.body).toEqual({ transport: 'webpush', endpoint: ENDPOINT, keys: KEYS });

    // The next start refreshes the same device with the same subscription: no new one, no question.
    await syncPushSubscription();
    expect(browser.subscribe).toHaveBeenCalledOnce();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(server.callsTo(`/api/push/devices/${deviceId}`, 'PUT')).toHaveLength(2);
    expect(storedPushDeviceId()).toBe(deviceId);
  });

  it('subscribes anew when the server’s key changed', async () => {
    const browser = stubBrowserPush({ permission: 'granted' });
    const old = subscriptionWith(new Uint8Array([1, 2, 3]).buffer);
    browser.current = old;
    mockFetch().on('GET', '/api/push/config', ok(pushConfig())).on('PUT', /^\/api\/push\/devices\//, ok(device('x')));
    await syncPushSubscription();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.subscribe).toHaveBeenCalledOnce();
  });

  it('says denied, unsupported and a server without Web Push apart', async () => {
    stubBrowserPush({ permission: 'denied' });
    await expect(syncPushSubscription({ ask: true })).resolves.toEqual({ status: 'denied' });
    unstubBrowserPush();
    stubBrowserPush({ permission: 'default', answer: 'denied' });
    await expect(syncPushSubscription({ ask: true })).resolves.toEqual({ status: 'denied' });
    unstubBrowserPush();
    stubBrowserPush({ permission: 'granted' });
    mockFetch().on('GET', '/api/push/config', ok(pushConfig({ vapidPublicKey: null })));
    await expect(syncPushSubscription()).resolves.toEqual({ status: 'server-off' });
    unstubBrowserPush();
    await expect(syncPushSubscription()).resolves.toEqual({ status: 'unsupported' });
  });

  it('with a native host: hands the server the host’s token (FCM) instead of Web Push', async () => {
    const browser = stubBrowserPush({ permission: 'granted' });
    window.GeraiNative = { getPushToken: () => JSON.stringify({ token: 'fcm-token-0123456789:abcdef' }) };
    const server = mockFetch().on('GET', '/api/push/config', ok(pushConfig({ fcm: true }))).on('PUT', /^\/api\/push\/devices\//, ok(device('x', 'fcm')));
    const outcome = await syncPushSubscription();
    expect(outcome).toMatchObject({ status: 'subscribed', transport: 'fcm' });
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({ transport: 'fcm', token: 'fcm-token-0123456789:abcdef' });
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('with a native host whose notifications are off: says so (its settings, not the browser’s)', async () => {
    window.GeraiNative = { getPushToken: () => null };
    mockFetch();
    await expect(syncPushSubscription()).resolves.toEqual({ status: 'native-off' });
  });
});

describe('sign-out', () => {
  it('names the device this install subscribed and drops the browser’s subscription', async () => {
    expect(pushDeviceIdForSignOut()).toBeUndefined();
    const browser = stubBrowserPush({ permission: 'granted' });
    mockFetch().on('GET', '/api/push/config', ok(pushConfig())).on('PUT', /^\/api\/push\/devices\//, ok(device('x')));
    const outcome = await syncPushSubscription();
    expect(pushDeviceIdForSignOut()).toBe(outcome.status === 'subscribed' ? outcome.deviceId : 'none');
    const sub = browser.current!;
    await dropPushSubscription();
    expect(sub.unsubscribe).toHaveBeenCalled();
  });
});
