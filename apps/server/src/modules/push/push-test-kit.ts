import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PushPayload } from '@gerai/contract';
import type { TestContext } from '../../test/harness';
import { dispatchDuePushes, pushPolicy } from './dispatcher';
import type { PushService, ReceivedPush } from './local-push-service';
import { browserSubscription, decryptPush, type BrowserSubscription } from './push-crypto';
import { queryRows } from '../../db/client';
import { pushSenders } from './start';

export { startPushService, type PushService, type ReceivedPush } from './local-push-service';
export { browserSubscription, decryptPush, type BrowserSubscription } from './push-crypto';

// A push service of our own on 127.0.0.1 and a browser's side of a subscription, for the push tests:
// what the server sends is received, decrypted with the subscription's own keys (push-crypto.ts) and
// its VAPID checked.

export const payloadOfPush = (push: ReceivedPush, sub: BrowserSubscription): PushPayload => JSON.parse(decryptPush(push.body, sub)) as PushPayload;

/** Subscribes a fresh device of `nik` to the local push service; gives its subscription and device id. */
export async function subscribe(ctx: TestContext, nik: string, service: PushService): Promise<BrowserSubscription & { deviceId: string; authorization: string }> {
  const sub = browserSubscription(service);
  const deviceId = randomUUID();
  const { authorization } = await ctx.loginAs(nik);
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/push/devices/${deviceId}`, headers: { authorization }, payload: sub.body });
  if (res.statusCode !== 200) throw new Error(`subscribe ${nik}: ${res.statusCode} ${res.body}`);
  return { ...sub, deviceId, authorization };
}

/** One pass of the dispatcher with the server's own senders (as main.ts runs it). */
export function dispatch(ctx: TestContext) {
  return dispatchDuePushes(ctx.handle.db, pushSenders(ctx.config), pushPolicy(ctx.config));
}

export interface MessageRow {
  id: number;
  deviceId: number | null;
  userId: number;
  kind: string;
  tag: string;
  status: string;
  attempts: number;
  payload: PushPayload;
}

export function messages(ctx: TestContext, tag?: string): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    ctx.handle.db,
    sql`select id::int, device_id as "deviceId", user_id as "userId", kind, tag, status, attempts, payload from push_messages ${tag ? sql`where tag = ${tag}` : sql``} order by id`,
  );
}

/** Forgets every push row and device: each test starts from none. */
export async function clearPushes(ctx: TestContext): Promise<void> {
  await ctx.handle.db.execute(sql`delete from push_messages`);
  await ctx.handle.db.execute(sql`delete from push_devices`);
}
