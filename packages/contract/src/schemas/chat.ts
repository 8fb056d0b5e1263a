import { z } from 'zod';
import { CHAT_MESSAGE_STATES, CHAT_PHOTO_BASE64_MAX, CHAT_SENDERS } from '../chat';
import { CHAT_LIMITS, INT4_MAX } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { shipmentNoSchema } from './orders';
import { base64, int, queryInt, request, text } from './primitives';
import { UPLOAD_ID_PATTERN, uploadIdSchema, uploadSchema } from './uploads';

// Chat between the store and the customer of a shipment (decisions 90–92): one room per shipment,
// the crew's side through the session routes, the customer's side through the signed channel API.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The channel's order number, as intake takes it. */
export const chatOrderNoSchema = () => text({ max: 40, error: FIELD_MESSAGES.orderNoInvalid }).min(3, FIELD_MESSAGES.orderNoInvalid);
const messageTextSchema = () => text({ max: CHAT_LIMITS.bodyMax, lines: 'multi' });

/** POST /api/chat/rooms/:shipmentNo/:orderNo (spec: "POST create chat room, shipmentNo and orderNo in the path"). */
export const chatRoomParamsSchema = request(z.object({ shipmentNo: shipmentNoSchema(), orderNo: chatOrderNoSchema() }));
export const chatShipmentParamsSchema = request(z.object({ shipmentNo: shipmentNoSchema() }));

/** GET /api/chat/rooms/:shipmentNo: the latest messages, or those before a message id (older pages). */
export const chatMessagesQuerySchema = request(
  z.object({
    before: z.preprocess(blankToUndefined, queryInt({ min: 1, max: INT4_MAX }).optional()),
    size: queryInt({ min: 1, max: CHAT_LIMITS.pageSizeMax }).default(CHAT_LIMITS.pageSize),
  }),
);
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/**
 * POST /api/chat/rooms/:shipmentNo/messages: the phone names the message (`messageId`, a UUID it
 * made), so a retry with any Idempotency-Key never writes it twice. Text, a photo (uploaded first,
 * POST /api/uploads) or both.
 */
export const chatSendBodySchema = request(
  z
    .object({
      messageId: text({ max: 36, error: FIELD_MESSAGES.chatMessageIdInvalid }).regex(UPLOAD_ID_PATTERN, FIELD_MESSAGES.chatMessageIdInvalid),
      body: z.preprocess(blankToUndefined, messageTextSchema().optional()),
      photoId: z.preprocess(blankToUndefined, uploadIdSchema().optional()),
    })
    .strict()
    .refine((b) => b.body !== undefined || b.photoId !== undefined, { message: FIELD_MESSAGES.chatMessageEmpty, path: ['body'] }),
);
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

/** POST /api/chat/rooms/:shipmentNo/read: the crew saw the customer's messages up to this id. */
export const chatReadBodySchema = request(z.object({ upToId: int({ min: 1, max: INT4_MAX }) }).strict());
export type ChatReadBody = z.infer<typeof chatReadBodySchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** The sender's own id of the message (the phone's UUID, or `<appId>:<channel's id>`): replays find it. */
  clientId: z.string(),
  sender: z.enum(CHAT_SENDERS),
  body: z.string().nullable(),
  photo: uploadSchema.nullable(),
  state: z.enum(CHAT_MESSAGE_STATES),
  /** The crew member who wrote a store message; null for the customer. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A shipment's chat: the order it is about, whether it may still be written to, and a page of messages (oldest first). */
