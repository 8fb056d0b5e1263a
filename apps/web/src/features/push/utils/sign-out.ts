import { storedPushDeviceId } from './device-id';

// Sign-out's part of push (issue 28), small enough for the sign-out hook to import: the device id
// the logout body names (the server removes that device of the person signing out), and the
// browser's subscription dropped once the sign-out went through, so the next person of a shared
// store phone starts from a subscription of his own.

/** The id the logout body names, when this install ever had one. */
export function pushDeviceIdForSignOut(): string | undefined {
  return storedPushDeviceId() ?? undefined;
}

/** Drops the browser's push subscription (no host, no worker, no subscription: nothing to do). */
export async function dropPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager?.getSubscription();
  await sub?.unsubscribe();
}
