import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelApproveBodySchema,
  cancelBodySchema,
  cancelCountQuerySchema,
  cancelCountSchema,
  cancelListQuerySchema,
  cancelListSchema,
  cancelRejectBodySchema,
  cancelRequestSchema,
  cancelResultSchema,
  envelope,
  reasonListSchema,
  ROLE,
  shipmentParamsSchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, findReplies, ok, readReplies } from '../../platform/route-kit';
import { orderViewer } from '../orders';
import { countPending, getLatestRequest, listReasons, listRequests } from './queries';
import { approveCancellation, rejectCancellation, requestCancellation } from './service';

/** Deciding a request: kepala toko and above (CANCEL_RULE may ask for more for the order at hand). */
const deciders = { auth: 'session', minRole: ROLE.STORE_CHIEF } as const;

/** Cancelling orders: a crew member's request, a decider's cancel or decision (decision 87). */
export async function cancellationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Changes answer with the order detail, read for the caller.
  const viewerOf = (req: FastifyRequest) => orderViewer(principalOf(req), app.config);

  app.get(
    '/api/cancellations/reasons',
    {
      ...access({ auth: 'session' }),
      schema: { tags: ['cancellations'], summary: 'Cancellation reasons; the last item is "Lainnya" (id 0, needs reasonText)', response: { 200: envelope(reasonListSchema), ...readReplies } },
    },
    async () => ok(await listReasons(app.db)),
  );

  app.post(
    '/api/cancellations',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['cancellations'],
        summary: 'Cancel an order in 1101/1102/1103: a decider (CANCEL_RULE) cancels at once, anyone else leaves a request',
        description:
          'The kepala toko and above cancel 1101, 1102 and a pickup order in 1103 at once; a delivery order in 1103 (out for delivery) only an area supervisor or above. Anyone else gets a pending request (`request.status: pending`) for a decider. A finished or cancelled order → 409 CANCEL_NOT_ALLOWED; a pending request already → 409 CANCEL_REQUEST_PENDING; an unknown reasonId → 400 on body.reasonId. Cancelling a packed order (1103) puts its picked units back on the store\'s books; the sales channel is told (channel notice order.cancelled).',
        body: cancelBodySchema,
        response: { 201: envelope(cancelResultSchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await requestCancellation(app.db, viewerOf(req), req.body))),
  );

  app.get(
    '/api/cancellations',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['cancellations'],
        summary: "Cancellation requests of the caller's active store: pending oldest first, decided newest first; canDecide tells who may act",
        querystring: cancelListQuerySchema,
        response: { 200: envelope(cancelListSchema), ...readReplies },
      },
    },
    async (req) => ok(await listRequests(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/cancellations/count',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['cancellations'],
        summary: "Pending cancellation requests of one of the caller's stores (?storeCode=, home names its active store), else of the active store",
        querystring: cancelCountQuerySchema,
        response: { 200: envelope(cancelCountSchema), ...findReplies },
      },
    },
    async (req) => ok(await countPending(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/cancellations/:shipmentNo',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['cancellations'],
        summary: "The latest cancellation request of an order: null while it has none; an unknown order or another store's → 404 CANCEL_REQUEST_NOT_FOUND",
        params: shipmentParamsSchema,
        response: { 200: envelope(cancelRequestSchema.nullable()), ...findReplies },
      },
    },
    async (req) => ok(await getLatestRequest(app.db, principalOf(req), req.params.shipmentNo)),
  );

  app.post(
    '/api/cancellations/:shipmentNo/approve',
    {
      ...access(deciders),
      schema: {
        tags: ['cancellations'],
        summary: 'Approve the pending request: the order is cancelled as by a direct cancel (1101/1102/1103 → 1106)',
        description:
          'Decided by the order\'s status now: a delivery order in 1103 needs an area supervisor or above (403 CANCEL_NEEDS_SUPERVISOR). Decided already → 409 CANCEL_ALREADY_DECIDED; an order completed meanwhile → 409 CANCEL_NOT_ALLOWED, the request stays pending.',
        params: shipmentParamsSchema,
        body: cancelApproveBodySchema,
        response: { 200: envelope(cancelResultSchema), ...changeReplies },
      },
    },
    async (req) => ok(await approveCancellation(app.db, viewerOf(req), req.params.shipmentNo, req.body)),
  );

  app.post(
    '/api/cancellations/:shipmentNo/reject',
    {
      ...access(deciders),
      schema: {
        tags: ['cancellations'],
        summary: 'Reject the pending request with a note the crew reads; the order stays as it is',
        params: shipmentParamsSchema,
        body: cancelRejectBodySchema,
        response: { 200: envelope(cancelResultSchema), ...changeReplies },
      },
    },
    async (req) => ok(await rejectCancellation(app.db, viewerOf(req), req.params.shipmentNo, req.body)),
  );
}
