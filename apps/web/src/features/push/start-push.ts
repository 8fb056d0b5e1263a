import { NATIVE_PUSH_TOKEN_EVENT } from '@/shared/bridge/native-bridge';
import { syncPushSubscription, type SyncOutcome } from './utils/push-manager';

// Loaded lazily, when idle, by the signed-in shell (app-layout): after a sign-in and at every start
// of a signed-in app, the device's subscription is made or refreshed (never asking for permission),
// and again when the native host rotates its token. /login loads none of this.

let listening = false;

export async function startPush(): Promise<SyncOutcome | null> {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener(NATIVE_PUSH_TOKEN_EVENT, () => void syncPushSubscription().catch(() => null));
  }
  // A failure (offline, the server unreachable) waits for the next start: nothing the person must see.
  return syncPushSubscription().catch(() => null);
}
