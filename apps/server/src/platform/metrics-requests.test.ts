import Fastify from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DURATION_BUCKETS, RequestDurations, timeRequests } from './metrics-requests';

const NAME = 'gerai_http_request_duration_seconds';

async function appWithDurations() {
  const registry = new Registry();
  const durations = new RequestDurations(NAME, 'test', registry);
  const app = Fastify({ logger: false });
  timeRequests(app, durations);
  app.get('/api/orders/:shipmentNo', async (req, reply) => ((req.params as { shipmentNo: string }).shipmentNo === 'NONE' ? reply.code(404).send({ code: 'NOT_FOUND' }) : { ok: true }));
  app.get('/api/events', async (_req, reply) => reply.type('text/event-stream').send('data: x\n\n'));
  await app.ready();
  return { app, durations, registry };
}

/** The value of one exposed series (labels in the order written), or null. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
};

afterEach(() => vi.restoreAllMocks());

describe('request durations', () => {
  it("find a route's series when the route is declared, never per request, and never go through prom-client's labelled observe", async () => {
    const route = vi.spyOn(RequestDurations.prototype, 'route');
    // prom-client's Histogram binds observe to this method in its constructor.
    const observe = vi.spyOn(Histogram.prototype as unknown as { observeWithoutExemplar: () => void }, 'observeWithoutExemplar');
    const { app } = await appWithDurations();
    const declared = route.mock.calls.length;
    expect(declared).toBeGreaterThan(0);
    for (let i = 0; i < 50; i++) expect((await app.inject({ method: 'GET', url: `/api/orders/S${i}` })).statusCode).toBe(200);
    expect(route.mock.calls.length).toBe(declared);
    expect(observe).not.toHaveBeenCalled();
    await app.close();
  });

  it('count each reply under its route pattern and status, in cumulative buckets ending at +Inf, streams and URLs left out', async () => {
    const { app, registry } = await appWithDurations();
    for (const url of ['/api/orders/A1', '/api/orders/A2', '/api/orders/NONE', '/api/nowhere', '/api/events']) await app.inject({ method: 'GET', url });
    const text = await registry.metrics();
    const labels = (route: string, status: number) => `method="GET",route="${route}",status="${status}"`;
    expect(text).toContain(`# TYPE ${NAME} histogram`);
    expect(valueOf(text, `${NAME}_count{${labels('/api/orders/:shipmentNo', 200)}}`)).toBe(2);
    expect(valueOf(text, `${NAME}_count{${labels('/api/orders/:shipmentNo', 404)}}`)).toBe(1);
    expect(valueOf(text, `${NAME}_count{${labels('unmatched', 404)}}`)).toBe(1);
    expect(text).not.toContain('/api/events');
    expect(text).not.toContain('A1');
    // Every bucket the alert rules and budgets read is there, cumulative, and +Inf is the count.
    const buckets = DURATION_BUCKETS.map((le) => valueOf(text, `${NAME}_bucket{le="${le}",${labels('/api/orders/:shipmentNo', 200)}}`));
    expect(DURATION_BUCKETS).toEqual(expect.arrayContaining([0.03, 0.05, 0.1, 1]));
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!).toBeGreaterThanOrEqual(buckets[i - 1]!);
    expect(valueOf(text, `${NAME}_bucket{le="+Inf",${labels('/api/orders/:shipmentNo', 200)}}`)).toBe(2);
    expect(valueOf(text, `${NAME}_sum{${labels('/api/orders/:shipmentNo', 200)}}`)).toBeGreaterThan(0);
    await app.close();
  });

  it('put a duration in the first bucket that holds it', async () => {
    const registry = new Registry();
    const durations = new RequestDurations(NAME, 'test', registry);
    const r = durations.route('GET', '/x');
    for (const s of [0.001, 0.005, 0.0051, 0.04, 0.05, 3, 11]) r.observe(200, s);
    const text = await registry.metrics();
    const at = (le: string) => valueOf(text, `${NAME}_bucket{le="${le}",method="GET",route="/x",status="200"}`);
    expect([at('0.005'), at('0.01'), at('0.03'), at('0.05'), at('2.5'), at('10'), at('+Inf')]).toEqual([2, 3, 3, 5, 5, 6, 7]);
  });
});
