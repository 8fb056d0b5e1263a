import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, sqlIn, tstz } from './_columns';
import type { EventType } from '@gerai/contract';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` or `anon:<path>`: the same key from two callers never collides. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** Set by the change's own transaction: the change committed even if its reply was never written. */
    appliedAt: tstz('applied_at'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_status_check', sqlIn(t.status, ['running', 'done'])),
  ],
);

/** Committed domain events; the id is the SSE Last-Event-ID. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for events every signed-in user may see. */
    storeCode: text('store_code'),
    /** Written only by recordChange (typed by the catalogue) and order_scan_batch (checked against it by a test). */
    type: text('type').$type<EventType>().notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_store_id_idx').on(t.storeCode, t.id)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: an append-only log keeps the ids it was written with, and a write need not lock the user's row. */
    actorUserId: integer('actor_user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt), index('audit_log_created_idx').on(t.createdAt)],
);

/** Runtime settings: min_app_version, latest_app_version. */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
