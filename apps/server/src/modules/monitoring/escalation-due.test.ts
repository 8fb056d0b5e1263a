import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ESCALATION_REASON, parseEventPayload, type EventPayload } from '@gerai/contract';
import { auditLog, events, orders, orderStatusHistory } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { testFileWith } from '../../test/harness';
import { escalateDue } from './escalation';
import { addOrder, ago, escalationLevelsOf, monitoringApi, type TestOrder } from './monitoring-test-kit';

const { ctx, api } = testFileWith(monitoringApi);
const levelsOf = (orderId: number) => escalationLevelsOf(ctx, orderId);
const MINUTE = 60_000;
const after = (order: TestOrder, minutes: number) => new Date(order.createdAt.getTime() + minutes * MINUTE);
/** Each test's orders arrive in a window of their own, hours apart, so one test's runs never reach another's orders. */
const BASE = new Date(Date.now() - 24 * 3600_000);
const windowAt = (hours: number) => new Date(BASE.getTime() + hours * 3600_000);

async function escalationHistory(orderId: number) {
  return ctx.handle.db
    .select({ action: orderStatusHistory.action, fromStatus: orderStatusHistory.fromStatus, toStatus: orderStatusHistory.toStatus, actorUserId: orderStatusHistory.actorUserId, reason: orderStatusHistory.reason })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.action, 'escalate')))
    .orderBy(asc(orderStatusHistory.id));
}

async function escalatedEvents(order: TestOrder) {
  const rows = await ctx.handle.db.select().from(events).where(eq(events.type, 'order.escalated')).orderBy(asc(events.id));
  return rows
    .filter((r) => (r.payload as { shipmentNo: string }).shipmentNo === order.shipmentNo)
    .map((r) => ({ storeCode: r.storeCode, payload: parseEventPayload('order.escalated', r.payload) }));
}

const escalatedPayload = (order: TestOrder, level: 1 | 2 | 3, ageMinutes: number): EventPayload<'order.escalated'> => ({
  shipmentNo: order.shipmentNo,
  orderNo: order.orderNo,
  appId: 379,
  deliveryType: 0,
  statusId: 1101,
  level,
  ageMinutes,
});

