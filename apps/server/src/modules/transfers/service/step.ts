import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  ERROR_DETAILS,
  MAT_STATUS_LABEL,
  mayTakeAction,
  TRANSFER_FLOW,
  TRANSFER_LIMITS,
  transferStep,
  type EventOf,
  type EventPayload,
  type FlowStep,
  type MatStatus,
  type TransferAction,
  type TransferDetail,
  type TransferEventType,
} from '@gerai/contract';
import type { Db, Tx } from '../../../db/client';
import { materialTransfers } from '../../../db/schema';
import { recordChange } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { applyStep, type StepActor } from '../../../platform/workflow';
import { sidesOf, transferScope } from '../access';
import { isLocked, loadTransferDetail, TRANSFER_ENTITY } from '../views';

export const now = sql`now()`;

export type TransferRow = typeof materialTransfers.$inferSelect;

/** A new one-time PIN: TRANSFER_LIMITS.pinDigits random digits, from the system's CSPRNG. */
export const newPin = () => String(randomInt(0, 10 ** TRANSFER_LIMITS.pinDigits)).padStart(TRANSFER_LIMITS.pinDigits, '0');

/** 409 naming the status the transfer is in now. */
export const statusChanged = (t: Pick<TransferRow, 'status'>) =>
  new AppError('TRANSFER_STATUS_CHANGED', ERROR_DETAILS.transferStatusChangedTo(MAT_STATUS_LABEL[t.status as MatStatus] ?? t.status));

/** What every transfer event carries besides its `action`: the transfer after the change, never its PIN. */
export type TransferFacts = Omit<EventPayload<'transfer.cancelled'>, 'action'>;
export const transferFacts = (t: TransferRow, actorName: string): TransferFacts => ({
  matNo: t.matNo,
  idTbsms: t.idTbsms,
  matStatus: t.status as MatStatus,
  senderStore: t.senderStoreCode,
  receiverStore: t.receiverStoreCode,
  locked: isLocked(t),
  actorName,
});

/** The audit row and the typed event of a change that is not a step (sent, locked), on the sender's and the receiver's streams. */
export async function recordTransfer<T extends TransferEventType>(tx: Tx, p: Principal, t: TransferRow, audit: { action: string; from?: string | null }, type: T, payload: EventPayload<T>) {
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: TRANSFER_ENTITY, entityId: t.matNo, action: audit.action, fromValue: audit.from ?? null, toValue: t.status, reason: null },
    { storeCode: t.senderStoreCode, type, payload, alsoStoreCodes: [t.receiverStoreCode] },
  );
}

/** Row-locks a transfer; missing or out of the caller's sight → 404. */
export async function lockTransfer(tx: Tx, p: Principal, key: SQL): Promise<TransferRow> {
  const [row] = await tx
    .select()
    .from(materialTransfers)
    .where(and(key, transferScope(p)))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  return row;
}

export const actorOf = (p: Principal, t: TransferRow): StepActor => ({ userId: p.userId, sides: sidesOf(p, t.senderStoreCode, t.receiverStoreCode) });

/** 403 for a transfer seen from the other side: the side the action needs names the refusal. */
export function sideRefusal(action: TransferAction): AppError {
  if (mayTakeAction(TRANSFER_FLOW, action, { sides: ['sender'] })) return new AppError('TRANSFER_NOT_SENDER');
  if (mayTakeAction(TRANSFER_FLOW, action, { sides: ['receiver'] })) return new AppError('TRANSFER_NOT_RECEIVER');
  return new AppError('FORBIDDEN');
}

/**
 * Why no step fits the transfer: unlocking one that is not locked (409 TRANSFER_NOT_LOCKED), no step
 * from its status (409 TRANSFER_STATUS_CHANGED: a race loser or a closed transfer), a step that needs
 * it unlocked (423 TRANSFER_LOCKED).
 */
export function lockOrStatusRefusal(t: TransferRow, action: TransferAction): AppError {
  const flow: readonly FlowStep[] = TRANSFER_FLOW;
  const locked = t.lockedAt !== null;
  if (!locked && flow.some((s) => s.action === action && s.when?.locked === true)) return new AppError('TRANSFER_NOT_LOCKED');
  const step: FlowStep | undefined = transferStep(action, t.status as MatStatus);
  if (!step) return statusChanged(t);
  if (step.when?.locked === false && locked) return new AppError('TRANSFER_LOCKED');
  return statusChanged(t);
}

/** Where TRANSFER_FLOW is looked up for a locked transfer: its status, and its PIN lock as a fact. */
export const stepSpecOf = <A extends TransferAction>(p: Principal, t: TransferRow, action: A) => ({
  flow: TRANSFER_FLOW,
  action,
  status: t.status,
  facts: { locked: t.lockedAt !== null },
  actor: actorOf(p, t),
  refuse: (why: 'forbidden' | 'conflict') => (why === 'forbidden' ? sideRefusal(action) : lockOrStatusRefusal(t, action)),
});

export interface StepWrite<A extends TransferAction> {
  /** Columns the step sets besides its status and stamps. */
  set?: PgUpdateSetSource<typeof materialTransfers>;
  /** The step's event from the transfer after it: the catalogue's payload of the step's event type. */
  event: (facts: TransferFacts) => EventPayload<EventOf<typeof TRANSFER_FLOW, A>>;
}

/**
 * TRANSFER_FLOW applied to a locked transfer through the workflow kernel: the caller's side (403 for
 * a transfer seen from the other side), the lock and the status (lockOrStatusRefusal), the step's own
 * checks and writes, the status moved with a compare-and-set on the starting status (and lock), the
 * audit row and the typed event to both stores.
 */
export async function applyTransferStep<A extends TransferAction>(tx: Tx, p: Principal, t: TransferRow, action: A, write: (t: TransferRow) => Promise<StepWrite<A>>): Promise<TransferRow> {
  const { row } = await applyStep(tx, {
    ...stepSpecOf(p, t, action),
    before: () => write(t),
    move: async (step, done, stamps) => {
      const lock = step.when?.locked;
      const [after] = await tx
        .update(materialTransfers)
        .set({ ...done.set, ...stamps, status: step.to ?? t.status, updatedAt: now })
        .where(
          and(
            eq(materialTransfers.id, t.id),
            eq(materialTransfers.status, step.from),
            lock === undefined ? undefined : lock ? isNotNull(materialTransfers.lockedAt) : isNull(materialTransfers.lockedAt),
          ),
        )
        .returning();
      return after;
    },
    record: (_step, after, done) => ({
      audit: { entity: TRANSFER_ENTITY, entityId: t.matNo, action, fromValue: t.status, toValue: after.status, reason: null },
      storeCode: after.senderStoreCode,
      payload: done.event(transferFacts(after, p.name)),
      alsoStoreCodes: [after.receiverStoreCode],
    }),
  });
  return row;
}

/** One step on one transfer in its own transaction; answers the transfer's detail for the caller. */
export async function runStep<A extends TransferAction>(db: Db, p: Principal, key: SQL, action: A, write: (t: TransferRow, tx: Tx) => Promise<StepWrite<A>>): Promise<TransferDetail> {
  const id = await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, p, key);
    return (await applyTransferStep(tx, p, t, action, (locked) => write(locked, tx))).id;
  });
  return loadTransferDetail(db, p, id);
}
