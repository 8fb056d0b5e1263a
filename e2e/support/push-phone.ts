import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { PushPayload } from '@gerai/contract/push';
import { startPushService, type PushService, type ReceivedPush } from '../../apps/server/src/modules/push/local-push-service';
import { browserSubscription, decryptPush, type BrowserSubscription } from '../../apps/server/src/modules/push/push-crypto';

// The push side of a phone for e2e/push.spec.ts. Headless Chromium cannot reach FCM (its real push
// service), so the page's PushManager hands the app a subscription whose endpoint is a push service
// of the test's own on 127.0.0.1 and whose keys the test made (push-crypto.ts, the server tests' kit):
// the server's real Web Push request (encrypted, VAPID-signed) arrives there, is decrypted with those
// keys, and its plaintext is delivered to the app's real service worker over CDP
// (ServiceWorker.deliverPushMessage), as the push service would deliver it.

export interface PushPhone {
  service: PushService;
  subscription: BrowserSubscription;
  /** Waits for the next push the server sends this phone that `match` accepts (those before `after` are skipped), decrypted. */
  nextPush(match: (p: PushPayload) => boolean, after?: number, timeoutMs?: number): Promise<{ payload: PushPayload; plaintext: string; index: number }>;
  /** Delivers a push's plaintext to the page's service worker, as its push service would. */
  deliver(plaintext: string): Promise<void>;
  /** The notifications the service worker shows (registration.getNotifications), optionally of one tag. */
  notifications(tag?: string): Promise<Array<{ title: string; body: string; tag: string }>>;
  close(): Promise<void>;
}

/** Before the app loads: PushManager answers with the test's subscription (endpoint and keys). */
export async function fakePushManager(context: BrowserContext, subscription: BrowserSubscription): Promise<void> {
  await context.addInitScript(({ endpoint, p256dh, auth }) => {
    const bytes = (b64url: string) => {
      const bin = atob(b64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(b64url.length / 4) * 4, '='));
      return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
    };
    let current: unknown = null;
    const make = (key: ArrayBuffer) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : auth),
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => ((current = null), true),
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as ArrayBuffer | Uint8Array;
      const buffer = key instanceof ArrayBuffer ? key : key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength);
      current = make(buffer as ArrayBuffer);
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null;
    };
  }, { endpoint: subscription.body.endpoint, ...subscription.body.keys });
}

async function registrationIdOf(cdp: CDPSession, scopeURL: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no service worker registration for ${scopeURL}`)), 15_000);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
      if (found) {
        clearTimeout(timer);
        resolve(found.registrationId);
      }
    });
    void cdp.send('ServiceWorker.enable');
  });
}

export async function pushPhone(context: BrowserContext): Promise<{ phone: (page: Page, base: string) => Promise<PushPhone>; subscription: BrowserSubscription; service: PushService }> {
  const service = await startPushService();
  const subscription = browserSubscription(service);
  await fakePushManager(context, subscription);
  return {
    service,
    subscription,
    phone: async (page, base) => {
      const cdp = await context.newCDPSession(page);
      const origin = new URL(base).origin;
      const registrationId = await registrationIdOf(cdp, `${origin}/`);
      const mine = (p: ReceivedPush) => p.path === subscription.path;
      return {
        service,
        subscription,
        async nextPush(match, after = 0, timeoutMs = 15_000) {
          const until = Date.now() + timeoutMs;
          for (;;) {
            for (let i = after; i < service.received.length; i++) {
              const push = service.received[i]!;
              if (!mine(push)) continue;
              const plaintext = decryptPush(push.body, subscription);
              const payload = JSON.parse(plaintext) as PushPayload;
              if (match(payload)) return { payload, plaintext, index: i + 1 };
            }
            if (Date.now() > until) throw new Error(`no matching push in ${timeoutMs} ms (${service.received.length} received)`);
            await new Promise((r) => setTimeout(r, 100));
          }
        },
        deliver: async (plaintext) => {
          await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: plaintext });
        },
        notifications: (tag) =>
          page.evaluate(async (t) => {
            const reg = await navigator.serviceWorker.ready;
            const shown = await reg.getNotifications(t ? { tag: t } : undefined);
            return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
          }, tag),
        close: () => Promise.all([cdp.detach().catch(() => {}), service.close()]).then(() => {}),
      };
    },
  };
}
