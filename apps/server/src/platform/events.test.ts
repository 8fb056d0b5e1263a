import { beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, inArray } from 'drizzle-orm';
import { listenLocally, testContextPerFile } from '../test/harness';
import { readEventFrames } from '../test/sse';
import { events, products } from '../db/schema';
import { signBody } from '../modules/channels/signature';
import { EVENTS_CHANNEL } from './audit';
import { MAX_STREAM_BUFFER_BYTES, purgeOldEvents } from './events';
import { buildApp } from '../app';
import { randomTag } from '../test/random';

const ctx = testContextPerFile();
let base: string;
beforeAll(async () => {
  base = await listenLocally(ctx);
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

/** Waits until `check` holds, or fails with what it last saw. */
async function eventually(check: () => boolean, what: () => unknown, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(what())} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('GET /api/events never outlives its connection', () => {
  // The store read cache subscribes once for the life of the app; every other subscriber is a stream.
  let baseline: number;
  const state = () => ({ subscribers: ctx.app.events.subscriberCount, streams: ctx.app.events.openStreams });
  const settled = () => eventually(() => ctx.app.events.subscriberCount === baseline && ctx.app.events.openStreams === 0, state);
  beforeAll(async () => {
    await settled().catch(() => undefined);
    baseline = ctx.app.events.subscriberCount;
    expect(ctx.app.events.openStreams).toBe(0);
  });

  it('refuses a Last-Event-ID that is not an event id with 400, before any stream starts', async () => {
    const { token } = await ctx.loginAs('10000001');
    for (const bad of ['99999999999999999999', '-1', 'abc', '1e5', '0x10', '1.5']) {
      const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, 'last-event-id': bad } });
      const body = (await res.json()) as { code: string; details: Array<{ path: string }> };
      expect(res.status, bad).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details[0]!.path).toContain('last-event-id');
    }
    const query = await fetch(`${base}/api/events?lastEventId=99999999999999999999`, { headers: { authorization: `Bearer ${token}` } });
    expect(query.status).toBe(400);
    expect(((await query.json()) as { details: Array<{ path: string }> }).details[0]!.path).toContain('lastEventId');
    expect(state()).toEqual({ subscribers: baseline, streams: 0 });
  });

  it('drops no subscription on a flood of such requests (the leak that grew the server past 1 GB)', async () => {
    const { token } = await ctx.loginAs('10000001');
    await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, 'last-event-id': '99999999999999999999' } }).then((r) => r.text())),
    );
    expect(state()).toEqual({ subscribers: baseline, streams: 0 });
  });

  it('starts from now when Last-Event-ID is ahead of every stored event (a database restored from backup)', async () => {
    const { token } = await ctx.loginAs('10000001');
    let shipmentNo = '';
    const frames = await readEvents(
      token,
      { 'last-event-id': '999999999999999' },
      (f) => f.some((x) => shipmentNo !== '' && x.includes(shipmentNo)),
      async () => {
        shipmentNo = await sendOrder('T001');
      },
    );
    expect(frames[0]).toContain('event: ready');
    expect(frames.some((x) => x.includes(shipmentNo))).toBe(true);
  });

  it('ends the stream and removes its subscription when the replay fails after the stream started', async () => {
    const { token } = await ctx.loginAs('10000001');
    // Only the stream's own first read fails (the latest event id); signing in still reads the database.
    const db = ctx.app.db;
    const original = db.select.bind(db);
    let failed = false;
    const select = vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof db.select>) => {
      if (!failed && args[0] && Object.keys(args[0]).join() === 'id') {
        failed = true;
        throw new Error('the database went away');
      }
      return original(...args);
    }) as typeof db.select);
    try {
      const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, 'last-event-id': '1' }, signal: AbortSignal.timeout(5000) });
      expect(res.status).toBe(200);
      // The body ends by itself (the client would reconnect with its Last-Event-ID).
      expect(await res.text()).toBe('retry: 3000\n\n');
      expect(failed).toBe(true);
    } finally {
      select.mockRestore();
    }
    await settled();
  });

  it('removes every subscription when the clients leave', async () => {
    const { token } = await ctx.loginAs('10000001');
    const controllers = Array.from({ length: 30 }, () => new AbortController());
    await Promise.all(controllers.map((c) => fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: c.signal })));
    await eventually(() => ctx.app.events.openStreams === 30, state);
    expect(ctx.app.events.subscriberCount).toBe(baseline + 30);
    for (const c of controllers) c.abort();
    await settled();
  });

  it('drops a client that stops reading once its buffer is full, and lets the others carry on', async () => {
    const { token } = await ctx.loginAs('10000001');
    // A phone that stopped reading: the response is paused, so the socket fills and then the server's buffer.
    const stuck = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } }, resolve);
      req.on('error', reject);
    });
    stuck.pause();
    // A phone that keeps reading.
    const reading = new AbortController();
    const healthy = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: reading.signal });
    let received = '';
    const consumed = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of healthy.body!) received = (received + decoder.decode(chunk as Uint8Array, { stream: true })).slice(-20_000);
      } catch {
        // aborted at the end
      }
    })();
    await eventually(() => ctx.app.events.openStreams === 2, state);
    const pad = 'x'.repeat(6000);
    let sent = 0;
    let lastId = 0;
    // Until the server lets the stuck one go: past the socket buffers on both sides plus MAX_STREAM_BUFFER_BYTES.
    while (ctx.app.events.openStreams === 2 && sent < 64 * 1024 * 1024) {
      lastId = 900_000_000 + sent;
      await ctx.handle.notify(EVENTS_CHANNEL, JSON.stringify({ id: lastId, storeCode: 'T001', type: 'order.created', payload: { shipmentNo: `SHP${lastId}`, pad }, createdAt: new Date().toISOString() }));
      sent += pad.length;
      // Paced so a reading phone keeps up; the stuck one falls behind whatever the pace.
      if (sent % (pad.length * 10) === 0) await new Promise((r) => setTimeout(r, 5));
    }
    // Dropped once about MAX_STREAM_BUFFER_BYTES waited for it, not at the first event.
    expect(sent).toBeGreaterThan(MAX_STREAM_BUFFER_BYTES / 2);
    expect(ctx.app.events.openStreams).toBe(1);
    // The reader got everything, up to the last event.
    await eventually(() => received.includes(`SHP${lastId}`), () => received.slice(-200));
    reading.abort();
    await consumed;
    stuck.destroy();
    await settled();
  });
});

