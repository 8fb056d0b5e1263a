import { sql } from 'drizzle-orm';
import type { EventPayload, EventType } from '@gerai/contract';
import type { Db, Tx } from '../db/client';
import { auditLog, events, idempotencyKeys } from '../db/schema';
import { currentIdempotencyKey } from './idempotency';
import { currentRequestId } from './logging';

export const EVENTS_CHANNEL = 'gerai_events';
/** PostgreSQL caps a NOTIFY payload just under 8000 bytes. */
const NOTIFY_LIMIT = 7000;

export interface AuditEntry {
  actorUserId: number | null;
  entity: string;
  entityId: string;
  action: string;
  fromValue?: string | null;
  toValue?: string | null;
  reason?: string | null;
}

/**
 * An event of the catalogue (packages/contract/src/events.ts): the compiler
 * refuses a type it does not list and a payload that does not fit the type.
 */
export interface DomainEvent<T extends EventType> {
  storeCode: string | null;
  type: T;
  payload: EventPayload<T>;
  /**
   * Other stores whose phones must hear the same change (a stock booking concerns the store that
   * booked and the store addressed): the event is written once per store, each on that store's stream.
   */
  alsoStoreCodes?: readonly string[];
}

/**
 * What else a change writes in its own transaction, after its event: an area registers one at app
 * build (the push planner queues the pushes the event calls for), so platform imports no area and
 * the writes commit or roll back with the change.
 */
export type ChangeFollower = (tx: Tx, audit: AuditEntry, event: DomainEvent<EventType>) => Promise<void>;
const followers = new Set<ChangeFollower>();

/** Registers `follower` for every change recorded from now on (the same function once); returns its removal. */
export function followChanges(follower: ChangeFollower): () => void {
  followers.add(follower);
  return () => followers.delete(follower);
}

/**
 * Every state change calls this inside its transaction: the audit row and the
 * event commit or roll back with the change, and NOTIFY is delivered on commit.
 * The request's Idempotency-Key, if any, is marked applied in the same commit; the audit row keeps the
 * request's id (null in background work).
 * Audit row, key, event and NOTIFY go in one statement: a change holds its order's row and its
 * store's counters (order_status_counts, taken by the status move) from its first statement to its
 * commit, and every round trip in between is time another change of that store waits (issue 27).
 */
export async function recordChange<T extends EventType>(tx: Tx, audit: AuditEntry, event: DomainEvent<T>): Promise<number> {
  const id = await writeAuditAndEvent(tx, audit, event.storeCode, event.type, event.payload);
  for (const storeCode of new Set(event.alsoStoreCodes ?? [])) {
    if (storeCode !== event.storeCode) await writeEvent(tx, storeCode, event.type, event.payload);
  }
  for (const follow of followers) await follow(tx, audit, event as DomainEvent<EventType>);
  return id;
}

/** The event's NOTIFY text, built where the row is: the whole event, or its id when too large for NOTIFY. */
const notifyText = sql.raw(`case when octet_length(n.full) < ${NOTIFY_LIMIT} then n.full else e.id::text end`);
const fullEvent = sql.raw(`json_build_object('id', e.id, 'storeCode', e.store_code, 'type', e.type, 'payload', e.payload, 'createdAt', e.created_at)::text`);

async function writeAuditAndEvent<T extends EventType>(tx: Tx, audit: AuditEntry, storeCode: string | null, type: T, payload: EventPayload<T>): Promise<number> {
  const key = currentIdempotencyKey();
  const result = await tx.execute(sql`
    with audit as (
      insert into ${auditLog} (actor_user_id, entity, entity_id, action, from_value, to_value, reason, request_id)
      values (${audit.actorUserId}, ${audit.entity}, ${audit.entityId}, ${audit.action}, ${audit.fromValue ?? null}, ${audit.toValue ?? null}, ${audit.reason ?? null}, ${currentRequestId()})
    ), applied as (
      update ${idempotencyKeys} set applied_at = now() where ${key !== null} and scope = ${key?.scope ?? ''} and key = ${key?.key ?? ''}
    ), e as (
      insert into ${events} (store_code, type, payload) values (${storeCode}, ${type}, ${JSON.stringify(payload)}::jsonb)
      returning id, store_code, type, payload, created_at
    )
    select e.id, pg_notify(${EVENTS_CHANNEL}, ${notifyText}) from e, lateral (select ${fullEvent} as full) n`);
  // Both drivers (node-postgres, PGlite) answer execute with { rows }.
  return Number((result as unknown as { rows: Array<{ id: string | number }> }).rows[0]!.id);
}
/** A further store's copy of an event (a booking's other store), with its NOTIFY. */
async function writeEvent<T extends EventType>(tx: Tx, storeCode: string | null, type: T, payload: EventPayload<T>): Promise<number> {
  const [row] = await tx.insert(events).values({ storeCode, type, payload }).returning({ id: events.id, createdAt: events.createdAt });
  const id = Number(row!.id);
  // The whole event rides on NOTIFY so listeners need not read it back; a large one sends its id.
  const full = JSON.stringify({ id, storeCode, type, payload, createdAt: row!.createdAt });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${full.length < NOTIFY_LIMIT ? full : String(id)})`);
  return id;
}

/** An audit row alone, for changes nobody else needs to hear about (sign-ins). */
export async function writeAudit(tx: Tx | Db, audit: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: audit.actorUserId,
    entity: audit.entity,
    entityId: audit.entityId,
    action: audit.action,
    fromValue: audit.fromValue ?? null,
    toValue: audit.toValue ?? null,
    reason: audit.reason ?? null,
    requestId: currentRequestId(),
  });
}
