import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { REQUEST_ID_HEADER } from '@gerai/contract';
import { auditLog, orderLines, orders } from '../db/schema';
import { testContextPerFile } from '../test/harness';
import { oneLineOrder, sendChannelOrder } from '../test/intake';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { escalateDue } from '../modules/monitoring';
import { currentRequestId, outsideRequest, registerRequestLogging } from './logging';

// The audit row of a change keeps the id of the request that made it (the reply's X-Request-Id).
const ctx = testContextPerFile();

const auditOf = (shipmentNo: string, action: string) =>
  ctx.handle.db
    .select({ requestId: auditLog.requestId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, shipmentNo), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

async function newOrder() {
  const res = await sendChannelOrder(ctx, await oneLineOrder(ctx));
  expect(res.statusCode).toBe(201);
  return { shipmentNo: res.json().data.shipmentNo as string, requestId: res.headers[REQUEST_ID_HEADER] as string };
}

describe('audit rows keep the request id', () => {
  it('of a channel intake, a claim (once, however often it is retried) and a scan', async () => {
    const { authorization } = await ctx.loginAs(DEMO_NIK.STAFF);
    const order = await newOrder();
    expect(order.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await auditOf(order.shipmentNo, 'received')).toEqual([{ requestId: order.requestId }]);

    const claim = (requestId: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/orders/${order.shipmentNo}/claim`, headers: { authorization, 'idempotency-key': `claim-${order.shipmentNo}`, [REQUEST_ID_HEADER]: requestId } });
    const first = await claim('lb-7f3a.0001');
    expect(first.statusCode).toBe(200);
    expect(first.headers[REQUEST_ID_HEADER]).toBe('lb-7f3a.0001');
    expect(await auditOf(order.shipmentNo, 'claim')).toEqual([{ requestId: 'lb-7f3a.0001' }]);
    // The retry is answered from the idempotency log: its own id on the reply, no second audit row.
    const retry = await claim('lb-7f3a.0002');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers[REQUEST_ID_HEADER]).toBe('lb-7f3a.0002');
    expect(await auditOf(order.shipmentNo, 'claim')).toEqual([{ requestId: 'lb-7f3a.0001' }]);

    // Scans are written by the batch function (several requests in one statement): each keeps its own id.
    const [line] = await ctx.handle.db.select({ barcode: orderLines.barcode }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.shipmentNo, order.shipmentNo));
    const scans = await Promise.all(
      ['scan-a', 'scan-b'].map(() => ctx.app.inject({ method: 'POST', url: `/api/orders/${order.shipmentNo}/scan`, headers: { authorization }, payload: { barcode: line!.barcode } })),
    );
    const counted = scans.filter((s) => s.statusCode === 200);
    expect(counted).toHaveLength(1);
    expect(await auditOf(order.shipmentNo, 'scan')).toEqual([{ requestId: counted[0]!.headers[REQUEST_ID_HEADER] }]);
  });

  it('of a sign-in (an audit row without an event)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik: DEMO_NIK.STORE_CHIEF, password: DEMO_PASSWORD }, remoteAddress: '10.88.0.1', headers: { [REQUEST_ID_HEADER]: 'signin-1' } });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.handle.db.select({ requestId: auditLog.requestId }).from(auditLog).where(and(eq(auditLog.entityId, DEMO_NIK.STORE_CHIEF), eq(auditLog.action, 'login')));
    expect(rows).toEqual([{ requestId: 'signin-1' }]);
  });

  it('is null for background work: the escalation job', async () => {
    const order = await newOrder();
    // Hours later, nobody having claimed it: the job escalates it, with no request behind it.
    expect(await escalateDue(ctx.handle.db, ctx.config, new Date(Date.now() + 6 * 3600_000))).toBeGreaterThan(0);
    const rows = await ctx.handle.db.select({ requestId: auditLog.requestId }).from(auditLog).where(and(eq(auditLog.entityId, order.shipmentNo), eq(auditLog.action, 'escalate')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.requestId).toBeNull();
  });

  it('is not handed to work a request sets off in the background (outsideRequest)', async () => {
    const app = Fastify({ logger: false, genReqId: () => 'req-under-test' });
    registerRequestLogging(app);
    app.post('/', async () => {
      const later = (run: (done: (id: string | null) => void) => void) => new Promise<string | null>((resolve) => run(resolve));
      return {
        inHandler: currentRequestId(),
        timerOfRequest: await later((done) => setTimeout(() => done(currentRequestId()), 1)),
        background: await later(outsideRequest((done: (id: string | null) => void) => setTimeout(() => done(currentRequestId()), 1))),
      };
    });
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } });
    expect(res.json()).toEqual({ inHandler: 'req-under-test', timerOfRequest: 'req-under-test', background: null });
    expect(currentRequestId()).toBeNull();
    await app.close();
  });
});
