import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CANCEL_REQUEST_STATUS, CANCEL_REQUEST_STATUSES } from '@gerai/contract';
import { orderIdRef } from './orders';
import { users } from './auth';
import { createdAt, sqlIn, tstz } from './_columns';

/** The API appends "Lainnya" (free text), so it is not stored. */
export const cancelReasons = pgTable('cancel_reasons', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const cancelRequests = pgTable(
  'cancel_requests',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    /**
     * The order's store, written on every insert by a trigger (migrations 0029, 0031) and kept if the order
     * moves, so a store's requests of a status are read without its orders. The default only lets an insert leave it out.
     */
    storeCode: text('store_code').notNull().default(sql`null`),
    /** Null with reasonText means "Lainnya". */
    reasonId: integer('reason_id').references(() => cancelReasons.id),
    reasonText: text('reason_text'),
    /** The order's status when it was asked for (a decider sees what stage the goods were in). */
    requestedInStatus: integer('requested_in_status'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default(CANCEL_REQUEST_STATUS.PENDING),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cancel_requests_one_pending').on(t.orderId).where(sql`status = 'pending'`),
    // The order detail (a hot path) reads an order's latest request.
    index('cancel_requests_order_idx').on(t.orderId, t.createdAt),
    index('cancel_requests_status_created_idx').on(t.status, t.createdAt),
    // A store's tab of one status (its page in the decided tabs' order, and its count).
    index('cancel_requests_store_status_idx').on(t.storeCode, t.status, t.decidedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('cancel_requests_status_check', sqlIn(t.status, CANCEL_REQUEST_STATUSES)),
  ],
);
