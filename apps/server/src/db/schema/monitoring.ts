import { check, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
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
