import { and, count, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { CHAT_MESSAGE_STATE, CHAT_SENDER, isChatReadOnly, type ChatMessage, type ChatMessagesQuery, type ChatRoom, type ChatSender } from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { chatMessages, chatRooms, orders, uploads, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';
import { toUpload } from '../../platform/uploads';

/** The audit entity of every chat change (its id is the shipmentNo). */
export const CHAT_ENTITY = 'chat';

/** What the chat needs of an order. */
export const chatOrderColumns = {
  id: orders.id,
  shipmentNo: orders.shipmentNo,
  orderNo: orders.orderNo,
  appId: orders.appId,
  storeCode: orders.storeCode,
  statusId: orders.statusId,
  customerName: orders.customerName,
};
export type ChatOrder = { id: number; shipmentNo: string; orderNo: string; appId: number; storeCode: string; statusId: number; customerName: string };

/**
 * The order of a chat, found by `where` (the caller's scope or the channel's orders). Not locked: a
 * message does not change the order and must not wait for its scans (decision 90).
 */
export async function findChatOrder(db: Reader, where: SQL | undefined): Promise<ChatOrder | null> {
  const [order] = await db.select(chatOrderColumns).from(orders).where(where).limit(1);
  return order ?? null;
}

/** An order the caller may see (another store's answers 404, like a missing one). */
export async function visibleChatOrder(db: Reader, p: Principal, shipmentNo: string): Promise<ChatOrder> {
  const order = await findChatOrder(db, and(eq(orders.shipmentNo, shipmentNo), storeScope(orders.storeCode, p)));
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}

export async function roomOf(db: Reader, orderId: number): Promise<typeof chatRooms.$inferSelect | null> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.orderId, orderId)).limit(1);
  return room ?? null;
}

export const messageColumns = {
  id: chatMessages.id,
  clientId: chatMessages.clientId,
  sender: chatMessages.sender,
  body: chatMessages.body,
  photoId: chatMessages.photoId,
  photoMime: uploads.mime,
  photoSize: uploads.size,
  authorName: users.name,
  createdAt: chatMessages.createdAt,
  deliveredAt: chatMessages.deliveredAt,
  failedAt: chatMessages.failedAt,
  readAt: chatMessages.readAt,
};

const messagesQuery = (db: Reader) =>
  db.select(messageColumns).from(chatMessages).leftJoin(uploads, eq(uploads.id, chatMessages.photoId)).leftJoin(users, eq(users.id, chatMessages.userId));
type MessageRow = Awaited<ReturnType<typeof messagesQuery>>[number];

/** A message's state from its timestamps (decision 90). */
export function messageState(m: Pick<MessageRow, 'sender' | 'deliveredAt' | 'failedAt' | 'readAt'>): ChatMessage['state'] {
  if (m.readAt) return CHAT_MESSAGE_STATE.READ;
  if (m.sender === CHAT_SENDER.CUSTOMER || m.deliveredAt) return CHAT_MESSAGE_STATE.DELIVERED;
  return m.failedAt ? CHAT_MESSAGE_STATE.FAILED : CHAT_MESSAGE_STATE.SENT;
}

export function toMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    clientId: m.clientId,
    sender: m.sender as ChatSender,
    body: m.body,
    photo: m.photoId && m.photoMime && m.photoSize !== null ? toUpload({ id: m.photoId, mime: m.photoMime, size: m.photoSize }) : null,
    state: messageState(m),
    authorName: m.sender === CHAT_SENDER.STORE ? (m.authorName ?? null) : null,
    createdAt: m.createdAt.toISOString(),
  };
}


export async function loadMessage(db: Reader, id: number): Promise<ChatMessage> {
  const [row] = await messagesQuery(db).where(eq(chatMessages.id, id)).limit(1);
  return toMessage(row!);
}

