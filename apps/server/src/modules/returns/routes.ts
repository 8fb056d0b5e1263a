import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  RETURN_FLOW,
  RETURN_PHOTOS,
  reasonListSchema,
  returnableSchema,
  returnApproveBodySchema,
  returnCountQuerySchema,
  returnCountSchema,
  returnCreateBodySchema,
  returnDetailSchema,
  returnListQuerySchema,
  returnListSchema,
  returnPodBodySchema,
  returnReceiveBodySchema,
  returnRejectBodySchema,
  shipmentParamsSchema,
  type ReturnAction,
  type RoleId,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, findReplies, ok, readReplies } from '../../platform/route-kit';
import { podLimits } from '../pod';
import { getReturnable } from './eligibility';
import { countReturns, listReturns } from './queries';
import { getReturnDetail, listReasons } from './views';
import { approveReturn, collectReturn, createReturn, receiveReturn, refundReturn, rejectReturn } from './service';

/** The lowest role RETURN_FLOW lets take `action`: the route refuses anyone below it before reading the body. */
function stepMinRole(action: ReturnAction): RoleId {
  return Math.min(...RETURN_FLOW.filter((s) => s.action === action).map((s) => s.who.minRole)) as RoleId;
}
const stepAccess = (action: ReturnAction) => access({ auth: 'session', minRole: stepMinRole(action) });

/** Returns (retur) of completed orders: request, decide, collect (delivery), receive, refund (decisions 87). */
export async function returnRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Read per call: config is fixed in production; tests may tune it.
  const windowDays = () => app.config.RETURN_WINDOW_DAYS;

  app.get(
    '/api/returns/reasons',
    {
      ...access({ auth: 'session' }),
      schema: { tags: ['returns'], summary: 'Reasons for a return; the last item is "Lainnya" (id 0, needs reasonText)', response: { 200: envelope(reasonListSchema), ...readReplies } },
    },
    async () => ok(await listReasons(app.db)),
  );

  app.get(
    '/api/returns/count',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['returns'],
        summary: "The active store's returns per status (or one of the caller's stores: ?storeCode=); `open` are those not yet complete",
        querystring: returnCountQuerySchema,
        response: { 200: envelope(returnCountSchema), ...findReplies },
      },
    },
    async (req) => ok(await countReturns(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/returns/returnable/:shipmentNo',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['returns'],
        summary: 'What of an order may be returned: delivered, already returned and returnable per line, the return window, and why a return cannot be recorded now',
        params: shipmentParamsSchema,
        response: { 200: envelope(returnableSchema), ...findReplies },
      },
    },
    async (req) => ok(await getReturnable(app.db, principalOf(req), req.params.shipmentNo, windowDays())),
  );

  app.get(
    '/api/returns',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['returns'],
        summary: "The active store's returns in one status, newest first; `query` searches shipment, order number and customer",
        querystring: returnListQuerySchema,
        response: { 200: envelope(returnListSchema), ...readReplies },
      },
    },
    async (req) => ok(await listReturns(app.db, principalOf(req), req.query)),
  );

  app.post(
    '/api/returns',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['returns'],
        summary: 'Record a return of a completed order (1104/1105) within RETURN_WINDOW_DAYS of its completion',
        description: `Lines of the order with at most what was delivered minus earlier returns that were not rejected (422 \`RETURN_QTY_EXCEEDS\`, \`RETURN_LINE_UNKNOWN\`); ${RETURN_PHOTOS.min}–${RETURN_PHOTOS.max} photos uploaded first (POST /api/uploads) by the order's store and not used yet (422 \`RETURN_PHOTO_UNKNOWN\`). An order not completed → 409 \`RETURN_ORDER_NOT_COMPLETED\`; the window passed → 422 \`RETURN_WINDOW_CLOSED\`; an open return → 409 \`RETURN_ALREADY_OPEN\`.`,
        body: returnCreateBodySchema,
        response: { 201: envelope(returnDetailSchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await createReturn(app.db, principalOf(req), windowDays(), req.body))),
  );

  app.get(
    '/api/returns/:shipmentNo',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['returns'],
        summary: "The order's latest return: lines, photos, the return POD, its history and what the caller may do now",
        params: shipmentParamsSchema,
        response: { 200: envelope(returnDetailSchema), ...findReplies },
      },
    },
    async (req) => ok(await getReturnDetail(app.db, principalOf(req), req.params.shipmentNo)),
  );

  const stepSchema = (summary: string, description?: string) => ({
    tags: ['returns'],
    summary,
    ...(description ? { description } : {}),
    params: shipmentParamsSchema,
    response: { 200: envelope(returnDetailSchema), ...changeReplies },
  });
  const STATUS_CHANGED = 'A return no longer in the step\'s starting status (another phone took the step first) → 409 `RETURN_STATUS_CHANGED`.';

  app.post(
    '/api/returns/:shipmentNo/approve',
    { ...stepAccess('approve'), schema: { ...stepSchema('Approve the requested return (kepala toko and above); the channel is told', STATUS_CHANGED), body: returnApproveBodySchema } },
    async (req) => ok(await approveReturn(app.db, principalOf(req), req.params.shipmentNo, req.body)),
  );

  app.post(
    '/api/returns/:shipmentNo/reject',
    { ...stepAccess('reject'), schema: { ...stepSchema('Reject the requested return with a note (kepala toko and above); the channel is told', STATUS_CHANGED), body: returnRejectBodySchema } },
    async (req) => ok(await rejectReturn(app.db, principalOf(req), req.params.shipmentNo, req.body)),
  );

  app.post(
    '/api/returns/:shipmentNo/pod',
    {
      ...stepAccess('collect'),
      schema: {
        ...stepSchema(
          "The return POD: a delivered order's goods collected at the customer's address (approved → collected)",
          `Decided like scan and go: within POD_RADIUS_METERS of the customer with accuracy ≤ POD_MAX_ACCURACY_METERS (else 422 \`POD_OUTSIDE_AREA\` / \`POD_ACCURACY_TOO_LOW\`), captured at most POD_CAPTURE_MAX_AGE_MINUTES before it arrives (422 \`POD_CAPTURE_TOO_OLD\` / \`POD_CAPTURE_IN_FUTURE\`). A pickup order's return → 422 \`RETURN_POD_PICKUP_ORDER\`. ${STATUS_CHANGED}`,
        ),
        body: returnPodBodySchema,
      },
    },
    async (req) => ok(await collectReturn(app.db, principalOf(req), podLimits(app.config), req.params.shipmentNo, req.body)),
  );

  app.post(
    '/api/returns/:shipmentNo/receive',
    {
      ...stepAccess('receive'),
      schema: {
        ...stepSchema(
          'The goods arrive at the store: every line once with what came back and its condition; the units enter the stock (sellable or damaged)',
          `A quantity over the line's → 422 \`RETURN_RECEIVED_EXCEEDS\`; a line not in the return → 422 \`RETURN_LINE_UNKNOWN\`; a line left out → 400. Pickup orders: approved → received; delivery orders: collected → received. ${STATUS_CHANGED}`,
        ),
        body: returnReceiveBodySchema,
      },
    },
    async (req) => ok(await receiveReturn(app.db, principalOf(req), req.params.shipmentNo, req.body)),
  );

  app.post(
    '/api/returns/:shipmentNo/refund',
    { ...stepAccess('refund'), schema: stepSchema('Confirm the refund of a received return (kepala toko and above); the channel is told', STATUS_CHANGED) },
    async (req) => ok(await refundReturn(app.db, principalOf(req), req.params.shipmentNo)),
  );
}
