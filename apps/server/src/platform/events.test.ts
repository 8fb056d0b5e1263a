import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/harness';
import { events, products } from '../db/schema';
import { signBody } from '../modules/channels/signature';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => ctx?.close());

/** Reads SSE frames until `until` matches one or the time runs out. */
async function readEvents(token: string, headers: Record<string, string>, until: (frames: string[]) => boolean, onOpen?: () => Promise<void>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 8000);
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: string[] = [];
  let opened = false;
  try {
    while (!until(frames)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      frames.push(...parts.filter((p) => p.includes('event:')));
      if (!opened && onOpen) {
        opened = true;
        await onOpen();
      }
    }
  } catch {
    // aborted: return what arrived
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return frames;
}

async function sendOrder(storeCode: string) {
  const [product] = await ctx.handle.db.select().from(products).limit(1);
  const body = JSON.stringify({
    orderNo: `EV-${Math.random().toString(36).slice(2)}`,
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

describe('GET /api/events', () => {
  it('pushes a new order of the store to its crew as it is committed', async () => {
    const { token } = await ctx.loginAs('10000001');
    let shipmentNo = '';
    const frames = await readEvents(
      token,
      {},
      (f) => f.some((x) => shipmentNo !== '' && x.includes(shipmentNo)),
      async () => {
        shipmentNo = await sendOrder('T001');
      },
    );
    const frame = frames.find((x) => x.includes(shipmentNo));
    expect(frame).toContain('event: order.created');
    expect(frame).toMatch(/^id: \d+/m);
  });

  it('replays what was missed after Last-Event-ID, only for the stores the caller may see', async () => {
    const [latest] = await ctx.handle.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
    const before = latest?.id ?? 0;
    const t1 = await sendOrder('T001');
    const t2 = await sendOrder('T002');
    const { token } = await ctx.loginAs('10000002');
    const frames = await readEvents(token, { 'last-event-id': String(before) }, (f) => f.some((x) => x.includes(t2)));
    expect(frames.some((x) => x.includes(t2))).toBe(true);
    expect(frames.some((x) => x.includes(t1))).toBe(false);
  });

  it('refuses an anonymous caller', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });
});
