import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGE_STATE,
  CHAT_SENDER,
  CHANNEL_NOTICE_STATUS,
  chatMessageRef,
  chatReadRef,
  isChatReadOnly,
  type ChannelChatMessageBody,
  type ChannelChatMessageResult,
  type ChannelChatReadBody,
  type ChannelChatReadResult,
  type ChatMessage,
  type ChatMessageState,
  type ChatNoticeData,
  type ChatReadNoticeData,
  type ChatReadResult,
  type ChatRoom,
  type ChatSendBody,
  type ChatSender,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { chatMessages, chatRooms, orders, uploads } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';
import { attachUploads, checkImage, insertUpload, type CheckedImage } from '../../platform/uploads';
import { enqueueChannelNotice, type NoticeOutcome } from '../channels';
import { signPhotoLink } from './photo-link';
import { CHAT_ENTITY, findChatOrder, loadMessage, roomOf, roomView, unreadCount, visibleChatOrder, type ChatOrder } from './queries';

const FIRST_PAGE = { size: 50 } as const;

/** The channel's signed link to a store photo; none when the channel has no secret (it could not verify one). */
function photoLinkFor(secrets: Readonly<Record<string, string>>, appId: number, photoId: string): { url: string | null; expiresAt: string | null } {
  const secret = secrets[String(appId)];
  return secret ? signPhotoLink(secret, appId, photoId) : { url: null, expiresAt: null };
}

/**
 * The order's room, opened now if it has none (by the crew or by the customer's first message):
 * one per order by its unique index, so two openings at once end with one room and one event.
 */
async function ensureRoom(tx: Tx, order: ChatOrder, openedBy: ChatSender, actorUserId: number | null): Promise<number> {
  return (await openRoomOnce(tx, order, openedBy, actorUserId)).id;
}

/** ensureRoom, saying whether this call opened it (the other of two openings at once did not). */
async function openRoomOnce(tx: Tx, order: ChatOrder, openedBy: ChatSender, actorUserId: number | null): Promise<{ id: number; created: boolean }> {
  const [created] = await tx
    .insert(chatRooms)
    .values({ orderId: order.id, shipmentNo: order.shipmentNo, orderNo: order.orderNo })
    .onConflictDoNothing({ target: chatRooms.orderId })
    .returning({ id: chatRooms.id });
  // Lost a race (PostgreSQL waited for the winner's commit): the winner's room, seen by this statement.
  if (!created) return { id: (await roomOf(tx, order.id))!.id, created: false };
  await recordChange(
    tx,
    { actorUserId, entity: CHAT_ENTITY, entityId: order.shipmentNo, action: 'open', toValue: `room ${created.id}`, reason: openedBy },
    { storeCode: order.storeCode, type: 'chat.room.created', payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, roomId: created.id, openedBy } },
  );
  return { id: created.id, created: true };
}

const assertWritable = (order: ChatOrder) => {
  if (isChatReadOnly(order.statusId)) throw new AppError('CHAT_READ_ONLY');
};

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
 * A message already written under this client id: the same one again is a replay, another is refused.
 * The same photo is the same upload (the crew's) or the same bytes (the customer's, stored anew each time).
 */
async function existingMessage(
  tx: Tx,
  roomId: number,
  clientId: string,
  same: { body: string | null } & ({ photoId: string | null } | { photoSha256: string | null }),
): Promise<ChatMessage | null> {
  const [row] = await tx
    .select({ id: chatMessages.id, body: chatMessages.body, photoId: chatMessages.photoId, photoSha256: uploads.sha256 })
    .from(chatMessages)
    .leftJoin(uploads, eq(uploads.id, chatMessages.photoId))
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  if (!row) return null;
  const samePhoto = 'photoId' in same ? row.photoId === same.photoId : row.photoSha256 === same.photoSha256;
  if (row.body !== same.body || !samePhoto) throw new AppError('CHAT_MESSAGE_ID_REUSED');
  return loadMessage(tx, row.id);
}

