import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUS, ORDER_STATUS_IDS, type DeliveryType, type OrderStatusId } from '@gerai/contract';
import { products, stores } from './catalog';
import { users } from './auth';
import { createdAt, sqlIn, tstz, updatedAt } from './_columns';

/** The QR a channel sends for isSendStore 'F' orders; used only when non-empty. */
export interface OrderQrCode {
  Head: unknown[];
  Body: unknown[];
}

/**
 * Totals: `price` = Σ line.price × (line.qty − line.qtyOos) + Σ paperBag.price × paperBag.qty.
 * Out-of-stock units are not charged; paper bags are.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    shipmentNo: text('shipment_no').notNull(),
    orderNo: text('order_no').notNull(),
    appId: integer('app_id').notNull(),
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code),
    /** The check below keeps it one of ORDER_STATUS. */
    statusId: integer('status_id').$type<OrderStatusId>().notNull(),
    /** DELIVERY_TYPE: 0 pickup at store, 1 delivered to the address. */
    deliveryType: smallint('delivery_type').$type<DeliveryType>().notNull(),
    paymentId: integer('payment_id').notNull(),
    price: integer('price').notNull(),
    billNo: text('bill_no'),
    qrCode: jsonb('qr_code').$type<OrderQrCode>(),
    qrAndroid: text('qr_android'),
    isSendStore: text('is_send_store').notNull().default('T'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerAddress: text('customer_address'),
    customerLat: doublePrecision('customer_lat'),
    customerLng: doublePrecision('customer_lng'),
    pickupCode: text('pickup_code').notNull(),
    note: text('note'),
    pickerUserId: integer('picker_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: tstz('claimed_at'),
    packedAt: tstz('packed_at'),
    completedAt: tstz('completed_at'),
    cancelledAt: tstz('cancelled_at'),
    /** Who cancelled it (the decider) and why (the request's reason), shown on the Batal list. */
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    archivedAt: tstz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Bumped on every change; transitions compare-and-set on it and on statusId. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('orders_shipment_no_key').on(t.shipmentNo),
    // Channel intake is idempotent on the channel's order number.
    uniqueIndex('orders_app_order_no_key').on(t.appId, t.orderNo),
    index('orders_store_status_created_idx').on(t.storeCode, t.statusId, t.createdAt),
    index('orders_store_created_idx').on(t.storeCode, t.createdAt),
    // orders_created_idx (created_at) covering what the recap reads (id, store_code, app_id, status_id,
    // picker_user_id, claimed_at, packed_at, completed_at): a range over many stores read index-only. Drizzle
    // cannot declare INCLUDE, so it lives in migration 0016 only; so does orders_cancelled_created_idx, the
    // cancelled orders (1106, 1107) by arrival with their store and reason (the recap's cancellations). The whole
    // chain's recap reads its kept daily figures instead (migration 0033, which dropped 0022's two month indexes).
    // orders_store_created_idx covers the same columns since migration 0026 (INCLUDE, declared there): one store's range
    // is read index-only, not the chain's.
    // Covers the order list's channel facet and the per-status counts (index-only scans).
    index('orders_store_status_app_idx').on(t.storeCode, t.statusId, t.appId),
    index('orders_order_no_idx').on(t.orderNo),
    // Monitoring and the escalation job: the orders still in work (and done or cancelled, not yet archived) per status,
    // oldest first; a few thousand entries however many orders are archived, read index-only.
    index('orders_live_status_created_idx')
      .on(t.statusId, t.createdAt, t.storeCode)
      .where(sqlIn(t.statusId, [ORDER_STATUS.NEW, ORDER_STATUS.PACKING, ORDER_STATUS.IN_PROGRESS, ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED])),
    // The same orders per store: an area's oldest late orders of a status stop at their limit instead of reading the store's every order of it.
    index('orders_live_store_status_created_idx')
      .on(t.storeCode, t.statusId, t.createdAt)
      .where(sqlIn(t.statusId, [ORDER_STATUS.NEW, ORDER_STATUS.PACKING, ORDER_STATUS.IN_PROGRESS, ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED])),
    check('orders_status_check', sqlIn(t.statusId, ORDER_STATUS_IDS)),
    check('orders_delivery_type_check', sqlIn(t.deliveryType, [0, 1])),
    check('orders_is_send_store_check', sqlIn(t.isSendStore, ['T', 'F'])),
    check('orders_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

/**
 * How many orders each store has per status, kept by triggers on `orders`
 * (migration 0002): the count badges, read on every screen of every phone,
 * read a handful of rows instead of counting a busy store's orders.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    storeCode: text('store_code').notNull(),
    statusId: integer('status_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeCode, t.statusId] }),
    // Monitoring's status tiles over the whole chain: the stores with the most orders of a status, first.
    index('order_status_counts_tile_idx').on(t.statusId, t.n.desc().nullsFirst(), t.storeCode).where(sql`${t.n} > 0`),
  ],
);

/** An order's id in a row that belongs to it: gone with the order. One definition for every such table. */
export const orderIdRef = () =>
  integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    barcode: text('barcode').notNull(),
    name: text('name').notNull(),
    /** Unit price at the time of the order. */
    price: integer('price').notNull(),
    /** Ordered quantity. */
    qty: integer('qty').notNull(),
    qtyPicked: integer('qty_picked').notNull().default(0),
    /** attrQtyOos. */
    qtyOos: integer('qty_oos').notNull().default(0),
    qtyEdit: integer('qty_edit'),
  },
  (t) => [
    // order_lines_order_idx (order_id) covering product_id, qty and qty_oos (the recap's out of stock,
    // index-only): migration 0016 only, since Drizzle cannot declare INCLUDE.
    // One line per product: scanning the same product again updates that line.
    uniqueIndex('order_lines_order_product_key').on(t.orderId, t.productId),
    check('order_lines_qty_positive', sql`${t.qty} > 0`),
    check('order_lines_qty_picked_nonnegative', sql`${t.qtyPicked} >= 0`),
    check('order_lines_qty_oos_nonnegative', sql`${t.qtyOos} >= 0`),
    check('order_lines_resolved_within_qty', sql`${t.qtyPicked} + ${t.qtyOos} <= ${t.qty}`),
    check('order_lines_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export const orderPaperBags = pgTable(
  'order_paper_bags',
  {
    orderId: orderIdRef(),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    qty: integer('qty').notNull(),
    /** Unit price at the time it was added; counted in the order total. */
    price: integer('price').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] }), check('order_paper_bags_qty_positive', sql`${t.qty} > 0`)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    /** Null for the intake row. */
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    /** Null when the system or a channel acted. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

export const orderScans = pgTable(
  'order_scans',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    // No foreign keys on line and user: every scan writes this log, and a key check locks the referenced row.
    lineId: integer('line_id'),
    barcode: text('barcode').notNull(),
    result: text('result').notNull(),
    reason: text('reason'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_scans_order_idx').on(t.orderId, t.createdAt), check('order_scans_result_check', sqlIn(t.result, ['accepted', 'rejected']))],
);
