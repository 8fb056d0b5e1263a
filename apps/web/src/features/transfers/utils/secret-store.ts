import { useCallback, useSyncExternalStore } from 'react';
import { MAT_STATUS, parseMatQr, type MatStatus, type TransferSecret } from '@gerai/contract';

/**
 * The PIN and QR of the transfers this phone sent (decision 89): the server answers them once, when
 * the transfer is sent or a new PIN is issued, and never again, so the sending phone keeps them to
 * show until the transfer leaves `new`. One localStorage entry per matNo (it survives a reload and
 * the browser closing); removed as soon as the transfer is seen confirmed, cancelled or finished, or
 * when another phone issued a newer PIN.
 */
const PREFIX = 'gerai.mat.secret.';

export interface HeldSecret {
  matNo: string;
  idTbsms: string;
  pin: string;
  qr: string;
  /** Epoch ms on this phone. */
  savedAt: number;
}

/** Secrets the storage refused to keep (full or disabled), for this page's life. */
const memory = new Map<string, HeldSecret>();

const listeners = new Set<() => void>();
const notify = () => {
  for (const fn of listeners) fn();
};

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled in some webviews: nothing is kept, the sender issues a new PIN.
    return null;
  }
}

/** The secret kept for `matNo`, or null (none, or an entry that is not one: it is dropped). */
export function readSecret(matNo: string): HeldSecret | null {
  const raw = storage()?.getItem(PREFIX + matNo);
  if (!raw) return memory.get(matNo) ?? null;
  try {
    const value = JSON.parse(raw) as Partial<HeldSecret>;
    const qr = typeof value.qr === 'string' ? parseMatQr(value.qr) : null;
    // The QR must carry this transfer's id and the same PIN, or the entry is not trusted.
    if (value.matNo !== matNo || !qr || qr.idTbsms !== value.idTbsms || qr.pin !== value.pin) throw new Error('bad entry');
    return { matNo, idTbsms: qr.idTbsms, pin: qr.pin, qr: value.qr!, savedAt: Number(value.savedAt) || 0 };
  } catch {
    storage()?.removeItem(PREFIX + matNo);
    return null;
  }
}

/** Keeps the secret a send or a reissue answered (replacing an older PIN of the same transfer). */
export function saveSecret(matNo: string, idTbsms: string, secret: TransferSecret, now = Date.now()): void {
  const entry: HeldSecret = { matNo, idTbsms, pin: secret.pin, qr: secret.qr, savedAt: now };
  const s = storage();
  try {
    if (!s) throw new Error('no storage');
    s.setItem(PREFIX + matNo, JSON.stringify(entry));
    memory.delete(matNo);
  } catch {
    // Full or disabled storage: the PIN is shown while this page lives, then a new one is issued.
    memory.set(matNo, entry);
  }
  notify();
}

export function forgetSecret(matNo: string): void {
  const had = memory.delete(matNo) || storage()?.getItem(PREFIX + matNo) != null;
  storage()?.removeItem(PREFIX + matNo);
  if (had) notify();
}

/** A transfer seen outside `new` needs no PIN any more: its secret goes. */
export function forgetSecretUnlessNew(transfer: { matNo: string; matStatus: MatStatus }): void {
  if (transfer.matStatus !== MAT_STATUS.NEW) forgetSecret(transfer.matNo);
}

/** The matNos this phone holds a secret for: one pass over the storage's keys. */
function heldMatNos(): Set<string> {
  const held = new Set(memory.keys());
  const s = storage();
  for (let i = 0; s && i < s.length; i += 1) {
    const key = s.key(i);
    if (key?.startsWith(PREFIX)) held.add(key.slice(PREFIX.length));
  }
  return held;
}

/**
 * `forgetSecretUnlessNew` for a list's transfers: the held secrets are read once, and only a
 * transfer that has one is touched (a list of 20 was 40 synchronous storage calls per page).
 */
export function forgetSecretsUnlessNew(transfers: Iterable<{ matNo: string; matStatus: MatStatus }>): void {
  let held: Set<string> | null = null;
  for (const transfer of transfers) {
    if (transfer.matStatus === MAT_STATUS.NEW) continue;
    held ??= heldMatNos();
    if (held.size === 0) return;
    if (held.has(transfer.matNo)) forgetSecret(transfer.matNo);
  }
}

/** Snapshots per matNo, so useSyncExternalStore sees the same object until the entry changes. */
const snapshots = new Map<string, { raw: string | null; kept: HeldSecret | undefined; value: HeldSecret | null }>();

function snapshot(matNo: string): HeldSecret | null {
  const raw = storage()?.getItem(PREFIX + matNo) ?? null;
  const kept = memory.get(matNo);
  const cached = snapshots.get(matNo);
  if (cached && cached.raw === raw && cached.kept === kept) return cached.value;
  const value = raw !== null ? readSecret(matNo) : (kept ?? null);
  snapshots.set(matNo, { raw, kept, value });
  return value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same phone sent or saw the transfer.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The secret this phone holds for `matNo`, kept current as it is saved or forgotten. */
export function useHeldSecret(matNo: string): HeldSecret | null {
  const get = useCallback(() => snapshot(matNo), [matNo]);
  return useSyncExternalStore(subscribe, get, get);
}
