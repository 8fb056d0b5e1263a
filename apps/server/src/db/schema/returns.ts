import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RETURN_OPEN_STATUSES, RETURN_STATUS, RETURN_STATUSES, RETURN_STOCK_CONDITIONS } from '@gerai/contract';
import { orderIdRef, orderLines } from './orders';
import { products, stores } from './catalog';
import { users } from './auth';
import { uploads } from './platform';
import { createdAt, sqlIn, tstz, updatedAt } from './_columns';

/** The API appends "Lainnya" (free text), so it is not stored. */
export const returnReasons = pgTable('return_reasons', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Retur of a completed order; the receipt fields are its return POD. */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    shipmentNo: text('shipment_no').notNull(),
    /** The order's store, kept here so return lists are scoped without a join. */
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    deliveryType: smallint('delivery_type').notNull(),
    /** What to show: the reason's label, or the free text of "Lainnya". */
    reason: text('reason').notNull(),
    /** Null with reasonText means "Lainnya" (and for returns recorded before reasons were listed). */
    reasonId: integer('reason_id').references(() => returnReasons.id),
    reasonText: text('reason_text'),
    decisionNote: text('decision_note'),
    status: text('status').notNull().default(RETURN_STATUS.REQUESTED),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    receivedAt: tstz('received_at'),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: tstz('refunded_at'),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    // The return POD: where a delivered order's goods were collected and from whom.
    collectedAt: tstz('collected_at'),
    collectedBy: integer('collected_by').references(() => users.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracy: doublePrecision('accuracy'),
    distanceM: doublePrecision('distance_m'),
    capturedAt: tstz('captured_at'),
    receiverName: text('receiver_name'),
    receiverRelation: text('receiver_relation'),
    receiverOther: text('receiver_other'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open return per order ("Order sedang dalam pengajuan retur").
    uniqueIndex('returns_one_open_per_order').on(t.orderId).where(sqlIn(t.status, RETURN_OPEN_STATUSES)),
    index('returns_store_status_created_idx').on(t.storeCode, t.status, t.createdAt),
    index('returns_shipment_idx').on(t.shipmentNo),
    // An order's latest return (a return POD's detail, the collect step): a probe, not a scan of every return.
    index('returns_order_created_idx').on(t.orderId, t.createdAt),
    // The recap's returns by reason over a range of days, across the caller's stores.
    index('returns_created_idx').on(t.createdAt),
    check('returns_status_check', sqlIn(t.status, RETURN_STATUSES)),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    qty: integer('qty').notNull(),
    qtyReceived: integer('qty_received'),
    /** Where the received units went: STOCK_CONDITION. */
    condition: text('condition'),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    check('return_lines_qty_positive', sql`${t.qty} > 0`),
    check('return_lines_received_within_qty', sql`${t.qtyReceived} is null or (${t.qtyReceived} >= 0 and ${t.qtyReceived} <= ${t.qty})`),
    check('return_lines_condition_check', sql`${t.condition} is null or ${sqlIn(t.condition, RETURN_STOCK_CONDITIONS)}`),
  ],
);

/** The photos of a return: uploads attached to it when it was recorded. */
export const returnPhotos = pgTable(
  'return_photos',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.uploadId] }), uniqueIndex('return_photos_upload_key').on(t.uploadId)],
);
