// One shape for every state machine (orders, cancel requests, returns, bookings, transfers, tickets):
// a machine is a table of steps, looked up by `stepOf` and offered to a screen by `actionsFor`. The
// server applies a step with one function (apps/server/src/platform/workflow.ts). Zod-free: the web
// reads the tables at run time.
import type { EventType } from './event-types';
import { hasRoleAtLeast, type RoleId } from './roles';
import { DELIVERY_TYPE } from './statuses';

/**
 * Who may take a step. Each part that is set must hold: one of the caller's sides of the object is
 * listed (the ordering or serving store of a booking, the helpdesk or the store of a ticket), and the
 * caller's role is at least `minRole` (a higher role holds the rights of those below).
 */
export interface WhoRule<Side extends string = string> {
  sides?: readonly Side[];
  minRole?: RoleId;
  /** A higher lowest role for a delivery order (CANCEL_RULE); it counts once the order is known. */
  minRoleDelivery?: RoleId;
}

/** Facts of an object besides its status that decide whether a step applies (a return's delivery type, a transfer's PIN lock). */
export type StepFacts = Readonly<Record<string, string | number | boolean>>;

/** One step of a machine: one row of its table. */
export interface FlowStep<A extends string = string, S extends string | number = string | number, Side extends string = string, E extends EventType = EventType> {
  /** The step's name: the audit row's action and the screen's button. (action, from) names one step. */
  action: A;
  from: S;
  /** null: the object is closed and keeps its last status (a cancelled booking). */
  to: S | null;
  who: WhoRule<Side>;
  /** The event the step writes. */
  event: E;
  /**
   * The columns the step stamps: a name ending in `At` gets the transaction's time, any other the
   * actor's user id (`decidedBy`, `pickerUserId`).
   */
  stamps: readonly string[];
  /** The step applies only while every fact named here has this value. */
  when?: StepFacts;
}

export type Flow = readonly FlowStep[];
export type FlowAction<F extends Flow> = F[number]['action'];
export type FlowStatus<F extends Flow> = F[number]['from'];
/** A status as callers hold it (a table declared `as const` lists literal statuses; a stored row's may be any). */
export type StatusValue<F extends Flow> = F[number]['from'] extends number ? number : string;
/** A table's rows by action (rows of one action: their union). */
export type StepsByAction<F extends Flow> = { [S in F[number] as S['action']]: S };
/**
 * The step rows of `action` (for a table declared `as const`: with their literal events). A mapped
 * type, not Extract: for a generic action it stays one deferred type on both sides of a call, so an
 * area's helper generic over the action and the server's kernel agree on the event it writes.
 */
export type StepOf<F extends Flow, A extends FlowAction<F>> = StepsByAction<F>[A] & FlowStep;
/** The event type(s) `action` writes. */
export type EventOf<F extends Flow, A extends FlowAction<F>> = StepOf<F, A>['event'];

/** Who asks: the role, the sides of the object they are on, the order's delivery type when it is known. */
export interface Actor<Side extends string = string> {
  roleId?: RoleId;
  sides?: readonly Side[];
  deliveryType?: number;
}

/** True when the actor may take a step with this rule. A rule part the actor cannot show (no role given) refuses. */
export function admits(who: WhoRule, actor: Actor): boolean {
  if (who.sides && !who.sides.some((s) => actor.sides?.includes(s))) return false;
  if (who.minRole !== undefined && (actor.roleId === undefined || !hasRoleAtLeast(actor.roleId, who.minRole))) return false;
  if (who.minRoleDelivery !== undefined && actor.deliveryType === DELIVERY_TYPE.DELIVERY) {
    return actor.roleId !== undefined && hasRoleAtLeast(actor.roleId, who.minRoleDelivery);
  }
  return true;
}

/** True when the step's facts fit; a fact the caller does not give does not count. */
export function factsFit(step: FlowStep, facts: StepFacts = {}): boolean {
  return Object.entries(step.when ?? {}).every(([k, v]) => !(k in facts) || facts[k] === v);
}

/** The step `action` takes from `from` (given facts: among the steps that fit them), or undefined when there is none. */
export function stepOf<F extends Flow, A extends FlowAction<F>>(flow: F, action: A, from: StatusValue<F>, facts?: StepFacts): StepOf<F, A> | undefined {
  return flow.find((s) => s.action === action && s.from === from && factsFit(s, facts)) as StepOf<F, A> | undefined;
}

/** The steps the actor may take from `status` now, in the table's order. */
export function stepsFor<F extends Flow>(flow: F, status: StatusValue<F>, actor: Actor, facts?: StepFacts): Array<F[number]> {
  return flow.filter((s) => s.from === status && factsFit(s, facts) && admits(s.who, actor));
}

/** What the actor may do with an object in `status` now (the buttons of its screen): the actions of `stepsFor`. */
export function actionsFor<F extends Flow>(flow: F, status: StatusValue<F>, actor: Actor, facts?: StepFacts): Array<FlowAction<F>> {
  return stepsFor(flow, status, actor, facts).map((s) => s.action);
}

/** True when some step of `action`, from any status, admits the actor: who may take it at all. */
export function mayTakeAction<F extends Flow>(flow: F, action: FlowAction<F>, actor: Actor): boolean {
  return flow.some((s) => s.action === action && admits(s.who, actor));
}
