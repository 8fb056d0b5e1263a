import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { ESCALATION_LEVELS, type EscalationLevel } from '@gerai/contract';
import { orderIdRef } from './orders';
import { createdAt, sqlIn } from './_columns';

/**
 * The escalations of new orders nobody claimed in time (ESCALATION_LEVEL): one row per order and
 * level reached. The primary key makes each level happen once, however many processes run the job.
 */
export const orderEscalations = pgTable(
  'order_escalations',
  {
    orderId: orderIdRef(),
    level: smallint('level').$type<EscalationLevel>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.level] }),
    check('order_escalations_level_check', sqlIn(t.level, ESCALATION_LEVELS)),
  ],
);

/**
 * Monitoring's figures that do not move with the clock, kept in the transaction that changes them by a
 * trigger on order_status_counts (migration 0018), so the whole chain's snapshot reads a handful of rows
 * instead of every order in work (issue 27).
 *
 * Per store: its open orders (MONITORED_STATUSES), in all and per status (n, in that order), and the store's name
 * (migration 0030: kept by triggers on stores), so a listed store of the chain's "Per toko" is this one row. The
 * chain's store ranking walks the index, most open work first; a store without open orders stays out of it.
 */
export const monitoringStoreOpen = pgTable(
  'monitoring_store_open',
  {
    storeCode: text('store_code').primaryKey(),
    open: integer('open').notNull().default(0),
    n: integer('n').array().notNull().default(sql`'{0,0,0}'`),
    /** The name of the store of this code (null: none). */
    name: text('name'),
  },
  (t) => [index('monitoring_store_open_rank_idx').on(t.open.desc().nullsFirst(), t.storeCode).where(sql`${t.open} > 0`)],
);

/**
 * The chain's totals per status, one array entry per status of MONITORING_STATUSES (in its order): orders (n) and
 * stores with at least one (stores, each tile's storeTotal). Split over 16 slots, summed at read: a transaction adds
 * its changes to its backend's slot at commit, so no one row is taken by every change of the chain, and each
 * transaction takes one slot row only, after all its other locks (nothing to deadlock on).
 */
export const monitoringStatusSlots = pgTable('monitoring_status_slots', {
  slot: smallint('slot').primaryKey(),
  n: integer('n').array().notNull(),
  stores: integer('stores').array().notNull(),
});

/**
 * How many stores the chain has (one row), kept by a statement trigger on stores in the changing transaction
 * (migration 0024): the whole chain's monitoring reads it instead of counting every store on every read, a cost
 * that grew with the chain (issue 27).
 */
export const monitoringStoreCount = pgTable(
  'monitoring_store_count',
  {
    one: boolean('one').primaryKey().default(true),
    n: integer('n').notNull(),
  },
  (t) => [check('monitoring_store_count_one_row', sql`${t.one}`)],
);
