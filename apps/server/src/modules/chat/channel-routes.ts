import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_CHANNEL_BODY_LIMIT,
  UPLOAD_MAX_BYTES,
  channelByAppId,
  channelChatMessageBodySchema,
  channelChatPhotoParamsSchema,
  channelChatPhotoQuerySchema,
  channelChatMessageResultSchema,
  channelChatReadBodySchema,
  channelChatReadResultSchema,
  envelope,
  intakeParamsSchema,
} from '@gerai/contract';
import { AppError } from '../../platform/errors';
import { sendStoredFile } from '../../platform/file-reply';
import { access, errorReplies, ok } from '../../platform/route-kit';
import { channelOf, channelSigned, registerSignedJson } from '../channels';
import { checkPhotoLink } from './photo-link';
import { channelChatPhoto } from './queries';
import { receiveCustomerMessage, receiveReadReceipt } from './channel';

const PHOTO_EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const SIGNED = 'Signed like intake: X-Gerai-Signature t=<unix seconds>,sha256=<hex HMAC-SHA256 of "<t>.<raw body>"> with the channel\'s secret.';

/** The customer's side of the chat, through the sales channel's signed API (decision 91). */
export async function chatChannelRoutes(fastify: FastifyInstance): Promise<void> {
  const reader = fastify.withTypeProvider<ZodTypeProvider>();
  // A link, not a signed request: the channel hands it to its customer's app as it is, so the proof
  // is the link's own query (checked here, constant-time), not the X-Gerai-Signature header. Declared
  // public for the route kit: no session, no header; without a valid link nothing is served.
  reader.get(
    '/api/channels/:appId/chat/photos/:photoId',
    {
      ...access({ auth: 'public' }),
      schema: {
        tags: ['channels', 'chat'],
        summary: "A store photo of the chat, for the channel whose `chat.message` notice linked it (data.photo.url)",
        description:
          'The link is the proof: `signature` is the hex HMAC-SHA256, with the channel\'s secret, of "<appId>.<photoId>.<expires>" (unix seconds). A wrong signature, another channel\'s or photo\'s → 403 `CHAT_PHOTO_LINK_INVALID`; a genuine link after `expires` → 403 `CHAT_PHOTO_LINK_EXPIRED`; a photo that is not in a chat of one of the channel\'s orders → 404. The bytes are served with their type, `nosniff`, `inline` and cached privately no longer than the link lives.',
        params: channelChatPhotoParamsSchema,
        querystring: channelChatPhotoQuerySchema,
        response: errorReplies(400, 403, 404),
      },
    },
    async (req, reply) => {
      const { appId, photoId } = req.params;
      const channel = channelByAppId(appId);
      const secret = channel ? fastify.config.channelSecrets[String(channel.appId)] : undefined;
      const check = secret ? checkPhotoLink(secret, appId, photoId, req.query.expires, req.query.signature) : 'invalid';
      if (check === 'invalid') throw new AppError('CHAT_PHOTO_LINK_INVALID');
      if (check === 'expired') throw new AppError('CHAT_PHOTO_LINK_EXPIRED');
      const photo = await channelChatPhoto(reader.db, appId, photoId);
      if (!photo) throw new AppError('NOT_FOUND');
      const maxAge = Math.max(0, req.query.expires - Math.floor(Date.now() / 1000));
      return sendStoredFile(reply, {
        mime: photo.mime,
        bytes: photo.bytes,
        disposition: 'inline',
        fileName: `chat-${photoId}.${PHOTO_EXTENSION[photo.mime] ?? 'bin'}`,
        cacheControl: `private, max-age=${maxAge}`,
        expires: new Date(req.query.expires * 1000),
      });
    },
  );

  // Encapsulated like intake: only these routes keep the raw body the signature is computed over.
  await fastify.register(async (scoped) => {
    registerSignedJson(scoped);
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    const signedBody = () => access({ auth: 'channel', verify: channelSigned(fastify, (req) => req.rawBody ?? '') });

    app.post(
      '/api/channels/:appId/chat/messages',
      {
        ...signedBody(),
        // Room for a photo in base64 (UPLOAD_MAX_BYTES decoded); the decoded size is checked again.
        bodyLimit: CHAT_CHANNEL_BODY_LIMIT,
        schema: {
          tags: ['channels', 'chat'],
          summary: "The customer's message to the store of one of the channel's shipments; idempotent on the channel's messageId",
          description: `${SIGNED} 201 new, 200 a repeat (the first message). A shipment of another channel → 404; an order in history → 409 \`CHAT_READ_ONLY\`. Opens the room if the customer writes first. \`photo\` (optional with \`body\`, at least one of them) is a JPEG, PNG or WebP in base64: over ${UPLOAD_MAX_BYTES / 1024 / 1024} MB decoded → 413 \`UPLOAD_TOO_LARGE\`; another type by its bytes → 415 \`UPLOAD_TYPE_UNSUPPORTED\`. It is stored as an upload of the order's store, attached to the chat.`,
          params: intakeParamsSchema,
          body: channelChatMessageBodySchema,
          response: { 200: envelope(channelChatMessageResultSchema), 201: envelope(channelChatMessageResultSchema), ...errorReplies(400, 401, 404, 409, 413, 415, 422) },
        },
      },
      async (req, reply) => {
        const result = await receiveCustomerMessage(app.db, channelOf(req).appId, req.body);
        return reply.code(result.created ? 201 : 200).send(ok(result));
      },
    );

    app.post(
      '/api/channels/:appId/chat/read',
      {
        ...signedBody(),
        schema: {
          tags: ['channels', 'chat'],
          summary: "Read receipt: the customer read the store's messages up to `upToId` (the notice's data.messageId)",
          description: `${SIGNED} A room not opened → 404 \`CHAT_ROOM_NOT_FOUND\`; a shipment of another channel → 404. Repeating it changes nothing.`,
          params: intakeParamsSchema,
          body: channelChatReadBodySchema,
          response: { 200: envelope(channelChatReadResultSchema), ...errorReplies(400, 401, 404, 422) },
        },
      },
      async (req) => ok(await receiveReadReceipt(app.db, channelOf(req).appId, req.body)),
    );
  });
}
