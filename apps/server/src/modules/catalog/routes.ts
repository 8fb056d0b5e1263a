import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageOf, storeListQuerySchema, storeSchema } from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, ok, readReplies } from '../../platform/route-kit';
import { listVisibleStores } from './service';

export async function catalogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/stores',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['catalog'],
        summary: 'Stores the caller may work in, searchable by code, name, kelurahan or kecamatan',
        // The contract's bounded text: a NUL or lone surrogate is a 400, never a failed query.
        querystring: storeListQuerySchema,
        response: { 200: envelope(pageOf(storeSchema)), ...readReplies },
      },
    },
    async (req) => ok(await listVisibleStores(app.db, principalOf(req), req.query)),
  );
}
