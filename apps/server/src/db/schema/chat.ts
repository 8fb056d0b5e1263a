import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHAT_SENDERS } from '@gerai/contract';
import { orderIdRef } from './orders';
import { users } from './auth';
import { uploads } from './platform';
import { createdAt, sqlIn, tstz } from './_columns';

/** One room per shipment between the store and the customer, opened on first use by either side. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    orderId: orderIdRef(),
    shipmentNo: text('shipment_no').notNull(),
    orderNo: text('order_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_rooms_order_key').on(t.orderId), index('chat_rooms_shipment_idx').on(t.shipmentNo)],
);

/**
 * A message either way. Its state is its timestamps (decision 90): a store message is sent, then
 * delivered (the channel accepted its notice) or failed (the notice was given up on), then read (the
 * channel's receipt); a customer message is read once the crew had the room open.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The sender's own id (the phone's UUID, `<appId>:<channel's id>`): a retried send finds its message. */
    clientId: text('client_id').notNull().default(sql`gen_random_uuid()::text`),
    sender: text('sender').notNull(),
    /** The crew member who wrote it; null for the customer. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for a photo without words. */
    body: text('body'),
    photoId: uuid('photo_id').references(() => uploads.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deliveredAt: tstz('delivered_at'),
    failedAt: tstz('failed_at'),
    readAt: tstz('read_at'),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    uniqueIndex('chat_messages_client_key').on(t.roomId, t.clientId),
    check('chat_messages_sender_check', sqlIn(t.sender, CHAT_SENDERS)),
    check('chat_messages_content_check', sql`${t.body} is not null or ${t.photoId} is not null`),
  ],
);