/** The room's one-message-per-client-id index (`chat_messages_client_key`). */
const CLIENT_ID_INDEX = 'chat_messages_client_key';
/** Another copy of the message committed first. */
const isClientIdTaken = (err: unknown) => isUniqueViolation(err, CLIENT_ID_INDEX);

/**
 * Copies of one message sent at once (a channel retrying after its timeout, an outbox after a reload)
 * all miss each other's row, and all but one then lose at the insert (or, for a crew photo, at the
 * photo the first copy attached). A loser's transaction is rolled back whole (nothing of it stays: no
 * upload, no event) and it answers the message the winner wrote, as any later replay would: read
 * again in a transaction of its own, which sees the winner's commit. Content that differs stays 409.
 */
async function afterLostRace<T>(db: Db, err: unknown, lostOn: (err: unknown) => boolean, replay: (tx: Tx) => Promise<T | null>): Promise<T> {
  if (!lostOn(err)) throw err;
  const answer = await db.transaction(async (tx) => {
    const found = await replay(tx);
    if (found) await markKeyApplied(tx);
    return found;
  });
  if (answer === null) throw err;
  return answer;
}

/** The customer's photo, sent in base64: checked like any upload (413, 415), before the transaction. */
const customerPhoto = async (base64: string | undefined): Promise<CheckedImage | null> => (base64 === undefined ? null : checkImage(Buffer.from(base64, 'base64')));

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
 * Marks unread messages of `sender` up to `upToId` as read, and says so on the store's stream. Read
 * implies delivered. Returns the ids it changed (none when all were read already: no event).
 */
