import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorReplySchema, pageOf, pageQuerySchema, storeSchema } from '@gerai/contract';
import { principalOf, requireAuth } from '../../platform/auth';
import { listVisibleStores } from './service';

export async function catalogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/stores',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['catalog'],
        summary: 'Stores the caller may work in, searchable by code, name, kelurahan or kecamatan',
        querystring: pageQuerySchema.extend({ query: z.string().trim().max(60).optional() }),
        response: { 200: envelope(pageOf(storeSchema)), 400: errorReplySchema, 401: errorReplySchema },
      },
    },
    async (req) => ({ message: 'Success' as const, data: await listVisibleStores(app.db, principalOf(req), req.query) }),
  );
}
