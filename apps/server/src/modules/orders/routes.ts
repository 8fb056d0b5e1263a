import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  handoverBodySchema,
  orderCountQuerySchema,
  orderCountSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  shipmentParamsSchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, findReplies, ok, readReplies } from '../../platform/route-kit';
import { requireActiveStore } from '../../platform/scope';
import { countOrders } from './count';
import { getOrderDetail, orderViewer } from './detail';
import { listOrders } from './list';
import { pickingRoutes } from './picking-routes';
import { archiveCancelledOrder, claimOrder, finishOrder, handOverOrder, packOrder } from './transitions';

export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const viewerOf = (req: FastifyRequest) => orderViewer(principalOf(req), app.config);

  app.get(
    '/api/orders/count',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: "Order counts per status for the caller's active store",
        querystring: orderCountQuerySchema,
        response: { 200: envelope(orderCountSchema), ...readReplies },
      },
    },
    async (req) => {
      const p = principalOf(req);
      const latest = req.query.latestOrder;
      return ok(await app.readCache.read(requireActiveStore(p), `count ${latest ?? ''}`, () => countOrders(app.db, p, latest)));
    },
  );

  app.get(
    '/api/orders',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: "Orders of the caller's active store by status, with the channel facet",
        description:
          '`status` is one id or a comma list (`1105,1107`). Dates are WIB calendar days (inclusive) on the arrival time. `query` matches shipmentNo, orderNo or customer name. Sorted newest first; 1101 alone is oldest first (first in, first out). `facet.application` counts channels under the same filters without `appId`.',
        querystring: orderListQuerySchema,
        response: { 200: envelope(orderListSchema), ...readReplies },
      },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(await app.readCache.read(requireActiveStore(p), `list ${JSON.stringify(req.query)}`, () => listOrders(app.db, p, req.query)));
    },
  );

  app.get(
    '/api/orders/:shipmentNo',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: 'One order: products, paper bags, customer, store, status history and the actions open to the caller',
        params: shipmentParamsSchema,
        response: { 200: envelope(orderDetailSchema), ...findReplies },
      },
    },
    async (req) => ok(await getOrderDetail(app.db, viewerOf(req), req.params.shipmentNo)),
  );

  const transition = (path: string, summary: string, run: typeof claimOrder) =>
    app.post(
      `/api/orders/:shipmentNo/${path}`,
      {
        ...access({ auth: 'session' }),
        schema: { tags: ['orders'], summary, params: shipmentParamsSchema, response: { 200: envelope(orderDetailSchema), ...changeReplies } },
      },
      async (req) => ok(await run(app.db, viewerOf(req), req.params.shipmentNo)),
    );

  transition('claim', '"Packing": claim a new order (1101 → 1102); the loser of a race gets 409 ORDER_ALREADY_CLAIMED', claimOrder);
  transition('pack', '"Scan Packing": 1102 → 1103 once every line is picked or out of stock', packOrder);
  transition('finish', '"Selesai": archive a completed order (1104 → 1105)', finishOrder);
  transition('archive-cancelled', 'Archive a cancelled order (1106 → 1107)', archiveCancelledOrder);

  app.post(
    '/api/orders/:shipmentNo/handover',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: '"Konfirmasi" of a pickup order: check the pickup code or QR, record the receiver (1103 → 1104)',
        description: '`pickupCode` is the code the customer tells, or the scanned QR text `GERAI:PICKUP:<shipmentNo>:<pickupCode>`.',
        params: shipmentParamsSchema,
        body: handoverBodySchema,
        response: { 200: envelope(orderDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await handOverOrder(app.db, viewerOf(req), req.params.shipmentNo, req.body)),
  );

  await app.register(pickingRoutes);
}
