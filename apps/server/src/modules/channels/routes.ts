import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelByAppId, channelCatalogParamsSchema, channelCatalogSchema, envelope, errorReplySchema, intakeOrderSchema, intakeParamsSchema, intakeResultSchema } from '@gerai/contract';
import { AppError } from '../../platform/errors';
import { SIGNATURE_HEADER, verifySignature } from './signature';
import { receiveChannelOrder, storeCatalog } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export async function channelRoutes(fastify: FastifyInstance): Promise<void> {
  /** Known channel with a configured secret, and a signature over `signed` made with it. */
  function authenticateChannel(appId: number, signed: string, signature: string | string[] | undefined) {
    const channel = channelByAppId(appId);
    const secret = channel ? fastify.config.channelSecrets[String(channel.appId)] : undefined;
    if (!channel || !secret) throw new AppError('CHANNEL_UNKNOWN');
    if (!verifySignature(signed, secret, typeof signature === 'string' ? signature : undefined)) throw new AppError('SIGNATURE_INVALID');
    return channel;
  }

  // Encapsulated so only intake keeps the raw body the signature is computed over.
  await fastify.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const raw = typeof body === 'string' ? body : body.toString('utf8');
      req.rawBody = raw;
      try {
        done(null, raw.length ? JSON.parse(raw) : undefined);
      } catch {
        done(new AppError('MALFORMED_JSON'), undefined);
      }
    });
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/channels/:appId/orders',
      {
        schema: {
          tags: ['channels'],
          summary: 'Order intake from a sales channel (HMAC-SHA256 of the raw body in X-Gerai-Signature: sha256=<hex>); idempotent on the channel order number',
          security: [],
          params: intakeParamsSchema,
          // The body is validated after the signature check, so unsigned callers learn nothing about the schema.
          response: {
            200: envelope(intakeResultSchema),
            201: envelope(intakeResultSchema),
            400: errorReplySchema,
            401: errorReplySchema,
            404: errorReplySchema,
            422: errorReplySchema,
          },
        },
      },
      async (req, reply) => {
        const channel = authenticateChannel(req.params.appId, req.rawBody ?? '', req.headers[SIGNATURE_HEADER]);
        const parsed = intakeOrderSchema.safeParse(req.body);
        if (!parsed.success) {
          throw new AppError(
            'VALIDATION_FAILED',
            undefined,
            parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message })),
          );
        }
        const result = await receiveChannelOrder(app.db, channel.appId, parsed.data);
        reply.code(result.created ? 201 : 200);
        return { message: 'Success' as const, data: result };
      },
    );

    app.get(
      '/api/channels/:appId/stores/:storeCode/products',
      {
        schema: {
          tags: ['channels'],
          summary: 'Products a channel may sell from a store, with stock; X-Gerai-Signature is the HMAC of "GET <path>"',
          security: [],
          params: channelCatalogParamsSchema,
          response: { 200: envelope(channelCatalogSchema), 401: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema },
        },
      },
      async (req) => {
        authenticateChannel(req.params.appId, `GET ${req.url.split('?')[0]}`, req.headers[SIGNATURE_HEADER]);
        return { message: 'Success' as const, data: await storeCatalog(app.db, req.params.storeCode) };
      },
    );
  });
}
