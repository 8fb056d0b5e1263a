import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatReadBodySchema,
  chatReadResultSchema,
  chatRoomParamsSchema,
  chatRoomSchema,
  chatSendBodySchema,
  chatShipmentParamsSchema,
  envelope,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, findReplies, ok } from '../../platform/route-kit';
import { chatChannelRoutes } from './channel-routes';
import { getRoom } from './queries';
import { markCustomerRead, openRoom, sendStoreMessage } from './service';

const session = () => access({ auth: 'session' });
const SCOPE = "Another store's shipment answers 404, like a missing one.";
const READ_ONLY = 'An order in history (1105, 1107) → 409 `CHAT_READ_ONLY`.';

/** The chat with a shipment's customer (decisions 90–92): the crew's side here, the customer's through the channel. */
export async function chatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(chatChannelRoutes);

  app.post(
    '/api/chat/rooms/:shipmentNo/:orderNo',
    {
      ...session(),
      schema: {
        tags: ['chat'],
        summary: "Open the shipment's chat room (created on first use; the same room every later time) and answer it with its latest messages",
        description: `201 when this call opened the room (event \`chat.room.created\`), 200 when it existed. The orderNo must be the shipment's (else 404). An order in history is answered read only and no room is opened for it. ${SCOPE}`,
        params: chatRoomParamsSchema,
        response: { 200: envelope(chatRoomSchema), 201: envelope(chatRoomSchema), ...changeReplies },
      },
    },
    async (req, reply) => {
      const { room, created } = await openRoom(app.db, principalOf(req), req.params.shipmentNo, req.params.orderNo);
      return reply.code(created ? 201 : 200).send(ok(room));
    },
  );

  app.get(
    '/api/chat/rooms/:shipmentNo',
    {
      ...session(),
      schema: {
        tags: ['chat'],
        summary: "The shipment's chat: whether it may be written to, the customer's unread count and a page of messages (oldest first)",
        description: `The newest \`size\` messages, or those before message \`before\` (older pages). A room not opened yet answers \`roomId: null\` and no messages. ${SCOPE}`,
        params: chatShipmentParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: envelope(chatRoomSchema), ...findReplies },
      },
    },
    async (req) => ok(await getRoom(app.db, principalOf(req), req.params.shipmentNo, req.query)),
  );

  app.post(
    '/api/chat/rooms/:shipmentNo/messages',
    {
      ...session(),
      schema: {
        tags: ['chat'],
        summary: 'Send a message to the customer: text, a photo (uploaded first: POST /api/uploads) or both; the room is opened if need be',
        description: `\`messageId\` is the phone's UUID for the message: sent again (any Idempotency-Key) it answers the same message with 200 and writes nothing; with other content 409 \`CHAT_MESSAGE_ID_REUSED\`. A photo that is not an unused upload of the order's store → 422 \`CHAT_PHOTO_UNKNOWN\`. ${READ_ONLY} ${SCOPE} The channel is told through a \`chat.message\` notice (state sent → delivered when it accepts, failed when given up on); event \`chat.message.created\`.`,
        params: chatShipmentParamsSchema,
        body: chatSendBodySchema,
        response: { 200: envelope(chatMessageSchema), 201: envelope(chatMessageSchema), ...changeReplies },
      },
    },
    async (req, reply) => {
      const { message, created } = await sendStoreMessage(app.db, principalOf(req), req.params.shipmentNo, req.body, fastify.config.channelSecrets);
      return reply.code(created ? 201 : 200).send(ok(message));
    },
  );

  app.post(
    '/api/chat/rooms/:shipmentNo/read',
    {
      ...session(),
      schema: {
        tags: ['chat'],
        summary: "The crew saw the customer's messages up to `upToId` (the room is open on a phone): they become read",
        description: `A room not opened yet → 404 \`CHAT_ROOM_NOT_FOUND\`. Event \`chat.message.state\` (sender customer, state read) when anything changed. ${SCOPE}`,
        params: chatShipmentParamsSchema,
        body: chatReadBodySchema,
        response: { 200: envelope(chatReadResultSchema), ...changeReplies },
      },
    },
    async (req) => ok(await markCustomerRead(app.db, principalOf(req), req.params.shipmentNo, req.body.upToId)),
  );
}
