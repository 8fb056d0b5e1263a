import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_MESSAGE_STATUS, type PushPayload, type PushTransport } from '@gerai/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { startPolling, type Polling } from '../../platform/polling';
import { pushDevices } from '../../db/schema';
import { backoffSeconds, type NoticePolicy } from '../channels';
import { queryRows } from '../../db/client';
import type { PushDeviceRow, PushSenders, SendResult } from './sender';

// The push outbox's sender: like the channel notices' dispatcher (SKIP LOCKED claim with a lease,
// backoff, a pass per poll and a kick after a commit that queued pushes), but a claimed batch is sent
// in parallel (one event may reach thousands of phones) and its outcomes are written per batch.

export type PushPolicy = Pick<NoticePolicy, 'maxAttempts' | 'backoffSeconds' | 'backoffMaxSeconds' | 'leaseSeconds'> & {
  /** Requests in flight at once. */
  concurrency: number;
  /** Messages claimed per statement. */
  batch: number;
};

export function pushPolicy(config: Pick<Config, 'PUSH_MAX_ATTEMPTS' | 'PUSH_BACKOFF_SECONDS' | 'PUSH_BACKOFF_MAX_SECONDS' | 'PUSH_TIMEOUT_MS' | 'PUSH_CONCURRENCY'>): PushPolicy {
  return {
    maxAttempts: config.PUSH_MAX_ATTEMPTS,
    backoffSeconds: config.PUSH_BACKOFF_SECONDS,
    backoffMaxSeconds: config.PUSH_BACKOFF_MAX_SECONDS,
    // A batch of sends takes a few timeouts at most; past this its sender is surely gone.
    leaseSeconds: Math.ceil(config.PUSH_TIMEOUT_MS / 1000) * 4 + 30,
    concurrency: config.PUSH_CONCURRENCY,
    batch: Math.max(100, config.PUSH_CONCURRENCY * 8),
  };
}

interface Claimed {
  id: number;
  deviceId: number | null;
  payload: PushPayload;
  attempts: number;
  expired: boolean;
}

/**
 * Takes up to `limit` due messages, locked with SKIP LOCKED (two processes never take the same one)
 * and leased in the same statement (next_attempt_at moved past the send), so no other pass takes a
 * message while it is being sent. Only what this process can deal with: a message to a device whose
 * transport it has no sender for is left to a process that has one (a fleet mid-way through getting
 * its VAPID keys or FCM account would otherwise fail those pushes); an expired message or one whose
 * device is gone, any process closes.
 */
async function claimDue(db: Db, transports: readonly string[], limit: number, leaseSeconds: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`with due as (
        select m.id from push_messages m left join push_devices d on d.id = m.device_id
        where m.status = ${PUSH_MESSAGE_STATUS.PENDING} and m.next_attempt_at <= now()
          and (d.id is null or d.transport = any(${`{${transports.join(',')}}`}::text[]) or m.expires_at <= now())
        order by m.next_attempt_at, m.id limit ${limit}
        for update of m skip locked
      )
      update push_messages m set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from due where m.id = due.id
      returning m.id::int as id, m.device_id as "deviceId", m.payload, m.attempts, m.expires_at <= now() as expired`,
  );
}

const ERROR_MAX = 500;

