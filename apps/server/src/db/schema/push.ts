import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUSH_MESSAGE_STATUS, PUSH_MESSAGE_STATUSES, PUSH_TRANSPORTS, type PushKind } from '@gerai/contract';
import { users } from './auth';
import { orders } from './orders';
import { createdAt, sqlIn, tstz } from './_columns';

/**
 * A person's phone (or browser) that receives pushes (issue 28): Web Push (endpoint and keys of
 * the browser's subscription) or FCM (the native host's token). One row per person and device; an
 * endpoint or token belongs to one row (the person signed in on that browser now).
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The phone's own id of itself (kept in its storage). */
    deviceId: text('device_id').notNull(),
    transport: text('transport').notNull(),
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    token: text('token'),
    /** Kinds this device stays quiet for. */
    muted: jsonb('muted').$type<PushKind[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_devices_user_device').on(t.userId, t.deviceId),
    uniqueIndex('push_devices_endpoint').on(t.endpoint),
    uniqueIndex('push_devices_token').on(t.token),
    check('push_devices_transport_check', sqlIn(t.transport, PUSH_TRANSPORTS)),
    check(
      'push_devices_subscription_check',
      sql`(${t.transport} = 'webpush' and ${t.endpoint} is not null and ${t.p256dh} is not null and ${t.auth} is not null and ${t.token} is null)
        or (${t.transport} = 'fcm' and ${t.token} is not null and ${t.endpoint} is null)`,
    ),
  ],
);

/**
 * The push outbox: one row per device and notification, written in the transaction of the change it
 * announces (or withdraws), sent by the push dispatcher with retry and backoff. A row outlives its
 * device (device_id set null) so an order's history still says how many phones an escalation reached.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').references(() => pushDevices.id, { onDelete: 'set null' }),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    tag: text('tag').notNull(),
    /** Which step of the object it announces: an escalation's level (the history's "dikirim ke 3 ponsel" counts per level). */
    ref: text('ref'),
    /** The order an order's push is about (the history's "dikirim ke 3 ponsel"). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The PushPayload the device receives. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default(PUSH_MESSAGE_STATUS.PENDING),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** Past this it no longer matters: expired instead of sent. */
    expiresAt: tstz('expires_at').notNull(),
    sentAt: tstz('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_messages_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('push_messages_tag_idx').on(t.tag, t.deviceId),
    index('push_messages_order_idx').on(t.orderId).where(sql`order_id is not null`),
    check('push_messages_status_check', sqlIn(t.status, PUSH_MESSAGE_STATUSES)),
  ],
);
