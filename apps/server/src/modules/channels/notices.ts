import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNEL_NOTICE_STATUS, type ChannelNoticeKind, type ChannelNoticeStatus } from '@gerai/contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { channelNotices } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { startPolling, type Polling } from '../../platform/polling';
import { SIGNATURE_HEADER, signBody } from './signature';

/** A notice to an order's sales channel, written in the transaction of the change it reports. */
export interface ChannelNoticeInput {
  orderId: number;
  shipmentNo: string;
  storeCode: string;
  appId: number;
  kind: ChannelNoticeKind;
  /** The object the notice is about (the shipmentNo, `return:<id>`): one notice per kind and ref. */
  ref: string;
  payload: Record<string, unknown>;
}

/**
 * Queues a notice for the dispatcher inside the caller's transaction: it is sent only if the change
 * commits. A second notice of the same kind about the same object is dropped (channel_notices_once),
 * so a replayed change never tells the channel twice. Returns the new notice's id, or null when it
 * was already queued.
 */
export async function enqueueChannelNotice(tx: Tx | Db, notice: ChannelNoticeInput): Promise<number | null> {
  const [row] = await tx
    .insert(channelNotices)
    .values({ ...notice, nextAttemptAt: sql`now()` })
    .onConflictDoNothing({ target: [channelNotices.kind, channelNotices.ref] })
    .returning({ id: channelNotices.id });
  return row?.id ?? null;
}

// --- sending ----------------------------------------------------------------------

/** What a transport sends: the notice as the channel reads it. */
export interface OutgoingNotice {
  id: number;
  appId: number;
  kind: ChannelNoticeKind;
  ref: string;
  shipmentNo: string;
  storeCode: string;
  payload: unknown;
  /** 1 for the first try. */
  attempt: number;
  createdAt: Date;
}

/** Delivers one notice; resolves when the channel accepted it, throws (with the reason) when not. */
export type NoticeTransport = (notice: OutgoingNotice) => Promise<void>;

export interface NoticePolicy {
  /** After this many failed attempts the notice is given up on (status failed). */
  maxAttempts: number;
  /** The wait after the first failure; doubled per further failure, up to backoffMaxSeconds. */
  backoffSeconds: number;
  backoffMaxSeconds: number;
  /** How long a claimed notice is left to its sender before another run may take it again. */
  leaseSeconds: number;
}

/** The wait before attempt `failures + 1`, after `failures` failures (≥ 1): exponential with a cap. */
export function backoffSeconds(failures: number, policy: Pick<NoticePolicy, 'backoffSeconds' | 'backoffMaxSeconds'>): number {
  return Math.min(policy.backoffMaxSeconds, policy.backoffSeconds * 2 ** Math.min(30, Math.max(0, failures - 1)));
}

const ERROR_MAX = 500;

/** The body a channel receives: what happened, to which order, and the kind's own fields. */
export function noticeBody(n: OutgoingNotice): string {
  return JSON.stringify({ id: n.id, kind: n.kind, ref: n.ref, shipmentNo: n.shipmentNo, storeCode: n.storeCode, attempt: n.attempt, createdAt: n.createdAt.toISOString(), data: n.payload });
}

/**
 * The transport of a running server. A channel with a URL in CHANNEL_WEBHOOKS gets an HTTP POST of
 * the JSON body, signed with its channel secret exactly as the channel signs its orders to us
 * (X-Gerai-Signature: t=<unix seconds>,sha256=<HMAC of "<t>.<raw body>">), with the notice id as
 * Idempotency-Key so a retry after a lost answer can be recognised; any 2xx is accepted.
 * A channel without a URL is delivered to the built-in demo sink: the notice is logged and counts
 * as accepted, so the demo (and a machine without network) shows every notice as sent.
 */
export function channelTransport(
  config: Pick<Config, 'CHANNEL_WEBHOOKS' | 'CHANNEL_NOTICE_TIMEOUT_MS' | 'channelSecrets'>,
  log: Pick<FastifyBaseLogger, 'info'>,
  send: typeof fetch = fetch,
): NoticeTransport {
  return async (notice) => {
    const url = config.CHANNEL_WEBHOOKS[String(notice.appId)];
    const body = noticeBody(notice);
    if (!url) {
      log.info({ notice: JSON.parse(body) as unknown, appId: notice.appId }, 'channel notice delivered to the demo sink (no CHANNEL_WEBHOOKS entry for this channel)');
      return;
    }
    const secret = config.channelSecrets[String(notice.appId)];
    if (!secret) throw new Error(`no CHANNEL_SECRETS entry for channel ${notice.appId}`);
    const res = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, secret), 'idempotency-key': `gerai-notice-${notice.id}` },
      body,
      signal: AbortSignal.timeout(config.CHANNEL_NOTICE_TIMEOUT_MS),
      redirect: 'error',
    });
    // The body is not needed; reading it frees the connection.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  };
}

type NoticeRow = typeof channelNotices.$inferSelect;

/**
 * What a kind of notice does with an attempt's outcome, in the outcome's transaction, in place of the
 * `order.notice` event (chat: the message becomes delivered or failed, decision 91).
 */
export type NoticeOutcome = (tx: Tx, notice: Pick<NoticeRow, 'id' | 'ref' | 'shipmentNo' | 'storeCode' | 'payload'>, status: ChannelNoticeStatus) => Promise<void>;
export type NoticeOutcomes = Partial<Record<ChannelNoticeKind, NoticeOutcome>>;

/**
 * Takes up to `limit` due notices: locked with SKIP LOCKED so two processes never take the same
 * one, and leased (next_attempt_at moved past the send's time) before the lock is let go, so no
 * other run picks a notice up while it is being sent. The send itself runs outside any transaction.
 */
