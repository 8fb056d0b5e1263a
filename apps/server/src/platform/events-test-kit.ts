import { beforeAll, expect } from 'vitest';
import { listenLocally, type TestContext } from '../test/harness';
import { readEventFrames } from '../test/sse';
import { products } from '../db/schema';
import { signBody } from '../modules/channels/signature';
import { randomTag } from '../test/random';

/**
 * The event stream tests' app, listening on a port once the file's context exists (its address is
 * handed to `onListening`), and the calls they make against it.
 */
export function eventStreamKit(ctx: TestContext, onListening: (base: string) => void) {
  let base: string;
  beforeAll(async () => {
    base = await listenLocally(ctx);
    onListening(base);
  });

  /** Reads SSE frames until `until` matches one or the time runs out. */
  async function readEvents(token: string, headers: Record<string, string>, until: (frames: string[]) => boolean, onOpen?: () => Promise<void>) {
    return readEventFrames(base, { authorization: `Bearer ${token}`, ...headers }, until, {
      onOpen,
      onResponse: (res) => expect(res.headers.get('content-type')).toContain('text/event-stream'),
    });
  }

  async function sendOrder(storeCode: string) {
    const [product] = await ctx.handle.db.select().from(products).limit(1);
    const body = JSON.stringify({
      orderNo: `EV-${randomTag(11)}`,
      storeCode,
      deliveryType: 0,
      paymentId: 1,
      customer: { name: 'Budi', phone: '081200000000' },
      lines: [{ barcode: product!.ean13, qty: 1 }],
    });
    const res = await fetch(`${base}/api/channels/379/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(body, 'gerai-channel-379') },
      body,
    });
    const reply = (await res.json()) as { data: { shipmentNo: string } };
    return reply.data.shipmentNo;
  }

  return { readEvents, sendOrder };
}

export async function eventually(check: () => boolean, what: () => unknown, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(what())} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
