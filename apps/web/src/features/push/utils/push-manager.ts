import type { PushConfig } from '@gerai/contract/schemas/push';
import { getNativePushToken, isNativeHost } from '@/shared/bridge/native-bridge';
import { getPushConfig, putPushDevice } from '../api/push-api';
import { base64UrlToBytes, webPushBody, type SubscriptionLike } from '../worker/resubscribe';
import { savePushMeta } from '../worker/worker-meta';
import { pushDeviceId } from './device-id';

// The subscription manager (issue 28): keeps this install's push device on the server. Run after
// sign-in and at every signed-in start (idle, lazily: /login loads none of it), and on the tap that
// allows notifications. With a native host the host's token goes to the server (FCM); else the
// browser's Web Push subscription, made with the server's VAPID key.

/** Whether this phone can get Web Push, and what stands in the way. */
export type WebPushAvailability = 'unsupported' | 'ios-install' | 'denied' | 'default' | 'granted';

interface PushWindow {
  navigator: Navigator & { standalone?: boolean };
  Notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  PushManager?: unknown;
  isSecureContext?: boolean;
  matchMedia?: (query: string) => { matches: boolean };
}

const pushWindow = () => window as unknown as PushWindow;

/** iPhone and iPad (iPadOS says it is a Mac with a touch screen). */
function isIos(w: PushWindow): boolean {
  const ua = w.navigator.userAgent ?? '';
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && (w.navigator.maxTouchPoints ?? 0) > 1);
}

function isStandalone(w: PushWindow): boolean {
  return w.navigator.standalone === true || w.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function webPushAvailability(w: PushWindow = pushWindow()): WebPushAvailability {
  const supported = w.isSecureContext !== false && 'serviceWorker' in w.navigator && Boolean(w.PushManager) && Boolean(w.Notification);
  // Safari on iOS (16.4+) offers Web Push only to an app added to the home screen.
  if (isIos(w) && !isStandalone(w)) return 'ios-install';
  if (!supported) return 'unsupported';
  return w.Notification!.permission;
}

export type SyncOutcome =
  | { status: 'subscribed'; transport: 'webpush' | 'fcm'; deviceId: string }
  | { status: 'unsupported' | 'ios-install' | 'denied' | 'not-asked' | 'server-off' | 'native-off' };

const READY_TIMEOUT_MS = 10_000;

function serviceWorkerReady(w: PushWindow): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS);
    w.navigator.serviceWorker.ready.then(
      (reg) => (clearTimeout(timer), resolve(reg)),
      (err: unknown) => (clearTimeout(timer), reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((v, i) => v === b[i]);
}

/** The browser's subscription with the server's current key: kept when it has it, made again when the key changed. */
async function webPushSubscription(reg: ServiceWorkerRegistration, vapidPublicKey: string): Promise<SubscriptionLike> {
  const key = base64UrlToBytes(vapidPublicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options?.applicationServerKey, key)) {
    await sub.unsubscribe().catch(() => false);
    sub = null;
  }
  return sub ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
}

/**
 * Subscribes this device (or refreshes its subscription) on the server. `ask`: the person tapped
 * "allow", so the browser may ask for the permission; without it nothing is ever asked.
 */
export async function syncPushSubscription({ ask = false, config: given }: { ask?: boolean; config?: PushConfig } = {}): Promise<SyncOutcome> {
  const w = pushWindow();
  let config = given;
  const loadConfig = async () => (config ??= await getPushConfig());

  if (isNativeHost()) {
    const native = await getNativePushToken();
    if (native.kind === 'token') {
      if ((await loadConfig()).fcm) {
        const deviceId = pushDeviceId();
        await putPushDevice(deviceId, { transport: 'fcm', token: native.token });
        return { status: 'subscribed', transport: 'fcm', deviceId };
      }
    } else if (native.kind === 'none' && webPushAvailability(w) !== 'granted') {
      // The host has push but notifications are off for the app: its settings, not the browser's.
      return { status: 'native-off' };
    }
  }

  let availability = webPushAvailability(w);
  if (availability === 'unsupported' || availability === 'ios-install' || availability === 'denied') return { status: availability };
  if (availability === 'default') {
    if (!ask) return { status: 'not-asked' };
    availability = await w.Notification!.requestPermission();
    if (availability !== 'granted') return { status: availability === 'denied' ? 'denied' : 'not-asked' };
  }
  const { vapidPublicKey } = await loadConfig();
  if (!vapidPublicKey) return { status: 'server-off' };
  const reg = await serviceWorkerReady(w);
  const body = webPushBody(await webPushSubscription(reg, vapidPublicKey));
  if (!body) throw new Error('push subscription without keys');
  const deviceId = pushDeviceId();
  await putPushDevice(deviceId, body);
  // The worker subscribes again on its own (pushsubscriptionchange) under this id.
  await savePushMeta({ deviceId }).catch(() => {});
  return { status: 'subscribed', transport: 'webpush', deviceId };
}