async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<NoticeRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: channelNotices.id })
      .from(channelNotices)
      .where(and(eq(channelNotices.status, CHANNEL_NOTICE_STATUS.PENDING), lte(channelNotices.nextAttemptAt, sql`now()`)))
      .orderBy(asc(channelNotices.nextAttemptAt), asc(channelNotices.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(channelNotices)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(inArray(channelNotices.id, due.map((d) => d.id)))
      .returning();
  });
}

/**
 * Writes one attempt's outcome and the live event `order.notice` for the order's store. Guarded by
 * the attempt count seen at the claim: a run whose lease ran out and was overtaken writes nothing.
 */
async function recordAttempt(db: Db, n: NoticeRow, error: string | null, policy: NoticePolicy, outcomes: NoticeOutcomes): Promise<ChannelNoticeStatus | null> {
  const attempts = n.attempts + 1;
  const status: ChannelNoticeStatus =
    error === null ? CHANNEL_NOTICE_STATUS.SENT : attempts >= policy.maxAttempts ? CHANNEL_NOTICE_STATUS.FAILED : CHANNEL_NOTICE_STATUS.PENDING;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(channelNotices)
      .set({
        status,
        attempts,
        lastError: error === null ? null : error.slice(0, ERROR_MAX),
        ...(error === null ? { sentAt: sql`now()` } : {}),
        ...(status === CHANNEL_NOTICE_STATUS.PENDING ? { nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts, policy)})` } : {}),
      })
      .where(and(eq(channelNotices.id, n.id), eq(channelNotices.status, CHANNEL_NOTICE_STATUS.PENDING), eq(channelNotices.attempts, n.attempts)))
      .returning({ id: channelNotices.id });
    if (!row) return null;
    const outcome = outcomes[n.kind as ChannelNoticeKind];
    if (outcome) {
      await outcome(tx, n, status);
      return status;
    }
    await recordChange(
      tx,
      {
        actorUserId: null,
        entity: 'channel_notice',
        entityId: n.shipmentNo,
        action: error === null ? 'notice_sent' : status === CHANNEL_NOTICE_STATUS.FAILED ? 'notice_failed' : 'notice_retry',
        toValue: `${n.kind} ${status}`,
        reason: error,
      },
      { storeCode: n.storeCode, type: 'order.notice', payload: { shipmentNo: n.shipmentNo, kind: n.kind as ChannelNoticeKind, status, attempts } },
    );
    return status;
  });
}

export interface DispatchResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** One pass: every notice due now is sent once; the outcome of each is recorded (by its kind's `outcomes` entry, if any). */
export async function dispatchDueNotices(db: Db, transport: NoticeTransport, policy: NoticePolicy, limit = 20, outcomes: NoticeOutcomes = {}): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const batch = await claimDue(db, limit, policy.leaseSeconds);
    for (const n of batch) {
      let error: string | null = null;
      try {
        await transport({
          id: n.id,
          appId: n.appId,
          kind: n.kind as ChannelNoticeKind,
          ref: n.ref,
          shipmentNo: n.shipmentNo,
          storeCode: n.storeCode,
          payload: n.payload,
          attempt: n.attempts + 1,
          createdAt: n.createdAt,
        });
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)) || 'gagal terkirim';
      }
      const status = await recordAttempt(db, n, error, policy, outcomes);
      if (status === CHANNEL_NOTICE_STATUS.SENT) result.sent++;
      else if (status === CHANNEL_NOTICE_STATUS.FAILED) result.failed++;
      else if (status === CHANNEL_NOTICE_STATUS.PENDING) result.retrying++;
    }
    if (batch.length < limit) return result;
  }
}

export function noticePolicy(
  config: Pick<Config, 'CHANNEL_NOTICE_MAX_ATTEMPTS' | 'CHANNEL_NOTICE_BACKOFF_SECONDS' | 'CHANNEL_NOTICE_BACKOFF_MAX_SECONDS' | 'CHANNEL_NOTICE_TIMEOUT_MS'>,
): NoticePolicy {
  return {
    maxAttempts: config.CHANNEL_NOTICE_MAX_ATTEMPTS,
    backoffSeconds: config.CHANNEL_NOTICE_BACKOFF_SECONDS,
    backoffMaxSeconds: config.CHANNEL_NOTICE_BACKOFF_MAX_SECONDS,
    // Well past one send's timeout: a notice is taken again only when its sender is surely gone.
    leaseSeconds: Math.ceil(config.CHANNEL_NOTICE_TIMEOUT_MS / 1000) * 3 + 30,
  };
}

export type NoticeDispatcher = Polling;

/** The background sender of channel notices: a pass every `pollMs` and on every kick. Started by main.ts, stopped on shutdown. */
export function startNoticeDispatcher(options: {
  db: Db;
  transport: NoticeTransport;
  policy: NoticePolicy;
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  outcomes?: NoticeOutcomes;
}): NoticeDispatcher {
  return startPolling({
    pass: () => dispatchDueNotices(options.db, options.transport, options.policy, undefined, options.outcomes),
    pollMs: options.pollMs,
    log: options.log,
    failure: 'channel notice dispatch failed',
  });
}

/** The dispatcher as the server runs it, from config. */
export function startChannelNotices(db: Db, config: Config, log: FastifyBaseLogger, outcomes?: NoticeOutcomes): NoticeDispatcher {
  return startNoticeDispatcher({ db, transport: channelTransport(config, log), policy: noticePolicy(config), pollMs: config.CHANNEL_NOTICE_POLL_MS, log, outcomes });
}
