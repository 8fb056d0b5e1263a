// The customer's side of a chat, through the order's channel: messages and read receipts in, the outcome of the notices sent out.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGE_STATE,
  CHAT_SENDER,
  CHANNEL_NOTICE_STATUS,
  chatMessageRef,
  type ChannelChatMessageBody,
  type ChannelChatMessageResult,
  type ChannelChatReadBody,
  type ChannelChatReadResult,
  type ChatNoticeData,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { chatMessages, orders } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import { checkImage, insertUpload, type CheckedImage } from '../../platform/uploads';
import { type NoticeOutcome } from '../channels';
import { CHAT_ENTITY, findChatOrder, loadMessage, roomOf, type ChatOrder } from './queries';
import { afterLostRace, assertWritable, ensureRoom, existingMessage, isClientIdTaken, markRead, stateChanged } from './writes';

/** The customer's photo, sent in base64: checked like any upload (413, 415), before the transaction. */
const customerPhoto = async (base64: string | undefined): Promise<CheckedImage | null> => (base64 === undefined ? null : checkImage(Buffer.from(base64, 'base64')));
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
