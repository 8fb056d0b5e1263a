import { bigint, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/*
 * The whole chain's recap figures per WIB day of arrival, kept in the transaction that changes an order or a line
 * by triggers on orders and order_lines (migration 0033; decision 169): the chain's recap of a month reads a few
 * thousand of these rows instead of every order of the month and its lines (2,000,000 at 20,000 stores). A store's
 * or an area's recap still reads its own orders. The counters are split over 16 slots by backend (as
 * monitoring_status_slots), summed at read: no one row is taken by every intake of the chain. The completion
 * times are a histogram in tenths of a minute, one row per value (each completion adds to one row; slots would
 * multiply the rows sixteenfold).
 */

/** Orders per arrival day, channel and current status. */
export const recapChainCounts = pgTable(
  'recap_chain_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appId: integer('app_id').notNull(),
    statusId: integer('status_id').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appId, t.statusId, t.slot] })],
);

/** The cancelled orders (1106, 1107) per arrival day and cancel reason as written ('' for none). */
export const recapChainCancels = pgTable(
  'recap_chain_cancels',
  {
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.reason, t.slot] })],
);

/** The completed orders per arrival day and tenths of a minute (6 s) from arrival to completed. */
export const recapChainCompletion = pgTable(
  'recap_chain_completion',
  {
    day: date('day', { mode: 'string' }).notNull(),
    tenths: integer('tenths').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.tenths] })],
);

/** The order lines per arrival day of their order and product: units ordered and short, lines and short lines. */
export const recapChainProducts = pgTable(
  'recap_chain_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    slot: smallint('slot').notNull(),
    orderedQty: bigint('ordered_qty', { mode: 'number' }).notNull(),
    oosQty: bigint('oos_qty', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
    oosLines: integer('oos_lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.slot] })],
);
