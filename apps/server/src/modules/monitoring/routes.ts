import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  MONITORING_LATE_MAX,
  MONITORING_STORES_MAX,
  monitoringLateSchema,
  monitoringQuerySchema,
  monitoringSchema,
  monitoringStoreRowsSchema,
  monitoringTileParamsSchema,
  monitoringTileStoresSchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, findReplies, ok, readReplies } from '../../platform/route-kit';
import { lateOrdersFor, monitoringFor, storeRowsFor, tileStoresFor } from './reply-cache';

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
        summary: `Orders per status, work waiting on someone and how many orders are late, within the caller's store scope (or \`storeCode\`, one store of it; another answers 404).`,
        querystring: monitoringQuerySchema,
        response: { 200: envelope(monitoringSchema), ...findReplies },
      },
    },
    async (req) => ok(await monitoringFor(app, principalOf(req), req.query)),
  );

  app.get(
    '/api/monitoring/late',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: `The late orders within the caller's store scope (or \`storeCode\`, one store of it; another answers 404): at most ${MONITORING_LATE_MAX}, the oldest first. Who claimed an order is named for the kepala toko and above. Asked for when the section comes near the screen.`,
        querystring: monitoringQuerySchema,
        response: { 200: envelope(monitoringLateSchema), ...findReplies },
      },
    },
    async (req) => ok(await lateOrdersFor(app, principalOf(req), req.query)),
  );

  app.get(
    '/api/monitoring/stores',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: `"Per toko": each store of the caller's store scope (or \`storeCode\`, one store of it; another answers 404) with its orders per status, late orders and work waiting, at most ${MONITORING_STORES_MAX}, the most late work first. Asked for when the section comes near the screen.`,
        querystring: monitoringQuerySchema,
        response: { 200: envelope(monitoringStoreRowsSchema), ...findReplies },
      },
    },
    async (req) => ok(await storeRowsFor(app, principalOf(req), req.query)),
  );

  app.get(
    '/api/monitoring/tiles/:tile',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: `One tile's stores within the caller's store scope: each store with at least one of what the tile counts (an order status, or a kind of work waiting on someone), the most first, at most ${MONITORING_STORES_MAX}; \`storeTotal\` says how many have any. Asked for when the tile is opened over several stores.`,
        params: monitoringTileParamsSchema,
        response: { 200: envelope(monitoringTileStoresSchema), ...readReplies },
      },
    },
    async (req) => ok(await tileStoresFor(app, principalOf(req), req.params.tile)),
  );
}
