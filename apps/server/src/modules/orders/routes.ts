import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorReplySchema, orderCountQuerySchema, orderCountSchema, orderDetailSchema, shipmentParamsSchema } from '@gerai/contract';
import { principalOf, requireAuth } from '../../platform/auth';
import { countOrders, getOrderDetail } from './service';

export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/orders/count',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "Order counts per status for the caller's active store",
        querystring: orderCountQuerySchema,
        response: { 200: envelope(orderCountSchema), 400: errorReplySchema, 401: errorReplySchema },
      },
    },
    async (req) => ({ message: 'Success' as const, data: await countOrders(app.db, principalOf(req), req.query.latestOrder) }),
  );

  app.get(
    '/api/orders/:shipmentNo',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'One order with its products, paper bags, customer and QR',
        params: shipmentParamsSchema,
        response: { 200: envelope(orderDetailSchema), 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (req) => ({ message: 'Success' as const, data: await getOrderDetail(app.db, principalOf(req), req.params.shipmentNo) }),
  );
}
