import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, events, idempotencyKeys } from '../db/schema';
import { testContextPerFile } from '../test/harness';
import { recordStatements } from '../test/plans';
import { orderApi, orderPicker } from '../modules/orders/order-test-kit';
import type { StoredEvent } from './event-bus';

/**
 * Issue 27: a status change holds its order's row and its store's counters (order_status_counts,
 * moved by the first statement's trigger) until it commits, so another change of the store (an order
 * arriving, another claim) waits for every round trip in between. recordChange writes the audit row,
 * marks the Idempotency-Key applied, writes the event and NOTIFYs it in one statement (it took four).
 */
const ctx = testContextPerFile();
const api = orderApi(ctx);
const pick = orderPicker(ctx);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('recordChange', () => {
  it('writes the audit row, the applied key, the event and its NOTIFY, in one statement on PostgreSQL', async () => {
    const order = await pick('T001', 1101);
    // Signed in before the recording starts (a sign-in writes an audit row of its own).
    await api.get('10000001', '/api/orders/count');
    const heard: StoredEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => heard.push(e), ['T001']);
    const rec = onPostgres ? recordStatements() : null;
    const key = `record-change-${Date.now()}`;
    let res;
    try {
      res = await api.post('10000001', `/api/orders/${order.shipmentNo}/claim`, {}, { 'idempotency-key': key });
    } finally {
      rec?.stop();
    }
    expect(res.statusCode, res.body).toBe(200);

    const [audit] = await ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entityId, order.shipmentNo), eq(auditLog.action, 'claim')));
    expect(audit).toMatchObject({ entity: 'order', fromValue: '1101', toValue: '1102' });
    const [held] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(held!.appliedAt).not.toBeNull();
    const [event] = await ctx.handle.db.select().from(events).where(and(eq(events.storeCode, 'T001'), eq(events.type, 'order.claimed'))).orderBy(events.id).limit(1).offset(0);
    expect(event).toBeDefined();
    // The NOTIFY carries the whole event, as the table has it.
    await expect.poll(() => heard.find((e) => e.type === 'order.claimed' && (e.payload as { shipmentNo: string }).shipmentNo === order.shipmentNo)).toBeDefined();
    const notified = heard.find((e) => e.type === 'order.claimed' && (e.payload as { shipmentNo: string }).shipmentNo === order.shipmentNo)!;
    const [row] = await ctx.handle.db.select().from(events).where(eq(events.id, notified.id));
    expect(notified).toMatchObject({ storeCode: 'T001', type: 'order.claimed', payload: row!.payload });
    expect(notified.payload).toMatchObject({ shipmentNo: order.shipmentNo, fromStatus: 1101, statusId: 1102, action: 'claim' });
    expect(notified.createdAt.getTime()).toBe(row!.createdAt.getTime());
    stop();

    if (rec) {
      const touching = rec.sent.filter((s) => /audit_log|idempotency_keys" set|update "idempotency_keys|insert into "events"|pg_notify/.test(s.text) && !/jsonb_to_recordset/.test(s.text));
      expect(touching.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 80))).toHaveLength(1);
      expect(touching[0]!.text).toMatch(/audit_log[\s\S]*idempotency_keys[\s\S]*events[\s\S]*pg_notify/);
    }
  });
});