/** The newest `size` + 1 of a room's messages, or of those before `before` (the one more tells whether there are older). */
function messageRows(db: Reader, roomId: number, q: ChatMessagesQuery): Promise<MessageRow[]> {
  return messagesQuery(db)
    .where(and(eq(chatMessages.roomId, roomId), q.before ? lt(chatMessages.id, q.before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(q.size + 1);
}

/** The chat of an order as the crew sees it, from its room's id, the newest `size` + 1 messages and the unread count. */
function toRoom(order: ChatOrder, roomId: number | null, rows: MessageRow[], q: ChatMessagesQuery, unread: number): ChatRoom {
  return {
    roomId,
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    statusId: order.statusId,
    readOnly: isChatReadOnly(order.statusId),
    customerName: order.customerName,
    // Oldest first.
    items: rows.slice(0, q.size).reverse().map(toMessage),
    hasMore: rows.length > q.size,
    unread,
  };
}

export async function unreadCount(db: Reader, roomId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.sender, CHAT_SENDER.CUSTOMER), isNull(chatMessages.readAt)));
  return row?.n ?? 0;
}

/** The chat of an order as the crew sees it; a room not opened yet is empty. */
export async function roomView(db: Reader, order: ChatOrder, q: ChatMessagesQuery): Promise<ChatRoom> {
  const room = await roomOf(db, order.id);
  if (!room) return toRoom(order, null, [], q, 0);
  return toRoom(order, room.id, await messageRows(db, room.id, q), q, await unreadCount(db, room.id));
}

// GET /api/chat/rooms/:shipmentNo as prepared reads (decision 163): the order with its room in one
// statement (shape 'a' every store, 's' the caller's stores as one array value), then the page of
// messages (with or without `before`) beside the customer's unread count. The changes keep roomView,
// in their transaction.
const orderWithRoom = preparedRead('chat_order_room', (db, shape: 'a' | 's', as) =>
  db
    .select({ ...chatOrderColumns, roomId: chatRooms.id })
    .from(orders)
    .leftJoin(chatRooms, eq(chatRooms.orderId, orders.id))
    .where(and(eq(orders.shipmentNo, sql.placeholder('shipmentNo')), shape === 's' ? inScope(orders.storeCode) : undefined))
    .limit(1)
    .prepare(as),
);
const messagesRead = preparedRead('chat_messages', (db, shape: '' | 'b', as) =>
  messagesQuery(db)
    .where(and(eq(chatMessages.roomId, sql.placeholder('roomId')), shape === 'b' ? lt(chatMessages.id, sql.placeholder('before')) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare(as),
);
const unreadRead = preparedRead('chat_unread', (db, _shape: '', as) =>
  db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, sql.placeholder('roomId')), eq(chatMessages.sender, CHAT_SENDER.CUSTOMER), isNull(chatMessages.readAt)))
    .prepare(as),
);

/** GET /api/chat/rooms/:shipmentNo: what roomView answers, as prepared reads. */
export async function getRoom(db: Db, p: Principal, shipmentNo: string, q: ChatMessagesQuery): Promise<ChatRoom> {
  const scope = scopeKind(p);
  // No store to see: no order either (as storeScope's `false`).
  const [row] = scope === 'none' ? [] : await orderWithRoom(db, scope === 'all' ? 'a' : 's').execute({ shipmentNo, stores: scopeValue(p) });
  if (!row) throw new AppError('NOT_FOUND');
  const { roomId, ...order } = row;
  if (roomId === null) return toRoom(order, null, [], q, 0);
  const [rows, [unread]] = await Promise.all([
    messagesRead(db, q.before ? 'b' : '').execute({ roomId, before: q.before, limit: q.size + 1 }),
    unreadRead(db, '').execute({ roomId }),
  ]);
  return toRoom(order, roomId, rows, q, unread?.n ?? 0);
}

/**
 * A photo of a chat of one of the channel's orders (the signed link's GET): only a photo attached to
 * a message of a room whose order came from `appId`, else null (answered 404).
 */
export async function channelChatPhoto(db: Db, appId: number, photoId: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ mime: uploads.mime, bytes: uploads.bytes })
    .from(chatMessages)
    .innerJoin(uploads, eq(uploads.id, chatMessages.photoId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .innerJoin(orders, eq(orders.id, chatRooms.orderId))
    .where(and(eq(chatMessages.photoId, photoId), eq(orders.appId, appId)))
    .limit(1);
  return row ?? null;
}