describe('escalateDue', () => {
  it('escalates an unclaimed new order to level 1 at 10 minutes, 2 at 15 and 3 at 20, each once, with its history row, audit row and event', async () => {
    const order = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: windowAt(0) });
    const run = (minutes: number) => escalateDue(ctx.handle.db, ctx.config, after(order, minutes));
    await run(9.99);
    expect(await levelsOf(order.id)).toEqual([]);
    await run(10);
    expect(await levelsOf(order.id)).toEqual([1]);
    // Running again at the same time changes nothing, for this order or any other.
    expect(await run(10)).toBe(0);
    await run(14.99);
    expect(await levelsOf(order.id)).toEqual([1]);
    await run(15);
    expect(await levelsOf(order.id)).toEqual([1, 2]);
    await run(20);
    expect(await levelsOf(order.id)).toEqual([1, 2, 3]);
    expect(await run(20)).toBe(0);
    await run(90);
    expect(await levelsOf(order.id)).toEqual([1, 2, 3]);

    expect(await escalationHistory(order.id)).toEqual([1, 2, 3].map((level) => ({ action: 'escalate', fromStatus: 1101, toStatus: 1101, actorUserId: null, reason: ESCALATION_REASON[level as 1 | 2 | 3] })));
    expect(await escalatedEvents(order)).toEqual([
      { storeCode: 'T001', payload: escalatedPayload(order, 1, 10) },
      { storeCode: 'T001', payload: escalatedPayload(order, 2, 15) },
      { storeCode: 'T001', payload: escalatedPayload(order, 3, 20) },
    ]);
    const audit = await ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.shipmentNo))).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorUserId, a.fromValue, a.toValue, a.reason])).toEqual([1, 2, 3].map((l) => ['escalate', null, '1101', '1101', ESCALATION_REASON[l as 1 | 2 | 3]]));
    // The status never moves.
    const [row] = await ctx.handle.db.select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, order.id));
    expect(row!.statusId).toBe(1101);
  });

  it('gives an order first seen at 25 minutes every level it missed, at once', async () => {
    const order = await addOrder(ctx, { storeCode: 'T002', statusId: 1101, createdAt: windowAt(3) });
    await escalateDue(ctx.handle.db, ctx.config, after(order, 25));
    expect(await levelsOf(order.id)).toEqual([1, 2, 3]);
    expect((await escalatedEvents(order)).map((e) => [e.storeCode, e.payload.level, e.payload.ageMinutes])).toEqual([
      ['T002', 1, 25],
      ['T002', 2, 25],
      ['T002', 3, 25],
    ]);
    expect(await escalationHistory(order.id)).toHaveLength(3);
  });

  it('never escalates an order that was claimed, and stops escalating one claimed between levels', async () => {
    const claimed = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: windowAt(6) });
    const between = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: windowAt(6) });
    await escalateDue(ctx.handle.db, ctx.config, after(between, 12));
    expect(await levelsOf(between.id)).toEqual([1]);
    expect(await levelsOf(claimed.id)).toEqual([1]);
    for (const o of [claimed, between]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/orders/${o.shipmentNo}/claim`, headers: { authorization: await api.auth(DEMO_NIK.STAFF) } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await escalateDue(ctx.handle.db, ctx.config, after(between, 60));
    expect(await levelsOf(between.id)).toEqual([1]);
    expect(await levelsOf(claimed.id)).toEqual([1]);
    const never = await addOrder(ctx, { storeCode: 'T001', statusId: 1102, createdAt: windowAt(7) });
    await escalateDue(ctx.handle.db, ctx.config, after(never, 60));
    expect(await levelsOf(never.id)).toEqual([]);
    expect(await escalatedEvents(never)).toEqual([]);
  });

  it('re-reads the order under its lock: one claimed while the run waited for it is left alone', async () => {
    const order = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: windowAt(15) });
    let claim: () => void = () => undefined;
    const claimed = new Promise<void>((resolve) => (claim = resolve));
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // A claim holds the order's row while the run finds it, then moves it on.
    const holder = ctx.handle.db.transaction(async (tx) => {
      await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      holding();
      await claimed;
      await tx.update(orders).set({ statusId: 1102 }).where(eq(orders.id, order.id));
    });
    // The run starts once the claim holds the row: started together, the run could lock it first, and the
    // claim's wait for it passed for the run's.
    await held;
    const run = escalateDue(ctx.handle.db, ctx.config, after(order, 30));
    // On PostgreSQL, wait until the run is blocked on the row (PGlite runs one transaction at a time).
    if (ctx.handle.kind === 'postgres') {
      await expect
        .poll(async () => {
          const { rows } = (await ctx.handle.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)) as unknown as { rows: Array<{ n: number }> };
          return rows[0]!.n;
        })
        .toBeGreaterThan(0);
    }
    claim();
    await holder;
    await run;
    expect(await levelsOf(order.id)).toEqual([]);
    expect(await escalatedEvents(order)).toEqual([]);
  });

  it('writes each level once when two runs go at the same time (two processes)', async () => {
    const order = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: windowAt(9) });
    const now = after(order, 21);
    await Promise.all([escalateDue(ctx.handle.db, ctx.config, now), escalateDue(ctx.handle.db, ctx.config, now), escalateDue(ctx.handle.db, ctx.config, now)]);
    expect(await levelsOf(order.id)).toEqual([1, 2, 3]);
    expect(await escalationHistory(order.id)).toHaveLength(3);
    expect((await escalatedEvents(order)).map((e) => e.payload.level)).toEqual([1, 2, 3]);
  });

  it('follows the configured minutes', async () => {
    const order = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: windowAt(12) });
    const config = { ...ctx.config, ESCALATION_STORE_MINUTES: 0.5, ESCALATION_CHIEF_MINUTES: 1, ESCALATION_AREA_MINUTES: 2 };
    await escalateDue(ctx.handle.db, config, after(order, 0.49));
    expect(await levelsOf(order.id)).toEqual([]);
    await escalateDue(ctx.handle.db, config, after(order, 1.2));
    expect(await levelsOf(order.id)).toEqual([1, 2]);
  });

  it("shows the escalation in the order detail history and as the late order's level on monitoring", async () => {
    const order = await addOrder(ctx, { storeCode: 'T001', statusId: 1101, createdAt: ago(new Date(), 16) });
    await escalateDue(ctx.handle.db, ctx.config);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.shipmentNo}`, headers: { authorization: await api.auth(DEMO_NIK.STAFF) } });
    expect(detail.statusCode, detail.body).toBe(200);
    const history = (detail.json().data.history as Array<{ action: string; fromStatus: number; toStatus: number; actorName: string | null; reason: string | null }>).filter((h) => h.action === 'escalate');
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorName, h.reason])).toEqual([
      [1101, 1101, null, ESCALATION_REASON[1]],
      [1101, 1101, null, ESCALATION_REASON[2]],
    ]);
    const late = (await api.lateOrders(DEMO_NIK.STORE_CHIEF, 'T001')).late.find((l) => l.shipmentNo === order.shipmentNo);
    expect(late?.escalationLevel).toBe(2);
  });
});
