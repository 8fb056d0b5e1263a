import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MAT_STATUS, MAT_STATUSES } from '@gerai/contract';
import { products, stores } from './catalog';
import { users } from './auth';
import { createdAt, sqlIn, tstz, updatedAt } from './_columns';

/** MAT: goods sent from one store to another; the receiver confirms with the PIN or QR. */
export const materialTransfers = pgTable(
  'material_transfers',
  {
    id: serial('id').primaryKey(),
    matNo: text('mat_no').notNull(),
    senderStoreCode: text('sender_store_code')
      .notNull()
      .references(() => stores.code),
    receiverStoreCode: text('receiver_store_code')
      .notNull()
      .references(() => stores.code),
    status: text('status').notNull().default(MAT_STATUS.NEW),
    pin: text('pin').notNull(),
    qrToken: text('qr_token').notNull(),
    idTbsms: text('id_tbsms').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: tstz('sent_at'),
    receivedAt: tstz('received_at'),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: tstz('cancelled_at'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('material_transfers_mat_no_key').on(t.matNo),
    uniqueIndex('material_transfers_id_tbsms_key').on(t.idTbsms),
    uniqueIndex('material_transfers_qr_token_key').on(t.qrToken),
    index('material_transfers_sender_status_idx').on(t.senderStoreCode, t.status, t.createdAt),
    index('material_transfers_receiver_status_idx').on(t.receiverStoreCode, t.status, t.createdAt),
    check('material_transfers_status_check', sqlIn(t.status, MAT_STATUSES)),
    check('material_transfers_distinct_stores', sql`${t.senderStoreCode} <> ${t.receiverStoreCode}`),
  ],
);

export const materialTransferItems = pgTable(
  'material_transfer_items',
  {
    transferId: integer('transfer_id')
      .notNull()
      .references(() => materialTransfers.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    qtySent: integer('qty_sent').notNull(),
    qtyReceived: integer('qty_received'),
  },
  (t) => [
    primaryKey({ columns: [t.transferId, t.productId] }),
    check('material_transfer_items_qty_positive', sql`${t.qtySent} > 0`),
    check('material_transfer_items_received_nonnegative', sql`${t.qtyReceived} is null or ${t.qtyReceived} >= 0`),
  ],
);
