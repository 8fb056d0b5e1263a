import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc } from 'drizzle-orm';
import { events } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { readEventFrames } from '../../test/sse';
import { listenLocally, testFileWith } from '../../test/harness';
import { escalateDue, startEscalations } from './escalation';
import { addOrder, ago, escalationLevelsOf, monitoringApi, type TestOrder } from './monitoring-test-kit';

const { ctx, api } = testFileWith(monitoringApi);
const levelsOf = (orderId: number) => escalationLevelsOf(ctx, orderId);

describe('startEscalations', () => {
  const log = () => ({ error: vi.fn(), info: vi.fn() });

  it('runs a pass soon after start, then every ESCALATION_POLL_SECONDS, never two at once, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const calls: Date[] = [];
      let release: (() => void) | null = null;
      let hold = false;
      const pass = vi.fn(async (_db: unknown, _config: unknown, now?: Date) => {
        calls.push(now!);
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return 0;
      });
      const job = startEscalations(ctx.handle.db, { ...ctx.config, ESCALATION_POLL_SECONDS: 30 }, log(), pass);
      const start = Date.now();
      await vi.advanceTimersByTimeAsync(999);
      expect(pass).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(pass).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(pass).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(pass).toHaveBeenCalledTimes(4);
      // Each pass is given the time it runs at.
      expect(calls.map((c) => c.getTime() - start)).toEqual([1_000, 31_000, 61_000, 91_000]);

      // A slow pass holds the next one back until it ends.
      hold = true;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(pass).toHaveBeenCalledTimes(5);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(pass).toHaveBeenCalledTimes(5);
      hold = false;
      release!();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(pass).toHaveBeenCalledTimes(6);

      await job.stop();
      await vi.advanceTimersByTimeAsync(300_000);
      expect(pass).toHaveBeenCalledTimes(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failing pass and carries on at the next one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const logger = log();
      const pass = vi.fn().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue(2);
      const job = startEscalations(ctx.handle.db, { ...ctx.config, ESCALATION_POLL_SECONDS: 5 }, logger, pass);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(logger.error).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(pass).toHaveBeenCalledTimes(2);
      expect(logger.info).toHaveBeenCalledWith({ escalated: 2 }, 'unclaimed orders escalated');
      await job.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('escalates on its own with the real pass', async () => {
    const order = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: ago(new Date(), 30) });
    const job = startEscalations(ctx.handle.db, { ...ctx.config, ESCALATION_POLL_SECONDS: 0.2 }, log());
    try {
      const until = Date.now() + 10_000;
      while ((await levelsOf(order.id)).length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await levelsOf(order.id)).toEqual([1, 2, 3]);
      expect(await job.runOnce()).toBe(0);
    } finally {
      await job.stop();
    }
  });
});

describe('the order.escalated event on the event stream', () => {
  let base = '';
  beforeAll(async () => {
    base = await listenLocally(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** The frames of a stream (replayed after `lastEventId`, or live from its start) until `until` matches one (or 8 s pass); `onOpen` runs once it is open. */
  async function stream(nik: string, lastEventId: number | null, until: (frames: string[]) => boolean, onOpen?: () => Promise<void>): Promise<string[]> {
    const headers: Record<string, string> = { authorization: await api.auth(nik), ...(lastEventId === null ? {} : { 'last-event-id': String(lastEventId) }) };
    return readEventFrames(base, headers, until, { onOpen });
  }
  const escalatedFrame = (o: TestOrder) => (f: string) => f.includes('event: order.escalated') && f.includes(o.shipmentNo);

  it("reaches T002's phones and the area supervisor, and never T001's kepala toko", async () => {
    const [latest] = await ctx.handle.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
    const before = latest?.id ?? 0;
    const t002 = await addOrder(ctx, { storeCode: 'T002', statusId: 1101, createdAt: ago(new Date(), 11) });
    await escalateDue(ctx.handle.db, ctx.config);
    // Written after T002's: once T001's kepala toko has this one, T002's would have come before it.
    const t001 = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: ago(new Date(), 11) });
    await escalateDue(ctx.handle.db, ctx.config);

    const chiefT001 = await stream(DEMO_NIK.STORE_CHIEF, before, (f) => f.some(escalatedFrame(t001)));
    expect(chiefT001.some(escalatedFrame(t001))).toBe(true);
    expect(chiefT001.some((f) => f.includes(t002.shipmentNo))).toBe(false);
    for (const nik of [DEMO_NIK.STORE_CHIEF_T002, DEMO_NIK.AREA_SUPERVISOR, DEMO_NIK.STAFF_T002]) {
      const frames = await stream(nik, before, (f) => f.some(escalatedFrame(t002)));
      expect(frames.some(escalatedFrame(t002)), nik).toBe(true);
    }
  });

  it("is pushed live to the area supervisor, and not to T001's kepala toko", async () => {
    let t001: TestOrder | null = null;
    let t002: TestOrder | null = null;
    const escalateBoth = async () => {
      // T002's first: once T001's arrives, T002's would have arrived before it.
      t002 = await addOrder(ctx, { storeCode: 'T002', statusId: 1101, createdAt: ago(new Date(), 16) });
      await escalateDue(ctx.handle.db, ctx.config);
      t001 = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: ago(new Date(), 16) });
      await escalateDue(ctx.handle.db, ctx.config);
    };
    const chief = await stream(DEMO_NIK.STORE_CHIEF, null, (f) => t001 !== null && f.some(escalatedFrame(t001)), escalateBoth);
    expect(chief.some(escalatedFrame(t001!))).toBe(true);
    expect(chief.some((f) => f.includes(t002!.shipmentNo))).toBe(false);
    let t002Again: TestOrder | null = null;
    const supervisor = await stream(
      DEMO_NIK.AREA_SUPERVISOR,
      null,
      (f) => t002Again !== null && f.some(escalatedFrame(t002Again)),
      async () => {
        t002Again = await addOrder(ctx, { storeCode: 'T002', statusId: 1101, createdAt: ago(new Date(), 11) });
        await escalateDue(ctx.handle.db, ctx.config);
      },
    );
    expect(supervisor.filter(escalatedFrame(t002Again!))).toHaveLength(1);
  });
});
