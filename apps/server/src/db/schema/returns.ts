import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { RETURN_STATUS, RETURN_STATUSES } from '@gerai/contract';
import { orderLines, orders } from './orders';
import { products, stores } from './catalog';
import { users } from './auth';
import { createdAt, sqlIn, tstz, updatedAt } from './_columns';

/** Retur of a completed order; the receipt fields are its return POD. */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentNo: text('shipment_no').notNull(),
    /** The order's store, kept here so return lists are scoped without a join. */
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    deliveryType: smallint('delivery_type').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default(RETURN_STATUS.REQUESTED),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    receivedAt: tstz('received_at'),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open return per order ("Order sedang dalam pengajuan retur").
    uniqueIndex('returns_one_open_per_order').on(t.orderId).where(sql`status in ('requested', 'approved')`),
    index('returns_store_status_created_idx').on(t.storeCode, t.status, t.createdAt),
    index('returns_shipment_idx').on(t.shipmentNo),
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
  },
  (t) => [index('return_lines_return_idx').on(t.returnId), check('return_lines_qty_positive', sql`${t.qty} > 0`)],
);
