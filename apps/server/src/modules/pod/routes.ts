import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  errorReplySchema,
  podApproveBodySchema,
  podDecisionParamsSchema,
  podDecisionResultSchema,
  podMyRequestsQuerySchema,
  podMyRequestsSchema,
  podOutsideReplySchema,
  podReasonListSchema,
  podRejectBodySchema,
  podRequestBodySchema,
  podRequestCountQuerySchema,
  podRequestCountSchema,
  podRequestDetailParamsSchema,
  podRequestDetailSchema,
  podRequestListQuerySchema,
  podRequestListSchema,
  podScanGoBodySchema,
  podScanGoResultSchema,
  ROLE,
} from '@gerai/contract';
import { podRejectReasons, podRequestReasons } from '../../db/schema';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, errorReplies, ok, readReplies, roleReadReplies } from '../../platform/route-kit';
import { orderViewer } from '../orders';
import { podLimits } from './decide';
import { countPending, getRequestDetail, listMyRequests, listReasons, listRequests } from './queries';
import { approvePodRequest, createPodRequest, rejectPodRequest } from './requests';
import { scanAndGo } from './scan-go';

const FORM = 'application/x-www-form-urlencoded';
/** Form calls (spec §7) also read JSON with the same fields. */
const consumes = [FORM, 'application/json'];
/** The supervisors' queue: kepala toko and above. */
const chiefOnly = { auth: 'session', minRole: ROLE.STORE_CHIEF } as const;

/**
 * A form body as a plain object. A repeated field becomes an array, which the
 * zod schemas refuse, so an ambiguous form is a 400 and never a guess.
 */
