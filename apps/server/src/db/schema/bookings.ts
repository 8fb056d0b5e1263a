import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BOOKING_STATUS } from '@gerai/contract';
import { orders } from './orders';
import { products, stores } from './catalog';
import { createdAt, sqlIn, updatedAt } from './_columns';

const bookingStatuses = Object.values(BOOKING_STATUS);

/** bookID: an order short of a product books it from nearby stores. */
export const stockBookings = pgTable(
  'stock_bookings',
  {
    id: serial('id').primaryKey(),
    bookingNo: text('booking_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The store that is short. */
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    qtyOos: integer('qty_oos').notNull(),
    /** Offered to the same kelurahan (true) or the wider kecamatan (false). */
    isKelurahan: boolean('is_kelurahan').notNull().default(true),
    status: integer('status').notNull().default(BOOKING_STATUS.WAITING),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_bookings_booking_no_key').on(t.bookingNo),
    index('stock_bookings_store_created_idx').on(t.storeCode, t.createdAt),
    index('stock_bookings_order_idx').on(t.orderId),
    index('stock_bookings_product_idx').on(t.productId),
    check('stock_bookings_status_check', sqlIn(t.status, bookingStatuses)),
    check('stock_bookings_qty_positive', sql`${t.qtyOos} > 0`),
  ],
);

/** bookDetID: one offer of a booking to one store. 1131/1134 have no taker yet. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stock_booking_details_booking_idx').on(t.bookingId),
    index('stock_booking_details_store_status_idx').on(t.storeCode, t.status),
    check('stock_booking_details_status_check', sqlIn(t.status, bookingStatuses)),
    check('stock_booking_details_stock_taken_positive', sql`${t.stockTaken} is null or ${t.stockTaken} > 0`),
  ],
);