async function markRead(tx: Tx, order: ChatOrder, roomId: number, sender: ChatSender, upToId: number, actorUserId: number | null): Promise<number[]> {
  const changed = await tx
    .update(chatMessages)
    .set({ readAt: sql`now()`, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, now())` })
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.sender, sender), lte(chatMessages.id, upToId), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id });
  const ids = changed.map((c) => c.id).sort((a, b) => a - b);
  if (ids.length === 0) {
    await markKeyApplied(tx);
    return ids;
  }
  await stateChanged(tx, order.storeCode, order.shipmentNo, roomId, sender, ids, CHAT_MESSAGE_STATE.READ, actorUserId);
  return ids;
}

async function stateChanged(tx: Tx, storeCode: string, shipmentNo: string, roomId: number, sender: ChatSender, ids: number[], state: ChatMessageState, actorUserId: number | null) {
  await recordChange(
    tx,
    { actorUserId, entity: CHAT_ENTITY, entityId: shipmentNo, action: state, toValue: `${sender} ${ids.join(',')}`.slice(0, 500) },
    { storeCode, type: 'chat.message.state', payload: { shipmentNo, roomId, sender, messageIds: ids, state } },
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

/** The order of a channel's chat call: only an order that came from that channel (another's answers 404). */
async function channelOrder(tx: Tx, appId: number, shipmentNo: string): Promise<ChatOrder> {
  const order = await findChatOrder(tx, and(eq(orders.shipmentNo, shipmentNo), eq(orders.appId, appId)));
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}

/**
 * POST /api/channels/:appId/chat/messages: the customer wrote. Idempotent on the channel's message
 * id (a retry answers the first message, created false). Opens the room if the customer is first.
 * A photo is stored as an upload of the order's store, attached to the chat (`chat:<shipmentNo>`),
 * in the message's transaction: the crew reads it like their own photos.
 */
export async function receiveCustomerMessage(db: Db, appId: number, input: ChannelChatMessageBody): Promise<ChannelChatMessageResult> {
  const photo = await customerPhoto(input.photo);
  const body = input.body ?? null;
  const clientId = `${appId}:${input.messageId}`;
  const write = db.transaction(async (tx) => {
    const order = await channelOrder(tx, appId, input.shipmentNo);
    const room = await roomOf(tx, order.id);
    const replay = room ? await existingMessage(tx, room.id, clientId, { body, photoSha256: photo?.sha256 ?? null }) : null;
    if (replay) {
      await markKeyApplied(tx);
      return { roomId: room!.id, messageId: replay.id, created: false };
    }
    assertWritable(order);
    const roomId = room?.id ?? (await ensureRoom(tx, order, CHAT_SENDER.CUSTOMER, null));
    const upload = photo ? await insertUpload(tx, order.storeCode, null, photo, `chat:${order.shipmentNo}`) : null;
    const [row] = await tx
      .insert(chatMessages)
      .values({ roomId, clientId, sender: CHAT_SENDER.CUSTOMER, body, photoId: upload?.id ?? null })
      .returning({ id: chatMessages.id });
    const message = await loadMessage(tx, row!.id);
    await recordChange(
      tx,
      {
        actorUserId: null,
        entity: CHAT_ENTITY,
        entityId: order.shipmentNo,
        action: 'receive',
        toValue: chatMessageRef(message.id),
        reason: photo ? `channel ${appId}, photo ${upload!.id} ${photo.mime} ${photo.bytes.length} bytes sha256 ${photo.sha256}` : `channel ${appId}`,
      },
      { storeCode: order.storeCode, type: 'chat.message.created', payload: { shipmentNo: order.shipmentNo, roomId, message } },
    );
    return { roomId, messageId: message.id, created: true };
  });
  return write.catch((err: unknown) =>
    afterLostRace(db, err, isClientIdTaken, async (tx) => {
      const room = await roomOf(tx, (await channelOrder(tx, appId, input.shipmentNo)).id);
      const message = room ? await existingMessage(tx, room.id, clientId, { body, photoSha256: photo?.sha256 ?? null }) : null;
      return message ? { roomId: room!.id, messageId: message.id, created: false } : null;
    }),
  );
}

/** POST /api/channels/:appId/chat/read: the customer read the store's messages up to `upToId`. */
export async function receiveReadReceipt(db: Db, appId: number, input: ChannelChatReadBody): Promise<ChannelChatReadResult> {
  return db.transaction(async (tx) => {
    const order = await channelOrder(tx, appId, input.shipmentNo);
    const room = await roomOf(tx, order.id);
    if (!room) throw new AppError('CHAT_ROOM_NOT_FOUND');
    const ids = await markRead(tx, order, room.id, CHAT_SENDER.STORE, input.upToId, null);
    return { roomId: room.id, read: ids.length };
  });
}

/**
 * The outcome of a `chat.message` notice (the dispatcher's hook, decision 91): accepted by the
 * channel → the message is delivered; given up on → failed; a retry changes nothing shown.
 */
export const chatNoticeOutcome: NoticeOutcome = async (tx, notice, status) => {
  if (status === CHANNEL_NOTICE_STATUS.PENDING) return;
  const { messageId, roomId } = notice.payload as Pick<ChatNoticeData, 'messageId' | 'roomId'>;
  const delivered = status === CHANNEL_NOTICE_STATUS.SENT;
  const [row] = await tx
    .update(chatMessages)
    .set(delivered ? { deliveredAt: sql`now()`, failedAt: null } : { failedAt: sql`now()` })
    .where(and(eq(chatMessages.id, messageId), delivered ? isNull(chatMessages.deliveredAt) : isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id, readAt: chatMessages.readAt });
  // Read before the notice's answer came back (a receipt overtook it): read is shown already.
  if (!row || row.readAt) return;
  await stateChanged(tx, notice.storeCode, notice.shipmentNo, roomId, CHAT_SENDER.STORE, [messageId], delivered ? CHAT_MESSAGE_STATE.DELIVERED : CHAT_MESSAGE_STATE.FAILED, null);
};

/**
 * A `chat.read` notice changes nothing the crew sees whatever its outcome (the customer's messages
 * are read already); it is only retried, and its row keeps the outcome. No `order.notice` either:
 * chat notices stay out of the order's history (decision 91).
 */
export const chatReadNoticeOutcome: NoticeOutcome = async () => {};

export const CHAT_NOTICE_OUTCOMES = { 'chat.message': chatNoticeOutcome, 'chat.read': chatReadNoticeOutcome } as const;