export function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** Scan-and-go proof of delivery and the supervisors' approval queue (spec §3, §7, §8). */
export async function podRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Read per call: config is fixed in production; tests may tune it.
  const limits = () => podLimits(app.config);
  // Changes answer with the order detail, read for the caller.
  const viewerOf = (req: FastifyRequest) => orderViewer(principalOf(req), app.config);

  // Encapsulated: form bodies are read on these routes only.
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });

  app.post(
    '/api/pod/scan-go',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['pod'],
        summary: 'Scan and go: the server checks the position against the customer and completes the delivery (1103 → 1104)',
        description: `Within POD_RADIUS_METERS (default 150) of the customer's coordinates and with accuracy ≤ POD_MAX_ACCURACY_METERS (default 100) the order is completed. Outside: 422 \`POD_OUTSIDE_AREA\` "koordinat lokasi POD tidak sesuai" with \`data.status: false\`, the distance and whether an approval request may be sent. Poor accuracy: 422 \`POD_ACCURACY_TOO_LOW\`. The position is decided on as captured (\`capturedAt\`, the phone's time of the fix): received more than POD_CAPTURE_MAX_AGE_MINUTES (default 120) after it was taken → 422 \`POD_CAPTURE_TOO_OLD\`; more than 5 minutes ahead of the server's clock → 422 \`POD_CAPTURE_IN_FUTURE\`. The POD record keeps both the capture and the arrival time.`,
        consumes,
        body: podScanGoBodySchema,
        response: { 200: envelope(podScanGoResultSchema), ...changeReplies, 422: podOutsideReplySchema.or(errorReplySchema) },
      },
    },
    async (req, reply) => {
      const outcome = await scanAndGo(app.db, viewerOf(req), limits(), req.body);
      if (outcome.kind === 'outside') return reply.code(422).send(outcome.reply);
      return ok(outcome.result);
    },
  );

  app.get(
    '/api/pod/reasons/request',
    {
      ...access({ auth: 'session' }),
      schema: { tags: ['pod'], summary: 'Reasons for a POD approval request; the last item is "Lainnya" (id 0, needs reasonText)', response: { 200: envelope(podReasonListSchema), ...readReplies } },
    },
    async () => ok(await listReasons(app.db, podRequestReasons)),
  );

  app.get(
    '/api/pod/reasons/reject',
    {
      ...access({ auth: 'session' }),
      schema: { tags: ['pod'], summary: 'Reasons for rejecting a POD request; the last item is "Lainnya" (id 0, needs rejectReasonText)', response: { 200: envelope(podReasonListSchema), ...readReplies } },
    },
    async () => ok(await listReasons(app.db, podRejectReasons)),
  );

  app.post(
    '/api/pod/requests',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['pod'],
        summary: "POD approval request (form-encoded): `type` 'order' for a delivery order in 1103 outside the radius, 'retur' for an approved delivery return's goods collected outside it",
        description: 'One pending request per order (409 "Pengajuan POD sudah dilakukan"); only within POD_REQUEST_MAX_METERS (default 1000) of the customer (422 "Lokasi pengajuan POD tidak sesuai"); an order with an open return is refused (422 "Order sedang dalam pengajuan retur"); a position captured too long before it arrives (POD_CAPTURE_MAX_AGE_MINUTES) is 422 POD_CAPTURE_TOO_OLD, one ahead of the server\'s clock 422 POD_CAPTURE_IN_FUTURE.',
        consumes,
        body: podRequestBodySchema,
        response: { 201: envelope(podRequestDetailSchema), ...changeReplies },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await createPodRequest(app.db, principalOf(req), limits(), req.body))),
  );

  app.get(
    '/api/pod/requests',
    {
      ...access(chiefOnly),
      schema: {
        tags: ['pod'],
        summary: "Supervisors' POD request queue over all the caller's stores (kepala toko and above)",
        description: 'Dates are WIB calendar days (inclusive) on requestDate. With both startDate and endDate the list is oldest first (spec §5), otherwise newest first; startDate after endDate → 400.',
        querystring: podRequestListQuerySchema,
        response: { 200: envelope(podRequestListSchema), ...roleReadReplies },
      },
    },
    async (req) => ok(await listRequests(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/pod/requests/count',
    {
      ...access(chiefOnly),
      schema: {
        tags: ['pod'],
        summary: "Pending POD requests in the caller's stores, or in one of them (?storeCode=: home counts its active store)",
        querystring: podRequestCountQuerySchema,
        response: { 200: envelope(podRequestCountSchema), ...roleReadReplies, ...errorReplies(404) },
      },
    },
    async (req) => ok(await countPending(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/pod/requests/mine',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['pod'],
        summary: "The crew's view: an order's POD requests (newest first) or, without shipmentNo, the caller's own",
        querystring: podMyRequestsQuerySchema,
        response: { 200: envelope(podMyRequestsSchema), ...readReplies },
      },
    },
    async (req) => ok(await listMyRequests(app.db, principalOf(req), req.query.shipmentNo, req.query.type)),
  );

  app.get(
    '/api/pod/requests/:shipmentNo/:deliveryType/:type?',
    {
      ...access(chiefOnly),
      schema: {
        tags: ['pod'],
        summary: 'POD approval detail: the latest request of the order, both positions, distance and direction',
        params: podRequestDetailParamsSchema,
        response: { 200: envelope(podRequestDetailSchema), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (req) => ok(await getRequestDetail(app.db, principalOf(req), req.params.shipmentNo, req.params.deliveryType, req.params.type ?? 'order')),
  );

  app.post(
    '/api/pod/requests/:shipmentNo/approve',
    {
      ...access(chiefOnly),
      schema: {
        tags: ['pod'],
        summary: "Approve the order's latest POD request if pending (form-encoded; `type` optional, the type the decider saw): 'order' completes the order (1103 → 1104), 'retur' collects the return's goods (approved → collected)",
        consumes,
        params: podDecisionParamsSchema,
        body: podApproveBodySchema,
        response: { 200: envelope(podDecisionResultSchema), ...changeReplies },
      },
    },
    async (req) => ok(await approvePodRequest(app.db, viewerOf(req), req.params.shipmentNo, req.body?.type)),
  );

  app.post(
    '/api/pod/requests/:shipmentNo/reject',
    {
      ...access(chiefOnly),
      schema: {
        tags: ['pod'],
        summary: "Reject the order's latest POD request if pending, with a reason (form-encoded; `type` optional, the type the decider saw); the order or the return stays where it is",
        consumes,
        params: podDecisionParamsSchema,
        body: podRejectBodySchema,
        response: { 200: envelope(podDecisionResultSchema), ...changeReplies },
      },
    },
    async (req) => ok(await rejectPodRequest(app.db, viewerOf(req), req.params.shipmentNo, req.body)),
  );
}
