import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { STOCK_CAUSES, STOCK_CONDITIONS } from '@gerai/contract';
import { storeProductRefs } from './catalog';
import { createdAt, sqlIn } from './_columns';

/**
 * The stock ledger: every change to a store's stock is one row here, written in the same transaction
 * as its cause (the stock module's moveStock is the only writer of this and of store_stock.qty).
 * `ref` names the cause's object (the shipmentNo, `return:<id>`); a cause moves a product once per
 * object, so a retried or raced restore cannot add the goods twice.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...storeProductRefs(),
    /** Units in (+) or out (−) of the bucket. */
    delta: integer('delta').notNull(),
    /** STOCK_CONDITION: the sellable or the damaged count. */
    condition: text('condition').notNull(),
    /** STOCK_CAUSE. */
    cause: text('cause').notNull(),
    ref: text('ref'),
    /** No foreign key: an append-only log keeps the ids it was written with. */
    actorUserId: integer('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_store_product_idx').on(t.storeCode, t.productId, t.createdAt),
    uniqueIndex('stock_movements_once').on(t.cause, t.ref, t.storeCode, t.productId, t.condition).where(sql`ref is not null`),
    check('stock_movements_cause_check', sqlIn(t.cause, STOCK_CAUSES)),
    check('stock_movements_condition_check', sqlIn(t.condition, STOCK_CONDITIONS)),
    check('stock_movements_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);
