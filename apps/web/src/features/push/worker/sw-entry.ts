import { handleNotificationClick, handlePush, type ClientsLike, type RegistrationLike, type ShownNotification } from './handlers';
import { handleSubscriptionChange, type PushManagerLike, type SubscriptionLike } from './resubscribe';
import { readPushMeta } from './worker-meta';

// The push part of the service worker: built on its own into push-sw.js (vite.config.ts) and loaded
// by the workbox worker with importScripts, so precaching and the push handlers stay apart.

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: ShownNotification;
}
interface SubscriptionChangeEventLike extends ExtendableEventLike {
  oldSubscription?: SubscriptionLike | null;
  newSubscription?: SubscriptionLike | null;
}
interface WorkerScopeLike {
  registration: RegistrationLike & { pushManager: PushManagerLike };
  clients: ClientsLike;
  location: { origin: string };
  fetch: typeof fetch;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

const scope = self as unknown as WorkerScopeLike;

scope.addEventListener('push', (event) => {
  const e = event as PushEventLike;
  e.waitUntil(handlePush(scope.registration, e.data?.text() ?? null, scope.location.origin));
});

scope.addEventListener('notificationclick', (event) => {
  const e = event as NotificationEventLike;
  e.waitUntil(handleNotificationClick(scope.clients, e.notification, scope.location.origin));
});

scope.addEventListener('pushsubscriptionchange', (event) => {
  const e = event as SubscriptionChangeEventLike;
  e.waitUntil(
    handleSubscriptionChange(
      { pushManager: scope.registration.pushManager, fetch: (input, init) => scope.fetch(input, init), deviceId: async () => (await readPushMeta())?.deviceId ?? null },
      { oldSubscription: e.oldSubscription ?? null, newSubscription: e.newSubscription ?? null },
    ).catch(() => 'refused'),
  );
});
