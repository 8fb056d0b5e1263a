import { eq } from 'drizzle-orm';
import {
  CHAT_SENDER,
  chatMessageRef,
  chatReadRef,
  isChatReadOnly,
  type ChatMessage,
  type ChatNoticeData,
  type ChatReadNoticeData,
  type ChatReadResult,
  type ChatRoom,
  type ChatSendBody,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { chatMessages } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';
import { attachUploads } from '../../platform/uploads';
import { enqueueChannelNotice } from '../channels';
import { signPhotoLink } from './photo-link';
import { CHAT_ENTITY, loadMessage, roomOf, roomView, unreadCount, visibleChatOrder, type ChatOrder } from './queries';
import { afterLostRace, assertWritable, ensureRoom, existingMessage, isClientIdTaken, markRead, openRoomOnce } from './writes';

const FIRST_PAGE = { size: 50 } as const;

/** The channel's signed link to a store photo; none when the channel has no secret (it could not verify one). */
function photoLinkFor(secrets: Readonly<Record<string, string>>, appId: number, photoId: string): { url: string | null; expiresAt: string | null } {
  const secret = secrets[String(appId)];
  return secret ? signPhotoLink(secret, appId, photoId) : { url: null, expiresAt: null };
}

/**
 * POST /api/chat/rooms/:shipmentNo/:orderNo: the shipment's room, opened on first use; the same room
 * (and no new event) every later time. The orderNo must be the shipment's (else 404). An order in
 * history gets its room as it is, read only; nothing is opened for it.
 */
export async function openRoom(db: Db, p: Principal, shipmentNo: string, orderNo: string): Promise<{ room: ChatRoom; created: boolean }> {
  return db.transaction(async (tx) => {
    const order = await visibleChatOrder(tx, p, shipmentNo);
    if (order.orderNo !== orderNo) throw new AppError('NOT_FOUND');
    const existed = (await roomOf(tx, order.id)) !== null;
    const opened = !existed && !isChatReadOnly(order.statusId) ? await openRoomOnce(tx, order, CHAT_SENDER.STORE, p.userId) : null;
    // Nothing written (the room was there, or another phone opened it first): the key is still answered once.
    if (!opened?.created) await markKeyApplied(tx);
    return { room: await roomView(tx, order, FIRST_PAGE), created: opened?.created ?? false };
  });
}

/**
 * POST /api/chat/rooms/:shipmentNo/messages: a store message, in one transaction: the room (opened if
 * need be), the photo attached (an upload of the order's store not used yet, else 422), the message,
 * its `chat.message` notice to the channel and the `chat.message.created` event. The phone's
 * `messageId` makes a retry, under any Idempotency-Key, answer the same message without writing.
 * An order in history answers 409 CHAT_READ_ONLY.
 */
export async function sendStoreMessage(
  db: Db,
  p: Principal,
  shipmentNo: string,
  body: ChatSendBody,
  channelSecrets: Readonly<Record<string, string>>,
): Promise<{ message: ChatMessage; created: boolean }> {
  const content = { body: body.body ?? null, photoId: body.photoId ?? null };
  const write = db.transaction(async (tx) => {
    const order = await visibleChatOrder(tx, p, shipmentNo);
    const room = await roomOf(tx, order.id);
    const replay = room ? await existingMessage(tx, room.id, body.messageId, content) : null;
    if (replay) {
      await markKeyApplied(tx);
      return { message: replay, created: false };
    }
    assertWritable(order);
    const roomId = room?.id ?? (await ensureRoom(tx, order, CHAT_SENDER.STORE, p.userId));
    if (content.photoId && !(await attachUploads(tx, [content.photoId], order.storeCode, `chat:${order.shipmentNo}`))) throw new AppError('CHAT_PHOTO_UNKNOWN');
    const [row] = await tx
      .insert(chatMessages)
      .values({ roomId, clientId: body.messageId, sender: CHAT_SENDER.STORE, userId: p.userId, ...content })
      .returning({ id: chatMessages.id });
    const message = await loadMessage(tx, row!.id);
    const data: ChatNoticeData = {
      roomId,
      orderNo: order.orderNo,
      messageId: message.id,
      clientId: message.clientId,
      body: message.body,
      photo: message.photo ? { id: message.photo.id, mime: message.photo.mime, size: message.photo.size, ...photoLinkFor(channelSecrets, order.appId, message.photo.id) } : null,
      authorName: message.authorName,
      createdAt: message.createdAt,
    };
    await enqueueChannelNotice(tx, {
      orderId: order.id,
      shipmentNo: order.shipmentNo,
      storeCode: order.storeCode,
      appId: order.appId,
      kind: 'chat.message',
      ref: chatMessageRef(message.id),
      payload: { ...data },
    });
    await recordChange(
      tx,
      { actorUserId: p.userId, entity: CHAT_ENTITY, entityId: order.shipmentNo, action: 'send', toValue: chatMessageRef(message.id), reason: content.photoId ? 'photo' : null },
      { storeCode: order.storeCode, type: 'chat.message.created', payload: { shipmentNo: order.shipmentNo, roomId, message } },
    );
    return { message, created: true };
  });
  return write.catch((err: unknown) =>
    afterLostRace(
      db,
      err,
      (e) => isClientIdTaken(e) || (content.photoId !== null && e instanceof AppError && e.code === 'CHAT_PHOTO_UNKNOWN'),
      async (tx) => {
        const room = await roomOf(tx, (await visibleChatOrder(tx, p, shipmentNo)).id);
        const message = room ? await existingMessage(tx, room.id, body.messageId, content) : null;
        return message ? { message, created: false } : null;
      },
    ),
  );
}

/**
 * Tells the channel, through the outbox, that the crew read the customer's messages up to `upToId`
 * (kind `chat.read`, one per room and newest message read: a replay queues nothing new).
 */
async function enqueueReadNotice(tx: Tx, order: ChatOrder, roomId: number, upToId: number): Promise<void> {
  const [newest] = await tx.select({ clientId: chatMessages.clientId, readAt: chatMessages.readAt }).from(chatMessages).where(eq(chatMessages.id, upToId)).limit(1);
  const data: ChatReadNoticeData = {
    roomId,
    orderNo: order.orderNo,
    upToId,
    // The channel's own id: Gerai stored it as "<appId>:<its id>".
    upToMessageId: newest!.clientId.slice(`${order.appId}:`.length),
    readAt: (newest!.readAt ?? new Date()).toISOString(),
  };
  await enqueueChannelNotice(tx, {
    orderId: order.id,
    shipmentNo: order.shipmentNo,
    storeCode: order.storeCode,
    appId: order.appId,
    kind: 'chat.read',
    ref: chatReadRef(roomId, upToId),
    payload: { ...data },
  });
}

/** POST /api/chat/rooms/:shipmentNo/read: the crew had the room open and saw the customer's messages up to `upToId`. */
export async function markCustomerRead(db: Db, p: Principal, shipmentNo: string, upToId: number): Promise<ChatReadResult> {
  return db.transaction(async (tx) => {
    const order = await visibleChatOrder(tx, p, shipmentNo);
    const room = await roomOf(tx, order.id);
    if (!room) throw new AppError('CHAT_ROOM_NOT_FOUND');
    const ids = await markRead(tx, order, room.id, CHAT_SENDER.CUSTOMER, upToId, p.userId);
    if (ids.length > 0) await enqueueReadNotice(tx, order, room.id, ids[ids.length - 1]!);
    return { roomId: room.id, read: ids.length, unread: await unreadCount(tx, room.id) };
  });
}

