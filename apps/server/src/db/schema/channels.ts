import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHANNEL_NOTICE_KINDS, CHANNEL_NOTICE_STATUS, CHANNEL_NOTICE_STATUSES } from '@gerai/contract';
import { orderIdRef } from './orders';
import { createdAt, sqlIn, tstz } from './_columns';

/**
 * Outbound notices to an order's sales channel (cancelled, return decided, refunded): written in the
 * transaction of the change they report, then sent by the channels module's dispatcher with retry
 * and backoff until the channel accepts, each shown in the order's history.
 */
export const channelNotices = pgTable(
  'channel_notices',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    shipmentNo: text('shipment_no').notNull(),
    storeCode: text('store_code').notNull(),
    appId: integer('app_id').notNull(),
    kind: text('kind').notNull(),
    /** The object the notice is about (the shipmentNo, `return:<id>`): one notice per kind and object. */
    ref: text('ref').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default(CHANNEL_NOTICE_STATUS.PENDING),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('channel_notices_once').on(t.kind, t.ref),
    index('channel_notices_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('channel_notices_order_idx').on(t.orderId),
    check('channel_notices_kind_check', sqlIn(t.kind, CHANNEL_NOTICE_KINDS)),
    check('channel_notices_status_check', sqlIn(t.status, CHANNEL_NOTICE_STATUSES)),
  ],
);
