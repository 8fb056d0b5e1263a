import { describe, expect, it, vi } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { channelNotices, events, orders } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { backoffSeconds, channelTransport, dispatchDueNotices, enqueueChannelNotice, startNoticeDispatcher, type NoticePolicy, type OutgoingNotice } from './index';
import { SIGNATURE_HEADER, verifySignature } from './signature';

const ctx = testContextPerFile();
const policy: NoticePolicy = { maxAttempts: 3, backoffSeconds: 30, backoffMaxSeconds: 45, leaseSeconds: 60 };

let refs = 0;
/** A pending notice about a seeded T001 order (1106), due now. */
async function queued(kind: 'order.cancelled' | 'return.approved' = 'order.cancelled') {
  const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).orderBy(asc(orders.id)).limit(1).offset(refs);
  const ref = `${order!.shipmentNo}#${refs++}`;
  const id = await ctx.handle.db.transaction((tx) =>
    enqueueChannelNotice(tx, { orderId: order!.id, shipmentNo: order!.shipmentNo, storeCode: 'T001', appId: order!.appId, kind, ref, payload: { orderNo: order!.orderNo } }),
  );
  return { id: id!, order: order!, ref };
}

const noticeRow = async (id: number) => (await ctx.handle.db.select().from(channelNotices).where(eq(channelNotices.id, id)))[0]!;
const noticeEvents = async (shipmentNo: string) =>
  (await ctx.handle.db.select().from(events).where(eq(events.type, 'order.notice')).orderBy(asc(events.id))).filter((e) => (e.payload as { shipmentNo: string }).shipmentNo === shipmentNo);
/** Makes a waiting notice due now, as if its backoff had passed. */
const makeDue = (id: number) => ctx.handle.db.update(channelNotices).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(channelNotices.id, id));
/** Only the given notice is due: the others of the file wait. */
const only = (id: number) => ctx.handle.db.update(channelNotices).set({ nextAttemptAt: sql`now() + interval '1 day'` }).where(sql`${channelNotices.id} <> ${id} and ${channelNotices.status} = 'pending'`);

describe('queueing a notice', () => {
  it('keeps one notice per kind and object, however often it is written', async () => {
    const { id, order, ref } = await queued();
    const again = await enqueueChannelNotice(ctx.handle.db, { orderId: order.id, shipmentNo: order.shipmentNo, storeCode: 'T001', appId: order.appId, kind: 'order.cancelled', ref, payload: {} });
    expect(again).toBeNull();
    expect(await ctx.handle.db.select().from(channelNotices).where(eq(channelNotices.ref, ref))).toHaveLength(1);
    expect(await noticeRow(id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null, sentAt: null });
  });
});