describe('EventBus subscriptions by store', () => {
  it('hands a store\'s subscriber that store\'s events and those of no store, and an "all" subscriber everything', async () => {
    const notify = (id: number, storeCode: string | null) =>
      ctx.handle.notify(EVENTS_CHANNEL, JSON.stringify({ id, storeCode, type: 'order.created', payload: {}, createdAt: new Date().toISOString() }));
    const t001: number[] = [];
    const all: number[] = [];
    const before = ctx.app.events.subscriberCount;
    const stopT001 = ctx.app.events.subscribe((e) => t001.push(e.id), ['T001']);
    const stopAll = ctx.app.events.subscribe((e) => all.push(e.id));
    expect(ctx.app.events.subscriberCount).toBe(before + 2);
    await notify(800_000_001, 'T001');
    await notify(800_000_002, 'T002');
    await notify(800_000_003, null);
    await eventually(() => all.length === 3, () => all);
    expect(t001).toEqual([800_000_001, 800_000_003]);
    stopT001();
    stopAll();
    expect(ctx.app.events.subscriberCount).toBe(before);
    // A later subscriber sees the next event: by then the stopped ones would have had it too.
    const later: number[] = [];
    const stopLater = ctx.app.events.subscribe((e) => later.push(e.id));
    await notify(800_000_004, 'T001');
    await eventually(() => later.includes(800_000_004), () => later);
    stopLater();
    expect(all).toHaveLength(3);
    expect(t001).toHaveLength(2);
  });
});

describe('an event that commits after a higher-numbered one', () => {
  it('still reaches the stream, without an id line, so the client\'s Last-Event-ID stays where it was', async () => {
    const { token } = await ctx.loginAs('10000001');
    const [latest] = await ctx.handle.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
    const base = (latest?.id ?? 0) + 1_000_000;
    const notify = (id: number) =>
      ctx.handle.notify(EVENTS_CHANNEL, JSON.stringify({ id, storeCode: 'T001', type: 'order.created', payload: { shipmentNo: `LATE${id}` }, createdAt: new Date().toISOString() }));
    const frames = await readEvents(
      token,
      {},
      (f) => f.some((x) => x.includes(`LATE${base + 1}`)),
      async () => {
        await notify(base + 2);
        await notify(base + 1);
      },
    );
    const late = frames.find((x) => x.includes(`LATE${base + 1}`))!;
    const early = frames.find((x) => x.includes(`LATE${base + 2}`))!;
    expect(early).toMatch(new RegExp(`^id: ${base + 2}$`, 'm'));
    expect(late).not.toMatch(/^id:/m);
  });
});

describe('shutdown with phones connected', () => {
  it('ends the open streams first, so the server closes at once instead of waiting for every phone', async () => {
    const app = await buildApp({ config: ctx.config, handle: ctx.handle, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;
    const { token } = await ctx.loginAs('10000001');
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    // Closed once the stream is live (its replay done, "ready" sent), not while it is still starting.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    while (!body.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    expect(body).toContain('event: ready');
    expect(app.events.openStreams).toBe(1);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    // The phone sees its stream end (and reconnects with Last-Event-ID, to another process behind a load balancer).
    for (;;) if ((await reader.read()).done) break;
  });
});

describe('event retention', () => {
  it('deletes the events older than the kept days, oldest first, and keeps the rest', async () => {
    const day = 86_400_000;
    const now = new Date();
    const rows = await ctx.handle.db
      .insert(events)
      .values([10, 9, 8, 6, 1].map((daysAgo) => ({ storeCode: 'T001', type: 'order.created' as const, payload: {}, createdAt: new Date(now.getTime() - daysAgo * day) })))
      .returning({ id: events.id, createdAt: events.createdAt });
    const ids = rows.map((r) => r.id);
    expect(await purgeOldEvents(ctx.handle.db, 7, now)).toBeGreaterThanOrEqual(3);
    const left = await ctx.handle.db.select({ id: events.id }).from(events).where(inArray(events.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual(ids.slice(3).sort());
  });
});
