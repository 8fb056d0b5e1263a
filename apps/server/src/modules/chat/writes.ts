// What both sides of a chat write: the room opened once, a message never written twice, a read mark and its event.
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGE_STATE,
  isChatReadOnly,
  type ChatMessage,
  type ChatMessageState,
  type ChatSender,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { chatMessages, chatRooms, uploads } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { markKeyApplied } from '../../platform/idempotency';
import { CHAT_ENTITY, loadMessage, roomOf, type ChatOrder } from './queries';

/**
 * The order's room, opened now if it has none (by the crew or by the customer's first message):
 * one per order by its unique index, so two openings at once end with one room and one event.
 */
export async function ensureRoom(tx: Tx, order: ChatOrder, openedBy: ChatSender, actorUserId: number | null): Promise<number> {
  return (await openRoomOnce(tx, order, openedBy, actorUserId)).id;
}

/** ensureRoom, saying whether this call opened it (the other of two openings at once did not). */
export async function openRoomOnce(tx: Tx, order: ChatOrder, openedBy: ChatSender, actorUserId: number | null): Promise<{ id: number; created: boolean }> {
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

export const assertWritable = (order: ChatOrder) => {
  if (isChatReadOnly(order.statusId)) throw new AppError('CHAT_READ_ONLY');
};

/**
 * A message already written under this client id: the same one again is a replay, another is refused.
 * The same photo is the same upload (the crew's) or the same bytes (the customer's, stored anew each time).
 */
export async function existingMessage(
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
export const isClientIdTaken = (err: unknown) => isUniqueViolation(err, CLIENT_ID_INDEX);

/**
 * Copies of one message sent at once (a channel retrying after its timeout, an outbox after a reload)
 * all miss each other's row, and all but one then lose at the insert (or, for a crew photo, at the
 * photo the first copy attached). A loser's transaction is rolled back whole (nothing of it stays: no
 * upload, no event) and it answers the message the winner wrote, as any later replay would: read
 * again in a transaction of its own, which sees the winner's commit. Content that differs stays 409.
 */
export async function afterLostRace<T>(db: Db, err: unknown, lostOn: (err: unknown) => boolean, replay: (tx: Tx) => Promise<T | null>): Promise<T> {
  if (!lostOn(err)) throw err;
  const answer = await db.transaction(async (tx) => {
    const found = await replay(tx);
    if (found) await markKeyApplied(tx);
    return found;
  });
  if (answer === null) throw err;
  return answer;
}

/**
 * Marks unread messages of `sender` up to `upToId` as read, and says so on the store's stream. Read
 * implies delivered. Returns the ids it changed (none when all were read already: no event).
 */
export async function markRead(tx: Tx, order: ChatOrder, roomId: number, sender: ChatSender, upToId: number, actorUserId: number | null): Promise<number[]> {
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

export async function stateChanged(tx: Tx, storeCode: string, shipmentNo: string, roomId: number, sender: ChatSender, ids: number[], state: ChatMessageState, actorUserId: number | null) {
  await recordChange(
    tx,
    { actorUserId, entity: CHAT_ENTITY, entityId: shipmentNo, action: state, toValue: `${sender} ${ids.join(',')}`.slice(0, 500) },
    { storeCode, type: 'chat.message.state', payload: { shipmentNo, roomId, sender, messageIds: ids, state } },
  );
}