export interface PushDispatchResult {
  sent: number;
  retrying: number;
  failed: number;
  gone: number;
  expired: number;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/** One pass: every push due now is sent once (expired ones are not), each outcome recorded; a device the push service no longer knows is removed. */
export async function dispatchDuePushes(db: Db, senders: PushSenders, policy: PushPolicy): Promise<PushDispatchResult> {
  const result: PushDispatchResult = { sent: 0, retrying: 0, failed: 0, gone: 0, expired: 0 };
  const transports = Object.keys(senders).filter((transport) => senders[transport as PushTransport] !== undefined);
  for (;;) {
    const batch = await claimDue(db, transports, policy.batch, policy.leaseSeconds);
    if (batch.length === 0) return result;
    const deviceIds = [...new Set(batch.map((m) => m.deviceId).filter((id): id is number => id !== null))];
    const devices = new Map<number, PushDeviceRow>(
      deviceIds.length === 0
        ? []
        : (
            await db
              .select({ id: pushDevices.id, transport: pushDevices.transport, endpoint: pushDevices.endpoint, p256dh: pushDevices.p256dh, auth: pushDevices.auth, token: pushDevices.token })
              .from(pushDevices)
              .where(inArray(pushDevices.id, deviceIds))
          ).map((d) => [d.id, d]),
    );
    const sent: number[] = [];
    const expired: number[] = [];
    const goneMessages: number[] = [];
    const goneDevices = new Set<number>();
    const failed: Array<{ m: Claimed; error: string; retry: boolean }> = [];
    await inParallel(batch, policy.concurrency, async (m) => {
      if (m.expired) return void expired.push(m.id);
      const device = m.deviceId === null ? undefined : devices.get(m.deviceId);
      if (!device) return void goneMessages.push(m.id);
      const sender = senders[device.transport as PushTransport];
      const outcome: SendResult = sender ? await sender(device, m.payload) : { ok: false, gone: false, retry: false, error: `no ${device.transport} sender configured` };
      if (outcome.ok) sent.push(m.id);
      else if (outcome.gone) {
        goneMessages.push(m.id);
        goneDevices.add(device.id);
      } else failed.push({ m, error: outcome.error, retry: outcome.retry });
    });
    await db.transaction(async (tx) => {
      // Guarded by status: a message withdrawn or replaced while it was out keeps that status.
      if (sent.length > 0) await tx.execute(sql`update push_messages set status = ${PUSH_MESSAGE_STATUS.SENT}, attempts = attempts + 1, sent_at = now(), last_error = null where id in (${sql.join(sent, sql`, `)}) and status = ${PUSH_MESSAGE_STATUS.PENDING}`);
      if (expired.length > 0) await tx.execute(sql`update push_messages set status = ${PUSH_MESSAGE_STATUS.EXPIRED} where id in (${sql.join(expired, sql`, `)}) and status = ${PUSH_MESSAGE_STATUS.PENDING}`);
      if (goneMessages.length > 0) await tx.execute(sql`update push_messages set status = ${PUSH_MESSAGE_STATUS.GONE}, attempts = attempts + 1 where id in (${sql.join(goneMessages, sql`, `)}) and status = ${PUSH_MESSAGE_STATUS.PENDING}`);
      // The push service no longer knows the subscription (404/410): the device goes, with what it still had to receive.
      if (goneDevices.size > 0) {
        const ids = [...goneDevices];
        await tx.execute(sql`update push_messages set status = ${PUSH_MESSAGE_STATUS.GONE} where device_id in (${sql.join(ids, sql`, `)}) and status = ${PUSH_MESSAGE_STATUS.PENDING}`);
        await tx.delete(pushDevices).where(inArray(pushDevices.id, ids));
      }
      for (const { m, error, retry } of failed) {
        const attempts = m.attempts + 1;
        const giveUp = !retry || attempts >= policy.maxAttempts;
        await tx.execute(sql`update push_messages set attempts = ${attempts}, last_error = ${error.slice(0, ERROR_MAX)},
            status = ${giveUp ? PUSH_MESSAGE_STATUS.FAILED : PUSH_MESSAGE_STATUS.PENDING},
            next_attempt_at = now() + make_interval(secs => ${giveUp ? 0 : backoffSeconds(attempts, policy)})
          where id = ${m.id} and status = ${PUSH_MESSAGE_STATUS.PENDING} and attempts = ${m.attempts}`);
        if (giveUp) result.failed++;
        else result.retrying++;
      }
    });
    result.sent += sent.length;
    result.expired += expired.length;
    result.gone += goneMessages.length;
    if (batch.length < policy.batch) return result;
  }
}

export type PushDispatcher = Polling;

/** The background sender of pushes: a pass every `pollMs` and on every kick. */
export function startPushDispatcher(options: { db: Db; senders: PushSenders; policy: PushPolicy; pollMs: number; log: Pick<FastifyBaseLogger, 'error'> }): PushDispatcher {
  return startPolling({
    pass: () => dispatchDuePushes(options.db, options.senders, options.policy),
    pollMs: options.pollMs,
    log: options.log,
    failure: 'push dispatch failed',
  });
}
