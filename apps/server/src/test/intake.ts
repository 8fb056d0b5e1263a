import type { IntakeOrder } from '@gerai/contract';
import { products } from '../db/schema';
import { SIGNATURE_HEADER, signBody } from '../modules/channels/signature';
import type { TestContext } from './harness';
import { randomTag } from './random';

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

/** Sends an order the way channel 379 does (the body signed with its secret): the reply, whatever it is. The bench sends its intakes this way too. */
export function sendChannelOrder(ctx: Pick<TestContext, 'app' | 'config'>, order: IntakeOrder): Promise<Reply> {
  const payload = JSON.stringify(order);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/channels/379/orders',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(payload, ctx.config.channelSecrets['379']!) },
    payload,
  });
}

/**
 * A T001 pickup order of one unit of the first product, with a fresh order number: what a test
 * needs when only an order's arrival matters. `overrides` replace whole fields.
 */
export async function oneLineOrder(ctx: TestContext, overrides: Partial<IntakeOrder> = {}): Promise<IntakeOrder> {
  const [product] = await ctx.handle.db.select({ ean: products.ean13 }).from(products).limit(1);
  return {
    orderNo: `IN-${randomTag(12)}`,
    storeCode: 'T001',
    deliveryType: 0,
    paymentId: 2,
    customer: { name: 'Siti Rahayu', phone: '081234567890' },
    lines: [{ barcode: product!.ean, qty: 1 }],
    paperBags: 0,
    ...overrides,
  };
}
