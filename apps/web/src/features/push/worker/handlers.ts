import { isPushKind, type PushPayload } from '@gerai/contract/push';
import { pushTargetPath } from './push-target';

// The service worker's push handlers as plain functions over the few parts of the worker scope
// they use (structural types below): the worker entry (sw-entry.ts) wires them to its events, the
// unit tests call them with stand-ins. No DOM or WebWorker lib types: the web's tsconfig has DOM only.

export interface ShownNotification {
  tag: string;
  data?: unknown;
  close(): void;
}

export interface NotificationOptionsLike {
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: { url: string; kind: string; tag: string };
  renotify: boolean;
  requireInteraction: boolean;
  silent: boolean;
  vibrate?: number[];
  timestamp?: number;
}

export interface RegistrationLike {
  showNotification(title: string, options: NotificationOptionsLike): Promise<void>;
  getNotifications(filter?: { tag?: string }): Promise<ShownNotification[]>;
}

export interface WindowClientLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/** The app's icon (the manifest's); Android draws the badge in the status bar as a silhouette of it. */
export const PUSH_ICON = '/pwa-192x192.png';
export const PUSH_BADGE = '/pwa-192x192.png';

/** The decrypted push body as the server sends it (a JSON PushPayload), or null when it is not one. */
export function parsePushPayload(raw: unknown): PushPayload | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const p = value as Partial<PushPayload> | null;
  if (!p || typeof p !== 'object' || p.v !== 1 || typeof p.kind !== 'string' || !isPushKind(p.kind) || typeof p.tag !== 'string' || !p.tag) return null;
  if (typeof p.title !== 'string' || typeof p.body !== 'string') return null;
  return {
    v: 1,
    kind: p.kind,
    tag: p.tag,
    title: p.title,
    body: p.body,
    open: p.open ?? null,
    withdraw: p.withdraw === true,
    renotify: p.renotify === true,
    at: typeof p.at === 'string' ? p.at : new Date().toISOString(),
  };
}

/** What the phone shows for an announcement: the tag replaces the object's earlier one, the tap opens its screen. */
export function notificationOptions(payload: PushPayload, origin: string): NotificationOptionsLike {
  const escalation = payload.kind === 'order.escalated';
  const at = Date.parse(payload.at);
  return {
    body: payload.body,
    tag: payload.tag,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    data: { url: new URL(pushTargetPath(payload.open), origin).href, kind: payload.kind, tag: payload.tag },
    // A new announcement rings again even though its tag's notification is still shown; an update (a new count after a claim) replaces it quietly.
    renotify: payload.renotify,
    silent: !payload.renotify,
    // An escalation stays on screen until someone acts: it exists because the first alert was missed.
    requireInteraction: escalation,
    ...(payload.renotify ? { vibrate: escalation ? [400, 200, 400, 200, 400] : [300, 150, 300] } : {}),
    ...(Number.isFinite(at) ? { timestamp: at } : {}),
  };
}

/**
 * A push: shows (or replaces) the notification of its tag, or, for a withdrawal, closes it.
 * A withdrawal shows nothing in its place, even when no notification of the app is left: Chrome's
 * userVisibleOnly rule then lets a few silent pushes pass on its budget and only past it shows its own
 * "site updated in the background" notice, which says less harm than a made-up notification would
 * (a crew would open the app for an order someone else already took). Answers what it did.
 */
export async function handlePush(registration: RegistrationLike, raw: unknown, origin: string): Promise<'shown' | 'withdrawn' | 'ignored'> {
  const payload = parsePushPayload(raw);
  if (!payload) return 'ignored';
  if (payload.withdraw) {
    const shown = await registration.getNotifications({ tag: payload.tag });
    for (const n of shown) n.close();
    return 'withdrawn';
  }
  await registration.showNotification(payload.title, notificationOptions(payload, origin));
  return 'shown';
}

/** The URL a tapped notification opens: its own (same origin only), else the home screen. */
export function clickTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url, origin);
      if (parsed.origin === origin) return parsed.href;
    } catch {
      // Falls through to home.
    }
  }
  return new URL('/', origin).href;
}

/**
 * A tap: an open window of the app is brought forward on the notification's screen (the focused one
 * first), else a new one opens there. Answers which way it went.
 */
export async function handleNotificationClick(clients: ClientsLike, notification: ShownNotification, origin: string): Promise<'navigated' | 'opened'> {
  notification.close();
  const url = clickTarget(notification.data, origin);
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) => sameOrigin(c.url, origin));
  const client = windows.find((c) => c.focused) ?? windows[0];
  if (client) {
    try {
      // navigate() answers null for a window this worker does not control: then it opens anew.
      const navigated = client.url === url ? client : await client.navigate(url);
      if (navigated) {
        await client.focus().catch(() => {});
        return 'navigated';
      }
    } catch {
      // Not controlled by this worker (a page loaded before it): open a window instead.
    }
  }
  await clients.openWindow(url);
  return 'opened';
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
