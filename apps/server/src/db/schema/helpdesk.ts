import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACTIVE_TICKET_STATUSES, TICKET_ATTACHMENT_TYPES, TICKET_STATUS, TICKET_STATUSES } from '@gerai/contract';
import { orders } from './orders';
import { stores } from './catalog';
import { users } from './auth';
import { bytea, createdAt, sqlIn, tstz, updatedAt } from './_columns';

export const problems = pgTable('problems', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    shipmentNo: text('shipment_no').notNull(),
    orderNo: text('order_no'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    description: text('description').notNull(),
    staffName: text('staff_name').notNull(),
    /** The order's channel (appId). */
    applicationId: integer('application_id'),
    problemId: integer('problem_id').references(() => problems.id),
    status: text('status').notNull().default(TICKET_STATUS.OPEN),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was last resolved: the store may reopen it within TICKET_REOPEN_DAYS of this. */
    resolvedAt: tstz('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one active ticket per shipment (SHIPMENT_HAS_ACTIVE_TICKET).
    uniqueIndex('tickets_one_active_per_shipment')
      .on(t.shipmentNo)
      .where(sql.raw(`status in (${ACTIVE_TICKET_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    index('tickets_store_created_idx').on(t.storeCode, t.createdAt),
    index('tickets_status_idx').on(t.status),
    check('tickets_status_check', sqlIn(t.status, TICKET_STATUSES)),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => ticketComments.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** A random id of the stored bytes, never derived from the sender's file name. */
    storageKey: text('storage_key').notNull(),
    /** The file itself, in the database like uploads (decision 94): every process and every backup has it. */
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    uniqueIndex('ticket_attachments_storage_key').on(t.storageKey),
    check('ticket_attachments_size_nonnegative', sql`${t.sizeBytes} >= 0`),
    check('ticket_attachments_mime_check', sqlIn(t.mimeType, TICKET_ATTACHMENT_TYPES)),
  ],
);
