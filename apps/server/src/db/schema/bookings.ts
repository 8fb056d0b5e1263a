import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BOOKING_STATUS } from '@gerai/contract';
import { orderIdRef, orderLines } from './orders';
import { products, stores } from './catalog';
import { createdAt, sqlIn, tstz, updatedAt } from './_columns';

const bookingStatuses = Object.values(BOOKING_STATUS);

/**
 * bookID: an order line short of a product books the missing units from a nearby store (decision 88).
 * `status` follows its detail's; a booking cancelled by the ordering store (or with its order) is
 * closed (`cancelledAt`) and no longer counts, whatever its detail's last status.
 */
export const stockBookings = pgTable(
  'stock_bookings',
  {
    id: serial('id').primaryKey(),
    bookingNo: text('booking_no').notNull(),
    orderId: orderIdRef(),
    /** The store that is short. */
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    /** The order line that is short. */
    lineId: integer('line_id').references(() => orderLines.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    /** Units booked (never more than the line lacked). */
    qtyOos: integer('qty_oos').notNull(),
    /** Offered to the same kelurahan (true) or the wider kecamatan (false). */
    isKelurahan: boolean('is_kelurahan').notNull().default(true),
    status: integer('status').notNull().default(BOOKING_STATUS.WAITING),
    /** No foreign key: who booked, kept as written. */
    createdBy: integer('created_by'),
    cancelledAt: tstz('cancelled_at'),
    cancelledBy: integer('cancelled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_bookings_booking_no_key').on(t.bookingNo),
    index('stock_bookings_store_status_idx').on(t.storeCode, t.status, t.createdAt),
    index('stock_bookings_store_created_idx').on(t.storeCode, t.createdAt),
    index('stock_bookings_order_idx').on(t.orderId),
    index('stock_bookings_product_idx').on(t.productId),
    check('stock_bookings_status_check', sqlIn(t.status, bookingStatuses)),
    check('stock_bookings_qty_positive', sql`${t.qtyOos} > 0`),
  ],
);

/**
 * bookDetID: the booking's offer, addressed to one store at a time (`storeCode`). 1131/1134 have no
 * taker yet; a refused offer is addressed again to another store (1134 → 1131, the refusing store kept
 * in `refusedBy`), so "any detail without a taker blocks the order" holds as the spec says.
 */
export const stockBookingDetails = pgTable(
  'stock_booking_details',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => stockBookings.id, { onDelete: 'cascade' }),
    /** The store the booking is offered to. */
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    status: integer('status').notNull().default(BOOKING_STATUS.WAITING),
    storeTaken: text('store_taken').references(() => stores.code),
    stockTaken: integer('stock_taken'),
    /** Stores that refused this booking, oldest first: never offered it again. */
    refusedBy: text('refused_by').array().notNull().default(sql`'{}'::text[]`),
    /** Why the last store refused. */
    refuseReason: text('refuse_reason'),
    takenAt: tstz('taken_at'),
    receivedAt: tstz('received_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_booking_details_booking_key').on(t.bookingId),
    index('stock_booking_details_store_status_idx').on(t.storeCode, t.status),
    check('stock_booking_details_status_check', sqlIn(t.status, bookingStatuses)),
    check('stock_booking_details_stock_taken_positive', sql`${t.stockTaken} is null or ${t.stockTaken} > 0`),
  ],
);
