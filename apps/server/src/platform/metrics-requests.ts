// Request durations as a Prometheus histogram, per route pattern, method and status. prom-client's
// Histogram#observe checks, hashes and copies its labels on every call (about 0.5 µs, the whole of the
// hook's cost); here each route's series are found once, when the route is declared, and a request adds
// to two numbers of an array it already has.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * Upper bounds in seconds: the API's budgets are 30 and 50 ms at p99 (bench/budgets.ts) and the recap's 1 s;
 * the alert rules read 0.05 (deploy/prometheus/alerts.yml). Few buckets: each is a series per route and status.
 */
export const DURATION_BUCKETS = [0.005, 0.01, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10] as const;

/** One route, method and status: cumulative counts are built at scrape time from per-bucket ones. */
class Series {
  /** Per bucket, then the +Inf one. */
  readonly counts = new Float64Array(DURATION_BUCKETS.length + 1);
  sum = 0;
  count = 0;
  constructor(readonly labels: Readonly<{ method: string; route: string; status: string }>) {}

  observe(seconds: number): void {
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    this.counts[i]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/** A route's series by status, made on a status's first reply. */
export class RouteDurations {
  private readonly byStatus = new Map<number, Series>();
  constructor(
    private readonly owner: RequestDurations,
    private readonly method: string,
    private readonly route: string,
  ) {}

  observe(status: number, seconds: number): void {
    let series = this.byStatus.get(status);
    if (!series) {
      series = new Series({ method: this.method, route: this.route, status: String(status) });
      this.byStatus.set(status, series);
      this.owner.all.push(series);
    }
    series.observe(seconds);
  }
}

type Value = { labels: Record<string, string | number>; value: number; metricName: string };

/** The histogram, registered on a prom-client registry as a metric of its own (prom-client formats it). */
export class RequestDurations {
  readonly all: Series[] = [];
  private readonly routes = new Map<string, RouteDurations>();
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of one route pattern and method (found once per route, not per request). */
  route(method: string, route: string): RouteDurations {
    const key = `${method} ${route}`;
    let found = this.routes.get(key);
    if (!found) this.routes.set(key, (found = new RouteDurations(this, method, route)));
    return found;
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: Value[] } {
    const values: Value[] = [];
    for (const s of this.all) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({ labels: { le, ...s.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.all.length = 0;
    this.routes.clear();
  }
}

/** A stream's "duration" is how long a phone stayed connected: gerai_event_streams_open counts those instead. */
const isStream = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream');

/**
 * Times every reply under its route pattern (never its URL): each route gets its own onResponse hook with its
 * series at hand, declared as the route is; a request no route matched is timed under `unmatched` by a global
 * hook that looks no further than `is404`. Call before any route is declared.
 */
export function timeRequests(app: FastifyInstance, durations: RequestDurations): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const byMethod = new Map([route.method].flat().map((m) => [String(m), durations.route(String(m), route.url)]));
    const hook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!isStream(reply)) (byMethod.get(req.method) ?? durations.route(req.method, route.url)).observe(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = route.onResponse ? [route.onResponse, hook].flat() : [hook];
  });
  const unmatched = new Map<string, RouteDurations>();
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404) {
      let series = unmatched.get(req.method);
      if (!series) unmatched.set(req.method, (series = durations.route(req.method, 'unmatched')));
      series.observe(reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}
