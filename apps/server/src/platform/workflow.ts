import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { admits, mayTakeAction, stepOf, type Actor, type EventOf, type EventPayload, type EventType, type Flow, type FlowAction, type StatusValue, type StepFacts, type StepOf } from '@gerai/contract';
import type { Tx } from '../db/client';
import { recordChange, type AuditEntry } from './audit';
import type { AppError } from './errors';

/** Why a step is refused: the caller may not take it (403), or the object is not where it starts (409: the race loser). */
export type StepRefusal = 'forbidden' | 'conflict';

/** Who takes the step: the contract's actor and the user the audit row and the stamps name. */
export type StepActor = Actor & { userId: number };

/** The audit row and the event of a step; the event's type is the step's own, its payload must fit it. */
export interface StepRecord<E extends EventType> {
  audit: Omit<AuditEntry, 'actorUserId'>;
  storeCode: string | null;
  payload: EventPayload<E>;
  alsoStoreCodes?: readonly string[];
}

export interface StepSpec<F extends Flow, A extends FlowAction<F>, W, R> {
  flow: F;
  action: A;
  /** The object's status read under its lock (null: it is closed, no step applies); orders: the status the change expects. */
  status: StatusValue<F> | null;
  /** Facts besides the status that decide which step applies (a return's delivery type). */
  facts?: StepFacts;
  actor: StepActor;
  /** The area's error for a refusal (its own codes: BOOKING_NOT_ADDRESSED, RETURN_STATUS_CHANGED, …). */
  refuse: (why: StepRefusal) => AppError;
  /** The area's own checks and writes before the status moves; what it answers reaches `move` and `record`. */
  before: (step: StepOf<F, A>) => Promise<W>;
  /**
   * The compare-and-set: moves the status (`… where status = step.from`) with the step's stamps and
   * answers the row after it, or undefined when no row was in `step.from` (→ 409 conflict).
   */
  move: (step: StepOf<F, A>, done: W, stamps: Record<string, SQL | number>) => Promise<R | undefined>;
  /** Writes that need the moved row (an order's history, the writes under its lock). */
  after?: (step: StepOf<F, A>, row: R, done: W) => Promise<void>;
  /** The audit row and the typed event. */
  record: (step: StepOf<F, A>, row: R, done: W) => StepRecord<EventOf<F, A>>;
}

/** The stamps of a step: `…At` the transaction's time, any other column the actor's user id. */
export function stampsOf(stamps: readonly string[], userId: number): Record<string, SQL | number> {
  return Object.fromEntries(stamps.map((column) => [column, column.endsWith('At') ? sql`now()` : userId]));
}

/** The stamps that are columns of `table` (a step that writes two tables: a booking and its detail). */
export function stampsFor(table: PgTable, stamps: Record<string, SQL | number>): Record<string, SQL | number> {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.entries(stamps).filter(([column]) => column in columns));
}

/**
 * The step `action` takes from `status` for this actor, or the area's refusal: 403 when no step of
 * the action admits the actor at all (whatever the status), 409 when there is no step from the
 * status (the race loser, a closed object), 403 when that step's rule refuses the actor.
 */
export function checkStep<F extends Flow, A extends FlowAction<F>>(
  spec: Pick<StepSpec<F, A, unknown, unknown>, 'flow' | 'action' | 'status' | 'facts' | 'actor' | 'refuse'>,
): StepOf<F, A> {
  const { flow, action, status, facts, actor } = spec;
  if (!mayTakeAction(flow, action, actor)) throw spec.refuse('forbidden');
  const step = status === null ? undefined : stepOf(flow, action, status, facts);
  if (!step) throw spec.refuse('conflict');
  // The delivery rule counts only once the object is known (`actor.deliveryType`).
  if (!admits(step.who, actor)) throw spec.refuse('forbidden');
  return step;
}

/**
 * The one way a step of a machine is applied, inside the caller's transaction on the locked object:
 * the step checked (`checkStep`), the area's own checks and writes (`before`), the status moved with
 * a compare-and-set and the step's stamps (`move`; no row → 409), writes under the moved row
 * (`after`), then the audit row and the event the step names (recordChange). The event's payload is
 * typed by the step row's event type: one that does not fit does not compile.
 */
export async function applyStep<F extends Flow, A extends FlowAction<F>, W, R>(tx: Tx, spec: StepSpec<F, A, W, R>): Promise<{ step: StepOf<F, A>; row: R; done: W }> {
  const step = checkStep(spec);
  const done = await spec.before(step);
  const row = await spec.move(step, done, stampsOf(step.stamps, spec.actor.userId));
  if (row === undefined) throw spec.refuse('conflict');
  await spec.after?.(step, row, done);
  const { audit, storeCode, payload, alsoStoreCodes } = spec.record(step, row, done);
  await recordChange(tx, { ...audit, actorUserId: spec.actor.userId }, { storeCode, type: step.event, payload, ...(alsoStoreCodes ? { alsoStoreCodes } : {}) });
  return { step, row, done };
}
