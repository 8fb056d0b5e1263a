import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@gerai/contract';
import { DEFAULT_METRICS_PORT, loadConfig } from '../config';
import { testContextPerFile } from '../test/harness';
import { serveMetrics } from './metrics';
import { rowsOf } from '../db/client';

const ctx = testContextPerFile({}, { METRICS_PORT: '0' });

const scrape = () => ctx.app.metrics!.registry.metrics();
/** The value of one series of the text format (labels in the order prom-client writes them), or null. */
function valueOf(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}
const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await ctx.app.db.execute(query))[0]?.n ?? 0);

describe('metrics', () => {
  it('times each request under its route pattern and status, never its URL', async () => {
    const { authorization } = await ctx.loginAs('10000001');
    const [order] = rowsOf<{ shipment_no: string }>(await ctx.app.db.execute(sql`select shipment_no from orders where store_code = 'T001' limit 1`));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/orders/${order!.shipment_no}`, headers: { authorization } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders/SHIP-NOBODY-HAS', headers: { authorization } })).statusCode).toBe(404);
    const text = await scrape();
    expect(valueOf(text, 'gerai_http_request_duration_seconds_count{method="GET",route="/api/orders/:shipmentNo",status="200"}')).toBe(1);
    expect(valueOf(text, 'gerai_http_request_duration_seconds_count{method="GET",route="/api/orders/:shipmentNo",status="404"}')).toBe(1);
    expect(valueOf(text, 'gerai_http_request_duration_seconds_count{method="POST",route="/api/auth/login",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(order!.shipment_no);
    expect(text).not.toContain('SHIP-NOBODY-HAS');
    // The event loop's lag and the process's own figures come with them.
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('says what the event stream, the pool and the outboxes hold', async () => {
    const text = await scrape();
    expect(valueOf(text, 'gerai_event_streams_open')).toBe(0);
    expect(valueOf(text, 'gerai_events_listen_connected')).toBe(1);
    expect(valueOf(text, 'gerai_events_listen_lag')).toBe(0);
    // PGlite is one connection; PostgreSQL's pool has DATABASE_POOL_SIZE (the test harness's own).
    const max = valueOf(text, 'gerai_db_pool_max')!;
    expect(ctx.handle.kind === 'pglite' ? max === 1 : max >= 1).toBe(true);
    expect(valueOf(text, 'gerai_db_pool_connections{state="in_use"}')! + valueOf(text, 'gerai_db_pool_connections{state="idle"}')!).toBeLessThanOrEqual(max);
    expect(valueOf(text, 'gerai_db_pool_waiting')).toBe(0);
    // Every query took its connection through the timed wait, so the histogram has counted them.
    if (ctx.handle.kind === 'postgres') expect(valueOf(text, 'gerai_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    const pending = await count(sql`select count(*) as n from channel_notices where status = 'pending'`);
    expect(valueOf(text, 'gerai_outbox_pending{outbox="channel_notices"}')).toBe(pending);
    expect(valueOf(text, 'gerai_outbox_pending{outbox="push_messages"}')).toBe(await count(sql`select count(*) as n from push_messages where status = 'pending'`));
    expect(valueOf(text, 'gerai_outbox_oldest_age_seconds{outbox="channel_notices"}')).toBeGreaterThanOrEqual(0);
  });

  it('counts LISTEN lag as the events this process has not delivered yet', async () => {
    // An event written behind the bus's back (no NOTIFY) is one event behind the table.
    await ctx.app.db.execute(sql`insert into events (store_code, type, payload) values ('T001', 'order.created', '{}'::jsonb)`);
    expect(valueOf(await scrape(), 'gerai_events_listen_lag')).toBe(1);
  });

  it("gives each store's work as monitoring counts it: open orders, late ones, escalated ones", async () => {
    const text = await scrape();
    const slaNewAgo = sql`now() - make_interval(secs => ${ctx.config.SLA_NEW_MINUTES * 60})`;
    const open = await count(sql`select count(*) as n from orders where store_code = 'T001' and status_id = ${ORDER_STATUS.NEW}::int`);
    const late = await count(sql`select count(*) as n from orders where store_code = 'T001' and status_id = ${ORDER_STATUS.NEW}::int and created_at <= ${slaNewAgo}`);
    expect(open).toBeGreaterThan(0);
    expect(valueOf(text, `gerai_store_orders{store="T001",status="${ORDER_STATUS.NEW}"}`)).toBe(open);
    expect(valueOf(text, `gerai_store_orders_late{store="T001",status="${ORDER_STATUS.NEW}"}`)).toBe(late > 0 ? late : null);
    const chainNew = await count(sql`select count(*) as n from orders where status_id = ${ORDER_STATUS.NEW}::int`);
    expect(valueOf(text, `gerai_orders{status="${ORDER_STATUS.NEW}"}`)).toBe(chainNew);
    const chainLate = await count(sql`select count(*) as n from orders where status_id = ${ORDER_STATUS.NEW}::int and created_at <= ${slaNewAgo}`);
    expect(valueOf(text, `gerai_orders_late{status="${ORDER_STATUS.NEW}"}`)).toBe(chainLate);

    // An escalation written for a new order shows under its store and the highest level it reached.
    const [newOrder] = rowsOf<{ id: number; store: string }>(
      await ctx.app.db.execute(
        sql`select id, store_code as store from orders where status_id = ${ORDER_STATUS.NEW}::int order by created_at limit 1`,
      ),
    );
    await ctx.app.db.execute(sql`delete from order_escalations where order_id = ${newOrder!.id}`);
    await ctx.app.db.execute(sql`update orders set created_at = now() - interval '1 hour' where id = ${newOrder!.id}`);
    const series = `gerai_store_orders_escalated{store="${newOrder!.store}",level="2"}`;
    const before = valueOf(await scrape(), series) ?? 0;
    await ctx.app.db.execute(sql`insert into order_escalations (order_id, level) values (${newOrder!.id}, 1), (${newOrder!.id}, 2)`);
    expect(valueOf(await scrape(), series)).toBe(before + 1);
  });

  it('is served on a port of its own, not on the phones\' one', async () => {
    const server = await serveMetrics(ctx.app.metrics!, '127.0.0.1', 0);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('# TYPE gerai_http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('gerai_http_request_duration_seconds');
  });

  it('takes METRICS_PORT like the other variables: on in production, off in development unless set', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), CHANNEL_SECRETS: JSON.stringify({ 379: 'y'.repeat(40) }) };
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).metricsPort).toBe(DEFAULT_METRICS_PORT);
    expect(loadConfig({ NODE_ENV: 'production', METRICS_PORT: 'off', ...secrets }).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9500' }).metricsPort).toBe(9500);
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    expect(() => loadConfig({ METRICS_PORT: 'public' })).toThrow(/METRICS_PORT: a port number/);
  });
});
