import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  PUSH_LIMITS,
  pushKindsFor,
  pushMutableKindsFor,
  type PushConfig,
  type PushDevice,
  type PushDeviceBody,
  type PushKind,
  type PushTransport,
} from '@gerai/contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { pushDevices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';

type DeviceRow = typeof pushDevices.$inferSelect;

const view = (d: DeviceRow): PushDevice => ({
  deviceId: d.deviceId,
  transport: d.transport as PushTransport,
  muted: d.muted,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: d.lastSeenAt.toISOString(),
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A Web Push endpoint the server may POST to: https on a push service's host (PUSH_SERVICE_HOSTS, by
 * suffix), or plain http on this machine outside production (the e2e suite's own push service).
 * Anything else would let a subscription aim the server at an internal address.
 */
export function endpointAllowed(endpoint: string, config: Pick<Config, 'PUSH_SERVICE_HOSTS' | 'pushLoopback'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' || (url.protocol === 'https:' && LOOPBACK.has(host))) return config.pushLoopback && LOOPBACK.has(host);
  if (url.protocol !== 'https:') return false;
  return config.PUSH_SERVICE_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The bytes of a base64url key: a P-256 public key is 65 bytes starting 0x04, the auth secret 16. */
function keysValid(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh.replace(/=+$/, ''), 'base64url');
  const secret = Buffer.from(auth.replace(/=+$/, ''), 'base64url');
  // Buffer.from skips characters it cannot read; the round trip proves there were none.
  if (point.toString('base64url') !== p256dh.replace(/=+$/, '') || secret.toString('base64url') !== auth.replace(/=+$/, '')) return false;
  return point.length === PUSH_LIMITS.p256dhBytes && point[0] === 0x04 && secret.length === PUSH_LIMITS.authBytes;
}

/** GET /api/push/config: the server's VAPID key, what this person gets and may mute, and his devices. */
export async function pushConfigFor(db: Db, config: Pick<Config, 'vapid' | 'fcm'>, p: Principal): Promise<PushConfig> {
  const devices = await db.select().from(pushDevices).where(eq(pushDevices.userId, p.userId)).orderBy(desc(pushDevices.lastSeenAt), desc(pushDevices.id));
  return {
    vapidPublicKey: config.vapid?.publicKey ?? null,
    fcm: config.fcm !== null,
    kinds: pushKindsFor(p.roleId),
    mutable: pushMutableKindsFor(p.roleId),
    devicesMax: PUSH_LIMITS.devicesMax,
    devices: devices.map(view),
  };
}

/**
 * PUT /api/push/devices/:deviceId: subscribes this device of the caller, or refreshes it (a new
 * subscription, last seen now), in one transaction. The endpoint or token belongs to the browser or
 * host: if another person's device holds it (someone else was signed in on this phone and never
 * signed out), that device is removed, so nobody gets pushes meant for who is signed in now. A person
 * keeps PUSH_LIMITS.devicesMax devices; a new one beyond replaces the one least recently seen.
 */
export async function subscribeDevice(db: Db, config: Pick<Config, 'PUSH_SERVICE_HOSTS' | 'pushLoopback' | 'vapid' | 'fcm'>, p: Principal, deviceId: string, body: PushDeviceBody): Promise<PushDevice> {
  if (body.transport === 'webpush') {
    if (!config.vapid) throw new AppError('PUSH_NOT_CONFIGURED');
    if (!endpointAllowed(body.endpoint, config)) throw new AppError('PUSH_ENDPOINT_INVALID', undefined, [{ path: 'endpoint', message: 'Alamat layanan push tidak didukung' }]);
    if (!keysValid(body.keys.p256dh, body.keys.auth)) throw new AppError('PUSH_KEYS_INVALID', undefined, [{ path: 'keys', message: 'Kunci p256dh harus 65 byte, auth 16 byte (base64url)' }]);
  } else if (!config.fcm) {
    throw new AppError('PUSH_NOT_CONFIGURED');
  }
  const subscription =
    body.transport === 'webpush'
      ? { transport: 'webpush', endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, token: null }
      : { transport: 'fcm', endpoint: null, p256dh: null, auth: null, token: body.token };
  return db.transaction(async (tx) => {
    // Serialises a person's subscriptions, so two at once cannot both pass the device limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK}, ${p.userId})`);
    const held = body.transport === 'webpush' ? eq(pushDevices.endpoint, body.endpoint) : eq(pushDevices.token, body.token);
    const taken = await tx.delete(pushDevices).where(and(held, ne(pushDevices.userId, p.userId))).returning({ userId: pushDevices.userId, deviceId: pushDevices.deviceId });
    for (const t of taken) await writeAudit(tx, { actorUserId: p.userId, entity: 'push_device', entityId: `${t.userId}:${t.deviceId}`, action: 'push_device_taken_over' });
    // The same subscription under another id of the caller's (the phone's storage was cleared): one row.
    await tx.delete(pushDevices).where(and(held, eq(pushDevices.userId, p.userId), ne(pushDevices.deviceId, deviceId)));
    const [existing] = await tx.select({ id: pushDevices.id }).from(pushDevices).where(and(eq(pushDevices.userId, p.userId), eq(pushDevices.deviceId, deviceId)));
    if (!existing) await makeRoom(tx, p.userId);
    const [row] = await tx
      .insert(pushDevices)
      .values({ userId: p.userId, deviceId, ...subscription })
      .onConflictDoUpdate({ target: [pushDevices.userId, pushDevices.deviceId], set: { ...subscription, lastSeenAt: sql`now()` } })
      .returning();
    await writeAudit(tx, { actorUserId: p.userId, entity: 'push_device', entityId: `${p.userId}:${deviceId}`, action: existing ? 'push_device_refreshed' : 'push_device_added', toValue: body.transport });
    await markKeyApplied(tx);
    return view(row!);
  });
}

/** "gerai-push" as a number: the advisory lock class of a person's devices. */
const PUSH_LOCK = 0x70757368;

/** Removes the caller's devices least recently seen until a new one fits. */
async function makeRoom(tx: Tx, userId: number): Promise<void> {
  const rows = await tx.select({ id: pushDevices.id }).from(pushDevices).where(eq(pushDevices.userId, userId)).orderBy(asc(pushDevices.lastSeenAt), asc(pushDevices.id));
  const excess = rows.length - (PUSH_LIMITS.devicesMax - 1);
  if (excess > 0) await tx.delete(pushDevices).where(inArray(pushDevices.id, rows.slice(0, excess).map((r) => r.id)));
}

/** PATCH /api/push/devices/:deviceId: the kinds this device stays quiet for. Another person's device id answers 404, like a missing one. */
export async function muteKinds(db: Db, p: Principal, deviceId: string, muted: readonly PushKind[]): Promise<PushDevice> {
  return db.transaction(async (tx) => {
    // The device first: whatever the body, someone else's device id answers as a missing one.
    const [mine] = await tx.select({ id: pushDevices.id }).from(pushDevices).where(and(eq(pushDevices.userId, p.userId), eq(pushDevices.deviceId, deviceId))).for('update');
    if (!mine) throw new AppError('PUSH_DEVICE_NOT_FOUND');
    const mutable = pushMutableKindsFor(p.roleId);
    const refused = muted.filter((k) => !mutable.includes(k));
    if (refused.length > 0) throw new AppError('PUSH_KIND_NOT_MUTABLE', undefined, refused.map((k) => ({ path: 'muted', message: k })));
    const [row] = await tx
      .update(pushDevices)
      .set({ muted: [...new Set(muted)], lastSeenAt: sql`now()` })
      .where(and(eq(pushDevices.userId, p.userId), eq(pushDevices.deviceId, deviceId)))
      .returning();
    if (!row) throw new AppError('PUSH_DEVICE_NOT_FOUND');
    await writeAudit(tx, { actorUserId: p.userId, entity: 'push_device', entityId: `${p.userId}:${deviceId}`, action: 'push_device_muted', toValue: row.muted.join(',') });
    await markKeyApplied(tx);
    return view(row);
  });
}

/** DELETE /api/push/devices/:deviceId: this device stops getting pushes (404 when the caller has no such device). */
export async function removeDevice(db: Db, p: Pick<Principal, 'userId'>, deviceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await removeDeviceIn(tx, p.userId, deviceId);
    if (!gone) throw new AppError('PUSH_DEVICE_NOT_FOUND');
    await markKeyApplied(tx);
  });
}

/** Removes a person's device inside the caller's transaction (sign-out); false when there was none. */
export async function removeDeviceIn(tx: Tx | Db, userId: number, deviceId: string): Promise<boolean> {
  const gone = await tx.delete(pushDevices).where(and(eq(pushDevices.userId, userId), eq(pushDevices.deviceId, deviceId))).returning({ id: pushDevices.id });
  if (gone.length === 0) return false;
  await writeAudit(tx, { actorUserId: userId, entity: 'push_device', entityId: `${userId}:${deviceId}`, action: 'push_device_removed' });
  return true;
}
