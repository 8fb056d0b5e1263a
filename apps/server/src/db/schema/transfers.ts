import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MAT_STATUS, MAT_STATUSES, TRANSFER_DISCREPANCY_REASONS, TRANSFER_LIMITS } from '@gerai/contract';
import { products, stores } from './catalog';
import { createdAt, sqlIn, tstz, updatedAt } from './_columns';

/**
 * MAT (decision 89): goods sent from one store to another. Sending moves them from the sender's sellable
 * stock to its in-transit bucket; the receiver confirms with the PIN (or the QR carrying it) and counts
 * what arrived; finishing moves them out of transit and the counted units into the receiver's stock.
 * The PIN is kept only as a scrypt hash; 5 wrong tries lock the transfer until a supervisor unlocks it.
 * User ids carry no foreign key: the transfer keeps who acted, as written.
 */
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
    /** scrypt$N$r$p$salt$hash of the PIN (db/password.ts); a new PIN replaces it. */
    pinHash: text('pin_hash').notNull(),
    /** Wrong PINs since it was issued or unlocked; at TRANSFER_LIMITS.pinMaxTries it locks. */
    pinFailures: integer('pin_failures').notNull().default(0),
    lockedAt: tstz('locked_at'),
    /** The receipt id the QR carries (`/confirm-mat/:status/:idTbsms`). */
    idTbsms: text('id_tbsms').notNull(),
    note: text('note'),
    createdBy: integer('created_by'),
    confirmedAt: tstz('confirmed_at'),
    confirmedBy: integer('confirmed_by'),
    finishedAt: tstz('finished_at'),
    finishedBy: integer('finished_by'),
    cancelledAt: tstz('cancelled_at'),
    cancelledBy: integer('cancelled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('material_transfers_mat_no_key').on(t.matNo),
    uniqueIndex('material_transfers_id_tbsms_key').on(t.idTbsms),
    index('material_transfers_sender_status_idx').on(t.senderStoreCode, t.status, t.createdAt),
    index('material_transfers_receiver_status_idx').on(t.receiverStoreCode, t.status, t.createdAt),
    check('material_transfers_status_check', sqlIn(t.status, MAT_STATUSES)),
    check('material_transfers_distinct_stores', sql`${t.senderStoreCode} <> ${t.receiverStoreCode}`),
    check('material_transfers_pin_failures_range', sql`${t.pinFailures} between 0 and ${sql.raw(String(TRANSFER_LIMITS.pinMaxTries))}`),
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
    /** Counted by the receiver when finishing; null before. */
    qtyReceived: integer('qty_received'),
    /** Why fewer arrived (TRANSFER_DISCREPANCY_REASONS), with a note for `other`. */
    discrepancyReason: text('discrepancy_reason'),
    discrepancyNote: text('discrepancy_note'),
  },
  (t) => [
    primaryKey({ columns: [t.transferId, t.productId] }),
    check('material_transfer_items_qty_positive', sql`${t.qtySent} > 0`),
    check('material_transfer_items_received_range', sql`${t.qtyReceived} is null or ${t.qtyReceived} between 0 and ${t.qtySent}`),
    check('material_transfer_items_reason_check', sql`${t.discrepancyReason} is null or ${sqlIn(t.discrepancyReason, TRANSFER_DISCREPANCY_REASONS)}`),
  ],
);