export const chatRoomSchema = z.object({
  /** Null until the room is opened (by the crew, or by the customer's first message). */
  roomId: z.number().int().nullable(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  statusId: z.number().int(),
  /** The order is history (1105, 1107): read only. */
  readOnly: z.boolean(),
  customerName: z.string(),
  items: z.array(chatMessageSchema),
  /** Older messages exist before the first of `items`. */
  hasMore: z.boolean(),
  /** Customer messages the crew has not seen yet. */
  unread: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** The reply of POST …/read. */
export const chatReadResultSchema = z.object({ roomId: z.number().int(), read: z.number().int(), unread: z.number().int() });
export type ChatReadResult = z.infer<typeof chatReadResultSchema>;

// --- the customer's side, through the channel ------------------------------------------

/** A channel's own message id: letters, digits and . _ : - only. */
const channelMessageIdSchema = () =>
  text({ max: CHAT_LIMITS.channelMessageIdMax, error: FIELD_MESSAGES.chatMessageIdInvalid }).regex(/^[A-Za-z0-9._:-]+$/, FIELD_MESSAGES.chatMessageIdInvalid);

/**
 * POST /api/channels/:appId/chat/messages: the customer wrote text, a photo or both; idempotent on the
 * channel's `messageId`. `photo` is the image's bytes in base64 (no `data:` prefix): at most
 * UPLOAD_MAX_BYTES once decoded (413 UPLOAD_TOO_LARGE), a JPEG, PNG or WebP by its content (415
 * UPLOAD_TYPE_UNSUPPORTED) — both checked by the server, in the contract's words.
 */
export const channelChatMessageBodySchema = request(
  z
    .object({
      shipmentNo: shipmentNoSchema(),
      messageId: channelMessageIdSchema(),
      body: z.preprocess(blankToUndefined, messageTextSchema().optional()),
      // Up to twice the limit reaches the server, which answers an oversized photo 413 in the contract's words.
      photo: base64({ maxChars: CHAT_PHOTO_BASE64_MAX * 2, error: FIELD_MESSAGES.chatPhotoInvalid }).optional(),
    })
    .strict()
    .refine((b) => b.body !== undefined || b.photo !== undefined, { message: FIELD_MESSAGES.chatMessageEmpty, path: ['body'] }),
);
export type ChannelChatMessageBody = z.infer<typeof channelChatMessageBodySchema>;

/** POST /api/channels/:appId/chat/read: the customer read the store's messages up to this id (the `messageId` of the notice). */
export const channelChatReadBodySchema = request(z.object({ shipmentNo: shipmentNoSchema(), upToId: int({ min: 1, max: INT4_MAX }) }).strict());
export type ChannelChatReadBody = z.infer<typeof channelChatReadBodySchema>;

export const channelChatMessageResultSchema = z.object({ roomId: z.number().int(), messageId: z.number().int(), created: z.boolean() });
export type ChannelChatMessageResult = z.infer<typeof channelChatMessageResultSchema>;
export const channelChatReadResultSchema = z.object({ roomId: z.number().int(), read: z.number().int() });
export type ChannelChatReadResult = z.infer<typeof channelChatReadResultSchema>;

/**
 * What the channel receives for each store message (the notice's `data`, kind `chat.message`):
 * the message, and its photo's id, type and size (decision 91).
 */
export interface ChatNoticeData {
  roomId: number;
  orderNo: string;
  messageId: number;
  clientId: string;
  body: string | null;
  /**
   * The photo's id, type and size, and where the channel reads its bytes: `url` is a path on Gerai's
   * API (GET, no signature header: the link is signed for this channel), working until `expiresAt` (both null when the channel has no secret configured).
   */
  photo: { id: string; mime: string; size: number; url: string | null; expiresAt: string | null } | null;
  authorName: string | null;
  createdAt: string;
}

/** GET /api/channels/:appId/chat/photos/:photoId?expires=&signature=: the link a `chat.message` notice carries. */
export const channelChatPhotoParamsSchema = request(z.object({ appId: queryInt({ min: 0, max: INT4_MAX }), photoId: uploadIdSchema() }));
export const channelChatPhotoQuerySchema = request(
  z.object({
    /** Unix seconds after which the link is refused. */
    expires: queryInt({ min: 1, max: INT4_MAX }),
    /** Hex HMAC-SHA256, with the channel's secret, of "<appId>.<photoId>.<expires>". */
    signature: text({ max: 64, error: FIELD_MESSAGES.chatPhotoLinkInvalid }).regex(/^[0-9a-f]{64}$/, FIELD_MESSAGES.chatPhotoLinkInvalid),
  }),
);

/**
 * What the channel receives when the crew read the customer's messages (kind `chat.read`, decision
 * 91): the room and the newest customer message read (its id as the channel's `messageId` sent it,
 * and Gerai's id).
 */
export interface ChatReadNoticeData {
  roomId: number;
  orderNo: string;
  /** Gerai's id of the newest customer message read. */
  upToId: number;
  /** The channel's own id of that message (the `messageId` it posted). */
  upToMessageId: string;
  readAt: string;
}
