import { PUSH_DEVICE_ID_PATTERN } from '@gerai/contract/push';
import { randomId } from '@/shared/utils/random-id';

// This install's device id for push (issue 28): made once, kept across sign-ins and sign-outs (the
// server knows a phone by it; a person's devices are capped, so a new id per sign-in would push out
// his other phones). Tiny and dependency-free: the sign-out hook reads it without the push module.

const DEVICE_KEY = 'gerai.pushDeviceId';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The id this install has, or null before it first subscribed. */
export function storedPushDeviceId(): string | null {
  const value = storage()?.getItem(DEVICE_KEY) ?? null;
  return value && PUSH_DEVICE_ID_PATTERN.test(value) ? value : null;
}

/** The id of this install, made on first use. */
export function pushDeviceId(): string {
  const kept = storedPushDeviceId();
  if (kept) return kept;
  // A v4 UUID: 36 letters, digits and dashes, within PUSH_DEVICE_ID_PATTERN.
  const value = randomId();
  storage()?.setItem(DEVICE_KEY, value);
  return value;
}
