import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  lineOutOfStockBodySchema,
  lineQuantityBodySchema,
  orderDetailSchema,
  orderLineParamsSchema,
  paperBagsBodySchema,
  scanBodySchema,
  scanResultSchema,
  shipmentParamsSchema,
} from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, changeReplies, ok } from '../../platform/route-kit';
import { orderViewer } from './detail';
import { resetPicking, setLineOutOfStock, setLineQuantity, setPaperBags } from './picking';
import { scanBarcode } from './scan';


/** Picking an order in 1102: scans and the edits of the detail screen. Each answers with the order detail. */
export async function pickingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const viewerOf = (req: FastifyRequest) => orderViewer(principalOf(req), app.config);

  app.post(
    '/api/orders/:shipmentNo/scan',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders', 'scanning'],
        summary: 'Count one scanned unit on the matching line (EAN-13/EAN-8/UPC/Code128/QR text)',
        description: 'Not in the order → 422 SCAN_NOT_IN_ORDER; line already complete → 422 SCAN_OVER_QUANTITY. Every scan is logged. Send an Idempotency-Key so a retried scan counts once.',
        params: shipmentParamsSchema,
        body: scanBodySchema,
        response: { 200: envelope(scanResultSchema), ...changeReplies },
      },
    },
    async (req) => ok(await scanBarcode(app.db, principalOf(req), req.params.shipmentNo, req.body.barcode)),
  );

  app.post(
    '/api/orders/:shipmentNo/lines/:lineId/quantity',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: 'Edit quantity: set the picked quantity of a line (0 … ordered − out of stock)',
        params: orderLineParamsSchema,
        body: lineQuantityBodySchema,
        response: { 200: envelope(orderDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await setLineQuantity(app.db, viewerOf(req), req.params.shipmentNo, req.params.lineId, req.body.qty)),
  );

  app.post(
    '/api/orders/:shipmentNo/lines/:lineId/out-of-stock',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: 'Out of stock: set attrQtyOos of a line (0 … ordered − picked); the total follows',
        params: orderLineParamsSchema,
        body: lineOutOfStockBodySchema,
        response: { 200: envelope(orderDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await setLineOutOfStock(app.db, viewerOf(req), req.params.shipmentNo, req.params.lineId, req.body.qtyOos)),
  );

  app.post(
    '/api/orders/:shipmentNo/paper-bags',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: 'Set the number of paper bags (0–20); they are charged, the total follows',
        params: shipmentParamsSchema,
        body: paperBagsBodySchema,
        response: { 200: envelope(orderDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await setPaperBags(app.db, viewerOf(req), req.params.shipmentNo, req.body.qty)),
  );

  app.post(
    '/api/orders/:shipmentNo/reset',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: ['orders'],
        summary: 'Reset picking: every line back to 0 picked and 0 out of stock',
        params: shipmentParamsSchema,
        response: { 200: envelope(orderDetailSchema), ...changeReplies },
      },
    },
    async (req) => ok(await resetPicking(app.db, viewerOf(req), req.params.shipmentNo)),
  );
}
