import { and, count, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { CHAT_MESSAGE_STATE, CHAT_SENDER, isChatReadOnly, type ChatMessage, type ChatMessagesQuery, type ChatRoom, type ChatSender } from '@gerai/contract';
import type { Db, Reader } from '../../db/client';
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

/** A page of a room's messages, oldest first: the newest `size`, or those before `before`. */
async function messagePage(db: Reader, roomId: number, q: ChatMessagesQuery): Promise<{ items: ChatMessage[]; hasMore: boolean }> {
  const rows = await messagesQuery(db)
    .where(and(eq(chatMessages.roomId, roomId), q.before ? lt(chatMessages.id, q.before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(q.size + 1);
  return { items: rows.slice(0, q.size).reverse().map(toMessage), hasMore: rows.length > q.size };
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
  const page = room ? await messagePage(db, room.id, q) : { items: [], hasMore: false };
  return {
    roomId: room?.id ?? null,
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    statusId: order.statusId,
    readOnly: isChatReadOnly(order.statusId),
    customerName: order.customerName,
    ...page,
    unread: room ? await unreadCount(db, room.id) : 0,
  };
}

/** GET /api/chat/rooms/:shipmentNo. */
export async function getRoom(db: Db, p: Principal, shipmentNo: string, q: ChatMessagesQuery): Promise<ChatRoom> {
  return roomView(db, await visibleChatOrder(db, p, shipmentNo), q);
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
