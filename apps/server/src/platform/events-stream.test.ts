import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { desc, inArray } from 'drizzle-orm';
import { EVENT_CURSOR_HEADER } from '@gerai/contract';
import { testContextPerFile } from '../test/harness';
import { events } from '../db/schema';
import { EVENTS_CHANNEL } from './audit';
import { purgeOldEvents } from './events';
import { buildApp } from '../app';
import { eventStreamKit, eventually } from './events-test-kit';

const ctx = testContextPerFile();
let base: string;
const { readEvents, sendOrder } = eventStreamKit(ctx, (url) => (base = url));

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

  it("says on every read how far its events go, so a stream opened from there gets an order that came after the read", async () => {
    const { token } = await ctx.loginAs('10000001');
    await eventually(() => ctx.app.events.heardId > 0, () => ctx.app.events.heardId);
    const read = await fetch(`${base}/api/orders/count`, { headers: { authorization: `Bearer ${token}` } });
    const cursor = read.headers.get(EVENT_CURSOR_HEADER);
    expect(cursor).toBe(String(ctx.app.events.heardId));
    // The order lands between the read and the stream: the stream from the read's cursor still has it.
    const shipmentNo = await sendOrder('T001');
    const frames = await readEvents(token, { 'last-event-id': cursor! }, (f) => f.some((x) => x.includes(shipmentNo)));
    expect(frames.find((x) => x.includes(shipmentNo))).toContain('event: order.created');
  });

  it('refuses an anonymous caller', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
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
