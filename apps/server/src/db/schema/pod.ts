import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { POD_APPROVAL_STATUS, POD_APPROVAL_STATUSES } from '@gerai/contract';
import { orderIdRef } from './orders';
import { users } from './auth';
import { createdAt, sqlIn, tstz } from './_columns';

/** Reason lists; the API appends "Lainnya" (free text), so it is not stored. */
export const podRequestReasons = pgTable('pod_request_reasons', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const podRejectReasons = pgTable('pod_reject_reasons', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Scan-and-go proof of delivery, named as the spec's POD payload. */
export const podRecords = pgTable(
  'pod_records',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    shipmentNo: text('shipment_no').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    /** GPS accuracy in metres as the phone reported it. */
    accuracy: doublePrecision('accuracy'),
    receiverName: text('receiver_name').notNull(),
    receiverRelation: text('receiver_relation').notNull(),
    receiverOther: text('receiver_other'),
    /** True when the position was within the radius of the customer's coordinates. */
    isValidate: boolean('is_validate').notNull(),
    plasticQty: integer('plastic_qty').notNull().default(0),
    /** Distance from the customer's coordinates in metres. */
    distanceM: doublePrecision('distance_m'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the phone took the position (null: recorded before capture times were kept). */
    capturedAt: tstz('captured_at'),
    /**
     * When the server received the position and decided on it (scan and go), or the approved
     * request's arrival. `created_at` is when this record was written (for an approval, the decision).
     */
    receivedAt: tstz('received_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pod_records_order_key').on(t.orderId), index('pod_records_shipment_idx').on(t.shipmentNo)],
);

export const podApprovalRequests = pgTable(
  'pod_approval_requests',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    /**
     * The order's store, written by the trigger of migration 0031 on every insert (and kept if an order
     * moved), so a store's queue is read from its own index without its orders. The default only lets an insert leave it out.
     */
    storeCode: text('store_code').notNull().default(sql`null`),
    shipmentNo: text('shipment_no').notNull(),
    deliveryType: smallint('delivery_type').notNull(),
    /** The POD being approved: 'order' (delivery) or 'retur' (goods coming back). */
    type: text('type').notNull().default('order'),
    /** Null with reasonText means "Lainnya". */
    reasonId: integer('reason_id').references(() => podRequestReasons.id),
    reasonText: text('reason_text'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    distanceM: doublePrecision('distance_m'),
    /** When the phone took the position; `request_date` is when the request arrived. Null for requests from before. */
    capturedAt: tstz('captured_at'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default(POD_APPROVAL_STATUS.PENDING),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    rejectReasonId: integer('reject_reason_id').references(() => podRejectReasons.id),
    rejectReasonText: text('reject_reason_text'),
    requestDate: tstz('request_date').notNull().defaultNow(),
  },
  (t) => [
    // At most one pending request per order: a second one is the spec's "Pengajuan POD sudah dilakukan".
    uniqueIndex('pod_approval_requests_one_pending').on(t.orderId).where(sql`status = 'pending'`),
    index('pod_approval_requests_status_date_idx').on(t.status, t.requestDate),
    index('pod_approval_requests_shipment_idx').on(t.shipmentNo),
    // The recap's POD exceptions by reason over a range of days, whatever their status.
    index('pod_approval_requests_request_date_idx').on(t.requestDate),
    // A store's queue, newest (or oldest) first: walked in its order and cut at the page.
    index('pod_approval_requests_store_date_idx').on(t.storeCode, t.requestDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('pod_approval_requests_status_check', sqlIn(t.status, POD_APPROVAL_STATUSES)),
  ],
);
