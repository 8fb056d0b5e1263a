import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, RECAP_MAX_DAYS, RECAP_TABLES, recapCsvParamsSchema, recapQuerySchema, recapSchema, SEE_PEOPLE_MIN_ROLE } from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { access, errorReplies, findReplies, ok } from '../../platform/route-kit';
import { assertRole } from '../../platform/scope';
import { recapCsvFileName, recapCsvStream } from './csv';
import { PART_OF_TABLE } from './parts';
import { isWholeChain } from './chain';
import { getRecap } from './service';

const TAGS = ['recap'];
const SCOPE = `Over the caller's store scope (crew and kepala toko: their store; area supervisor: the area's stores; helpdesk and super user: every store); \`storeCode\` narrows it to one store of that scope (else 404). \`from\` and \`to\` are WIB days, both included, at most ${RECAP_MAX_DAYS} days.`;

/** The recap (/rekap-ac): its figures as JSON, and each of its tables as a CSV download. */
export async function recapRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/recap',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'The recap of the orders that arrived in a range of days: by day, channel, status and crew member, completion times, out of stock, cancellations, returns and POD exceptions',
        description: `${SCOPE} \`byCrew\` is null below the kepala toko, and for the whole chain (\`crewNeedsStore\`: a store is picked to see its crew).`,
        querystring: recapQuerySchema,
        response: { 200: envelope(recapSchema), ...findReplies },
      },
    },
    async (req) => ok(await getRecap(app.db, principalOf(req), req.query)),
  );

  app.get(
    '/api/recap/csv/:table',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'One table of the recap as a CSV download (UTF-8 with BOM, `;` between fields, decimal comma), streamed',
        description: `${SCOPE} Tables: ${RECAP_TABLES.join(', ')}; \`crew\` needs the kepala toko or above (else 403) and, for the helpdesk and the super user, a \`storeCode\` (else 400 STORE_REQUIRED). The rows are the figures of GET /api/recap.`,
        params: recapCsvParamsSchema,
        querystring: recapQuerySchema,
        response: { 200: { description: 'The table as CSV', content: { 'text/csv': { schema: z.string() } } }, ...findReplies, ...errorReplies(400, 403) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const { table } = req.params;
      if (table === 'crew') {
        assertRole(p, SEE_PEOPLE_MIN_ROLE);
        // The whole chain has no crew table (service.ts).
        if (isWholeChain(p, req.query)) throw new AppError('STORE_REQUIRED');
      }
      // The table's own part only (a CSV of the cancellations reads no order line).
      const recap = await getRecap(app.db, p, req.query, new Set([PART_OF_TABLE[table]]));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${recapCsvFileName(table, req.query)}"`)
        .header('cache-control', 'no-store');
      // A stream, not a JSON value: the typed reply is told so.
      return reply.send(recapCsvStream(recap, table) as never);
    },
  );
}