describe('the dispatcher', () => {
  it('sends a due notice once, marks it sent and tells the store live', async () => {
    const { id, order } = await queued();
    await only(id);
    const sent: OutgoingNotice[] = [];
    const result = await dispatchDueNotices(ctx.handle.db, async (n) => void sent.push(n), policy);
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent).toEqual([expect.objectContaining({ id, kind: 'order.cancelled', shipmentNo: order.shipmentNo, appId: order.appId, attempt: 1, payload: { orderNo: order.orderNo } })]);
    const row = await noticeRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
    const [event] = await noticeEvents(order.shipmentNo);
    expect(event).toMatchObject({ storeCode: 'T001', payload: { shipmentNo: order.shipmentNo, kind: 'order.cancelled', status: 'sent', attempts: 1 } });
    // Sent is final: another pass sends nothing.
    expect(await dispatchDueNotices(ctx.handle.db, async (n) => void sent.push(n), policy)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('retries a refused notice with a growing wait, never before it is due, and gives up after the last attempt', async () => {
    const { id, order } = await queued();
    await only(id);
    const transport = vi.fn(async () => {
      throw new Error('HTTP 503');
    });

    expect(await dispatchDueNotices(ctx.handle.db, transport, policy)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = await noticeRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503', sentAt: null });
    const wait1 = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait1).toBeGreaterThan(25);
    expect(wait1).toBeLessThanOrEqual(31);
    // Not due yet: no second send.
    expect(await dispatchDueNotices(ctx.handle.db, transport, policy)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport).toHaveBeenCalledTimes(1);

    await makeDue(id);
    await dispatchDueNotices(ctx.handle.db, transport, policy);
    row = await noticeRow(id);
    expect(row.attempts).toBe(2);
    // 30 s doubled is 60 s, capped at 45 s.
    const wait2 = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait2).toBeGreaterThan(40);
    expect(wait2).toBeLessThanOrEqual(46);

    await makeDue(id);
    expect(await dispatchDueNotices(ctx.handle.db, transport, policy)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await noticeRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'HTTP 503' });
    await makeDue(id);
    expect(await dispatchDueNotices(ctx.handle.db, transport, policy)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport).toHaveBeenCalledTimes(3);
    expect((await noticeEvents(order.shipmentNo)).map((e) => [(e.payload as { status: string }).status, (e.payload as { attempts: number }).attempts])).toEqual([
      ['pending', 1],
      ['pending', 2],
      ['failed', 3],
    ]);
  });

  it('shows the notices on the order detail, oldest first, with the last failure', async () => {
    const { id, order } = await queued();
    await only(id);
    await dispatchDueNotices(
      ctx.handle.db,
      async () => {
        throw new Error('kanal tidak menjawab');
      },
      policy,
    );
    const { authorization } = await ctx.loginAs('10000001');
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.shipmentNo}`, headers: { authorization } })).json().data;
    expect(detail.channelNotices.at(-1)).toMatchObject({ kind: 'order.cancelled', status: 'pending', attempts: 1, lastError: 'kanal tidak menjawab', sentAt: null });
  });

  it('never sends one notice twice when two passes run at once', async () => {
    const { id } = await queued('return.approved');
    await only(id);
    let calls = 0;
    // The send that took the notice is held open until the other pass has ended (or a second send
    // began, which is the failure this test is about): the passes surely overlap, whatever the timing.
    let release!: () => void;
    const otherPassDone = new Promise<void>((r) => (release = r));
    const held = async () => {
      if (++calls === 2) release();
      await otherPassDone;
    };
    const passes = [dispatchDueNotices(ctx.handle.db, held, policy), dispatchDueNotices(ctx.handle.db, held, policy)];
    await Promise.race(passes);
    release();
    const results = await Promise.all(passes);
    expect(calls).toBe(1);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await noticeRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('runs in the background until stopped', async () => {
    const { id } = await queued();
    await only(id);
    const sent: number[] = [];
    const dispatcher = startNoticeDispatcher({ db: ctx.handle.db, transport: async (n) => void sent.push(n.id), policy, pollMs: 20, log: { error: () => undefined } });
    await vi.waitFor(() => expect(sent).toContain(id), { timeout: 5000 });
    await dispatcher.stop();
    expect(await noticeRow(id)).toMatchObject({ status: 'sent' });
  });

  it('doubles the wait per failure up to the cap', () => {
    const p = { backoffSeconds: 10, backoffMaxSeconds: 100 };
    expect([1, 2, 3, 4, 5, 50].map((n) => backoffSeconds(n, p))).toEqual([10, 20, 40, 80, 100, 100]);
  });
});

describe('the transport', () => {
  const notice: OutgoingNotice = { id: 7, appId: 379, kind: 'order.cancelled', ref: 'SHP1', shipmentNo: 'SHP1', storeCode: 'T001', payload: { orderNo: 'AG-1' }, attempt: 1, createdAt: new Date() };
  const config = (webhooks: Record<string, string>) => loadConfig({ NODE_ENV: 'test', CHANNEL_WEBHOOKS: JSON.stringify(webhooks) });

  it('POSTs the notice as JSON signed with the channel secret, like the intake signs orders', async () => {
    const cfg = config({ 379: 'https://channel.example/notices' });
    const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{}', { status: 200 }));
    await channelTransport(cfg, { info: () => undefined }, fetchMock as unknown as typeof fetch)(notice);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://channel.example/notices');
    const headers = init!.headers as Record<string, string>;
    const body = init!.body as string;
    expect(JSON.parse(body)).toMatchObject({ id: 7, kind: 'order.cancelled', shipmentNo: 'SHP1', data: { orderNo: 'AG-1' } });
    expect(verifySignature(body, cfg.channelSecrets['379']!, headers[SIGNATURE_HEADER], { toleranceSeconds: 60 })).toBe('valid');
    expect(headers['idempotency-key']).toBe('gerai-notice-7');
  });

  it('counts an answer other than 2xx as a failure', async () => {
    const fetchMock = vi.fn(async () => new Response('nope', { status: 500 }));
    await expect(channelTransport(config({ 379: 'https://channel.example/n' }), { info: () => undefined }, fetchMock as unknown as typeof fetch)(notice)).rejects.toThrow('HTTP 500');
  });

  it('delivers to the demo sink (logged, accepted) when the channel has no webhook', async () => {
    const info = vi.fn();
    const fetchMock = vi.fn();
    await channelTransport(config({}), { info }, fetchMock as unknown as typeof fetch)(notice);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('refuses a CHANNEL_WEBHOOKS that is not a map of channel ids to http(s) URLs', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CHANNEL_WEBHOOKS: '{"379":"ftp://x"}' })).toThrow(/CHANNEL_WEBHOOKS/);
    expect(() => loadConfig({ NODE_ENV: 'test', CHANNEL_WEBHOOKS: 'not json' })).toThrow(/CHANNEL_WEBHOOKS/);
    expect(loadConfig({ NODE_ENV: 'test' }).CHANNEL_WEBHOOKS).toEqual({});
  });
});
