import { vi } from 'vitest';
import type { PushConfig } from '@gerai/contract/schemas/push';

// Stand-ins for the browser's push parts in jsdom (which has none): Notification's permission,
// PushManager on the service worker's registration, and the server's push config.

export const VAPID = 'BOrNlBtnOz3JTHKowVokFjm4TTWJQkWEg-sAgn0nOIF0cx0TV6WCH8tASQOXCFIfHiH1w21Rknxbls2N6PvEhyA';

export const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
export const KEYS = { p256dh: 'BPk-p256dh', auth: 'auth-secret' };

export function subscriptionWith(key: ArrayBuffer | null) {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

export interface BrowserPush {
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  current: ReturnType<typeof subscriptionWith> | null;
}

/** A browser with Web Push: `permission` as given, asking answers `answer`. */
export function stubBrowserPush({ permission = 'default', answer = 'granted' }: { permission?: NotificationPermission; answer?: NotificationPermission } = {}): BrowserPush {
  const state: BrowserPush = {
    current: null,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      state.current = subscriptionWith(applicationServerKey.buffer.slice(0) as ArrayBuffer);
      return state.current;
    }),
  };
  const notification = { permission, requestPermission: state.requestPermission };
  const registration = { pushManager: { getSubscription: vi.fn(async () => state.current), subscribe: state.subscribe } };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return state;
}

export function unstubBrowserPush(): void {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  localStorage.clear();
}

export const pushConfig = (over: Partial<PushConfig> = {}): PushConfig => ({
  vapidPublicKey: VAPID,
  fcm: false,
  kinds: ['order.new', 'booking.request', 'transfer.incoming', 'chat.message', 'ticket.reply'],
  mutable: ['booking.request', 'transfer.incoming', 'chat.message', 'ticket.reply'],
  devicesMax: 5,
  devices: [],
  ...over,
});
