import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorReplySchema, memberSchema, selectStoreBodySchema } from '@gerai/contract';
import { principalOf, requireAuth } from '../../platform/auth';
import { loadPrincipal } from '../../platform/principal';
import { memberView, selectActiveStore } from './service';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };

export async function memberRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/members/me',
    {
      preHandler: requireAuth,
      schema: { tags: ['members'], summary: 'The signed-in member profile', response: { 200: envelope(memberSchema), ...errors } },
    },
    async (req) => ({ message: 'Success' as const, data: await memberView(app.db, principalOf(req)) }),
  );

  app.post(
    '/api/members/me/store',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['members'],
        summary: 'Pick the store to work in (area supervisor, helpdesk, super user)',
        body: selectStoreBodySchema,
        response: { 200: envelope(memberSchema), ...errors },
      },
    },
    async (req) => {
      const p = principalOf(req);
      await selectActiveStore(app.db, p, req.body.storeCode);
      app.principals.delete(p.userId);
      const updated = await loadPrincipal(app.db, p.userId);
      return { message: 'Success' as const, data: await memberView(app.db, updated!) };
    },
  );
}
