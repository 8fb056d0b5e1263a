import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelByAppId, channelCatalogParamsSchema, channelCatalogSchema, envelope, intakeOrderSchema, intakeParamsSchema, intakeResultSchema, type Channel } from '@gerai/contract';
import { AppError } from '../../platform/errors';
import { access, errorReplies, ok } from '../../platform/route-kit';
import { SIGNATURE_HEADER, verifySignature } from './signature';
import { receiveChannelOrder, storeCatalog } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    /** The sales channel whose signature a channel route verified. */
    channel?: Channel;
  }
}

/** The channel a verified route was called by. */
export function channelOf(req: FastifyRequest): Channel {
  if (!req.channel) throw new AppError('SIGNATURE_INVALID');
  return req.channel;
}

/**
 * The `verify` of every channel route (`access({ auth: 'channel', verify })`): a known channel with a
 * configured secret, and a signature over `signedOf(req)` made with it within the configured window
 * of now. Runs before validation and any Idempotency-Key replay (the route kit guarantees the
 * order): unsigned callers learn nothing, not even the schema. Other areas' channel routes (chat)
 * verify with this same function.
 */
export const channelSigned =
  (fastify: FastifyInstance, signedOf: (req: FastifyRequest) => string): preValidationAsyncHookHandler =>
  async (req) => {
      // Params are still raw here; a malformed appId is simply no known channel.
    const channel = channelByAppId(Number((req.params as { appId?: string }).appId));
    const secret = channel ? fastify.config.channelSecrets[String(channel.appId)] : undefined;
    if (!channel || !secret) throw new AppError('CHANNEL_UNKNOWN');
    const signature = req.headers[SIGNATURE_HEADER];
    const check = verifySignature(signedOf(req), secret, typeof signature === 'string' ? signature : undefined, {
      toleranceSeconds: fastify.config.CHANNEL_SIGNATURE_TOLERANCE_SECONDS,
    });
    if (check === 'invalid') throw new AppError('SIGNATURE_INVALID');
    if (check === 'expired') throw new AppError('SIGNATURE_EXPIRED');
    req.channel = channel;
  };

/** Keeps the raw JSON body a signature is computed over; registered inside an encapsulated plugin of signed routes only. */
export function registerSignedJson(scoped: FastifyInstance): void {
  scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = raw;
    try {
      done(null, raw.length ? JSON.parse(raw) : undefined);
    } catch {
      done(new AppError('MALFORMED_JSON'), undefined);
    }
  });
}

export async function channelRoutes(fastify: FastifyInstance): Promise<void> {
  const signedBy = (signedOf: (req: FastifyRequest) => string) => channelSigned(fastify, signedOf);

  // Encapsulated so only intake keeps the raw body the signature is computed over.
  await fastify.register(async (scoped) => {
    registerSignedJson(scoped);
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/channels/:appId/orders',
      {
        ...access({ auth: 'channel', verify: signedBy((req) => req.rawBody ?? '') }),
        schema: {
          tags: ['channels'],
          summary: 'Order intake from a sales channel (X-Gerai-Signature: t=<unix seconds>,sha256=<hex HMAC-SHA256 of "<t>.<raw body>">); idempotent on the channel order number',
          params: intakeParamsSchema,
          body: intakeOrderSchema,
          response: { 200: envelope(intakeResultSchema), 201: envelope(intakeResultSchema), ...errorReplies(400, 401, 404, 422) },
        },
      },
      async (req, reply) => {
        const result = await receiveChannelOrder(app.db, channelOf(req).appId, req.body);
        reply.code(result.created ? 201 : 200);
        return ok(result);
      },
    );

    app.get(
      '/api/channels/:appId/stores/:storeCode/products',
      {
        ...access({ auth: 'channel', verify: signedBy((req) => `GET ${req.url.split('?')[0]}`) }),
        schema: {
          tags: ['channels'],
          summary: 'Products a channel may sell from a store, with stock; X-Gerai-Signature signs "GET <path>" (t=<unix seconds>,sha256=<hex HMAC of "<t>.GET <path>">)',
          params: channelCatalogParamsSchema,
          response: { 200: envelope(channelCatalogSchema), ...errorReplies(400, 401, 404, 422) },
        },
      },
      async (req) => ok(await storeCatalog(app.db, req.params.storeCode)),
    );
  });
}
