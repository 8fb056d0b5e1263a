import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { UPLOAD_IMAGE_TYPES } from '@gerai/contract';
import { users } from './auth';
import { stores } from './catalog';
import { bytea, createdAt, sqlIn, tstz } from './_columns';
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
    /** The server process that holds a running key (server_processes.id); null for keys taken before owners were kept. */
    owner: text('owner'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_status_check', sqlIn(t.status, ['running', 'done'])),
  ],
);

/**
 * The server processes alive now: each beats every few seconds (platform/process-heartbeat.ts). A running
 * Idempotency-Key whose process stopped beating belongs to a request that died with its process (SIGKILL,
 * a crash), so a retry may take it over at once instead of after STALE_RUNNING_MS.
 */
export const serverProcesses = pgTable('server_processes', {
  id: text('id').primaryKey(),
  seenAt: tstz('seen_at').notNull(),
});

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
    /** The X-Request-Id of the request that made the change (its log line has the same id); null for background work (outbox, sweeps, escalations). */
    requestId: text('request_id'),
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

/**
 * Uploaded files (return photos; ticket attachments are kept in `ticket_attachments`, decision 94), kept in the database with the change
 * that uses them: every process sees them, and a backup holds them. The type is read from the
 * content; only the uploader's store (and those who may see it) may read one back. An upload never
 * attached is purged after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Set when a change attaches it (e.g. `return:12`); null uploads are purged. */
    attachedTo: text('attached_to'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_unattached_idx').on(t.createdAt).where(sql`attached_to is null`),
    check('uploads_mime_check', sqlIn(t.mime, UPLOAD_IMAGE_TYPES)),
    check('uploads_size_positive', sql`${t.size} > 0`),
  ],
);
