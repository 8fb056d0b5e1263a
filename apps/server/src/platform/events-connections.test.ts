import { beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import { testContextPerFile } from '../test/harness';
import { EVENTS_CHANNEL } from './audit';
import { MAX_STREAM_BUFFER_BYTES } from './events';
import { eventStreamKit, eventually } from './events-test-kit';

const ctx = testContextPerFile();
let base: string;
const { readEvents, sendOrder } = eventStreamKit(ctx, (url) => (base = url));

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
