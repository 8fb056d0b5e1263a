import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, MONITORING_LATE_MAX, MONITORING_STORES_MAX, monitoringQuerySchema, monitoringSchema } from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, findReplies, ok } from '../../platform/route-kit';
import { monitoringFor } from './reply-cache';

const TAGS = ['monitoring'];

/** Monitoring: the caller's scope at a glance (issue 15). */
export async function monitoringRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/monitoring',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: `Orders per status and per store, work waiting on someone and the late orders, within the caller's store scope (or \`storeCode\`, one store of it; another answers 404). Stores: at most ${MONITORING_STORES_MAX}, the most late work first; late orders: at most ${MONITORING_LATE_MAX}, the oldest first. Who claimed an order is named for the kepala toko and above.`,
        querystring: monitoringQuerySchema,
        response: { 200: envelope(monitoringSchema), ...findReplies },
      },
    },
    async (req) => ok(await monitoringFor(app, principalOf(req), req.query)),
  );
}
