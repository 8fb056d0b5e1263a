// Chat between a store and its customer, one room per shipment (decisions 90–92). Zod-free: the web
// reads these values at run time.
import { UPLOAD_MAX_BYTES } from './limits';
import { ORDER_STATUS } from './statuses';

export const CHAT_SENDER = { STORE: 'store', CUSTOMER: 'customer' } as const;
export type ChatSender = (typeof CHAT_SENDER)[keyof typeof CHAT_SENDER];
export const CHAT_SENDERS = Object.values(CHAT_SENDER) as ChatSender[];

/**
 * Where a message is. A store message: sent (Gerai has it) → delivered (the channel accepted it) →
 * read (the channel says the customer read it), or failed (the channel never accepted it). A
 * customer message: delivered (it reached the store) → read (the crew had the room open).
 */
export const CHAT_MESSAGE_STATE = { SENT: 'sent', DELIVERED: 'delivered', READ: 'read', FAILED: 'failed' } as const;
export type ChatMessageState = (typeof CHAT_MESSAGE_STATE)[keyof typeof CHAT_MESSAGE_STATE];
export const CHAT_MESSAGE_STATES = Object.values(CHAT_MESSAGE_STATE) as ChatMessageState[];

/** Orders in history: their room can still be read, never written to. */
export const CHAT_READ_ONLY_STATUSES: readonly number[] = [ORDER_STATUS.HISTORY, ORDER_STATUS.HISTORY_CANCELLED];
export const isChatReadOnly = (statusId: number) => CHAT_READ_ONLY_STATUSES.includes(statusId);

/** The audit entity and channel notice ref of a chat message. */
export const chatMessageRef = (messageId: number) => `chat:${messageId}`;

/**
 * How long the signed link to a store photo in a `chat.message` notice works (decision 91). Long
 * enough to outlast every retry of the notice; the link is served with no caching beyond it.
 */
export const CHAT_PHOTO_LINK_TTL_SECONDS = 7 * 24 * 3600;
/** The channel's read of one chat photo; the notice's link adds `?expires=<unix s>&signature=<hex>`. */
export const chatPhotoPath = (appId: number, photoId: string) => `/api/channels/${appId}/chat/photos/${photoId}`;
/** The notice ref of a crew read receipt: one per room and newest message read. */
export const chatReadRef = (roomId: number, upToId: number) => `chat:${roomId}:read:${upToId}`;

/** The longest base64 of a photo the customer may send (UPLOAD_MAX_BYTES decoded). */
export const CHAT_PHOTO_BASE64_MAX = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4;
/** The body limit of the channel's message route: the largest photo in base64 and the rest of the message. */
export const CHAT_CHANNEL_BODY_LIMIT = CHAT_PHOTO_BASE64_MAX + 64 * 1024;
