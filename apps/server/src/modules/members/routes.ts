import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, memberSchema, selectStoreBodySchema } from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, ok, readReplies } from '../../platform/route-kit';
import { loadPrincipal } from '../../platform/principal';
import { memberView, selectActiveStore } from './service';

export async function memberRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/members/me',
    {
      ...access({ auth: 'session' }),
      schema: { tags: ['members'], summary: 'The signed-in member profile', response: { 200: envelope(memberSchema), ...readReplies } },
    },
    async (req) => ok(await memberView(app.db, principalOf(req))),
  );

  app.post(
    '/api/members/me/store',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['members'],
        summary: 'Pick the store to work in (area supervisor, helpdesk, super user)',
        body: selectStoreBodySchema,
        response: { 200: envelope(memberSchema), ...changeReplies },
      },
    },
    async (req) => {
      const p = principalOf(req);
      await selectActiveStore(app.db, p, req.body.storeCode);
      app.principals.delete(p.userId);
      const updated = await loadPrincipal(app.db, p.userId);
      return ok(await memberView(app.db, updated!));
    },
  );
}
