import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './auth';
import { createdAt, sqlIn, tstz } from './_columns';

/** One room per shipment between the store and the customer. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentNo: text('shipment_no').notNull(),
    orderNo: text('order_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_rooms_order_key').on(t.orderId), index('chat_rooms_shipment_idx').on(t.shipmentNo)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    /** The crew member who wrote it; null for the customer. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id), check('chat_messages_sender_check', sqlIn(t.sender, ['store', 'customer']))],
);
