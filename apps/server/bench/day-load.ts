/**
 * The load generator of `npm run bench -- day`, in its own process (as load.ts): reads a
 * DayLoadSpec as JSON on stdin, plays the peak hour for `durationSeconds` at
 * `ordersPerSecond`, writes a StepResult as JSON on stdout.
 *
 * Each order is walked through its lifecycle with real HTTP on the real routes (signed channel
 * intake, claim, a scan per unit, pack, handover or scan and go, finish; some cancelled, booked,
 * chatted about, returned), every write with an Idempotency-Key as the web app sends it; after
 * each status change the store's two other phones refresh count and list. Transfers, monitoring
 * and stock lookups run beside it at their share of the order rate (day-mix.ts), and
 * `sseStreams` phones hold GET /api/events open throughout.
 */
import { orderJourney, transferJourney } from './day-journeys';
import { background, call, draw, errorSamples, errors, Failed, latencies, pending, pick, seedRandom, sleep, state, type DayLoadResult, type DayLoadSpec } from './day-http';
import { statsOf } from './day-mix';

export type { DayLoadResult, DayLoadSpec, DayStore } from './day-http';

/** Phones with GET /api/events open, spread over the active stores; counts the events they receive. */
function openStreams(spec: DayLoadSpec): { events: () => number; open: () => number; close: () => void } {
  const controller = new AbortController();
  let events = 0;
  let open = 0;
  for (let i = 0; i < spec.sseStreams; i++) {
    const token = i === 0 ? spec.areaToken : spec.stores[i % spec.stores.length]!.staff;
    void (async () => {
      try {
        const res = await fetch(`${spec.base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
        if (!res.ok || !res.body) return;
        open++;
        const decoder = new TextDecoder();
        for await (const chunk of res.body) events += (decoder.decode(chunk as Uint8Array).match(/^event: /gm) ?? []).length;
      } catch {
        // closed at the end of the step
      }
    })();
  }
  return { events: () => events, open: () => open, close: () => controller.abort() };
}

/** Starts `work` at `perSecond` on average (Poisson arrivals) until the window ends; never more than `cap` in flight. */
async function arrivals(perSecond: number, until: number, cap: number, work: () => Promise<void>, onStart: () => void = () => undefined): Promise<void> {
  if (perSecond <= 0) return;
  let inFlight = 0;
  let next = performance.now();
  while (!state.stopped) {
    next += (-Math.log(1 - draw()) * 1000) / perSecond;
    if (next >= until) break;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= cap) {
      state.skipped++;
      continue;
    }
    inFlight++;
    onStart();
    background(
      work()
        .catch((err: unknown) => {
          if (!(err instanceof Failed) && errorSamples.length < 20) errorSamples.push(String(err));
        })
        .finally(() => inFlight--),
    );
  }
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const spec = JSON.parse(input) as DayLoadSpec;
  seedRandom(spec.seed);
  const streams = openStreams(spec);
  await sleep(1000);
  const eventsBefore = streams.events();
  const started = performance.now();
  const until = started + spec.durationSeconds * 1000;
  const rate = spec.ordersPerSecond;
  await Promise.all([
    arrivals(rate, until, 5000, () => orderJourney(spec), () => state.ordersStarted++),
    arrivals(rate * 0.01, until, 100, () => transferJourney(spec)),
    arrivals(rate * 0.2, until, 100, async () => void (await call(spec, 'monitoring (area)', '/api/monitoring', { token: spec.areaToken }))),
    arrivals(rate * 0.02, until, 100, async () => void (await call(spec, 'monitoring (chain)', '/api/monitoring', { token: spec.chainToken }))),
    arrivals(rate * 0.1, until, 100, async () => {
      const store = pick(spec.stores);
      await call(spec, 'stock lookup', `/api/stock/products/${pick(store.products).productId}`, { token: store.staff });
    }),
  ]);
  const windowMs = performance.now() - started;
  // Journeys in flight finish their current step; no new step starts after the drain.
  const drain = sleep(spec.drainSeconds * 1000).then(() => (state.stopped = true));
  while (pending.size > 0 && !state.stopped) await Promise.race([drain, ...pending]);
  state.stopped = true;
  await Promise.race([Promise.all(pending), sleep(5000)]);
  const elapsedMs = performance.now() - started;
  const sseEvents = streams.events() - eventsBefore;
  const sseOpen = streams.open();
  streams.close();
  const endpoints = Object.fromEntries([...latencies].map(([endpoint, values]) => [endpoint, statsOf(values, errors.get(endpoint) ?? 0)]));
  const total = [...latencies.values()].reduce((n, v) => n + v.length, 0);
  const result: DayLoadResult = {
    ordersPerSecond: rate,
    achievedOrdersPerSecond: state.ordersStarted / (windowMs / 1000),
    skipped: state.skipped,
    requestsPerSecond: total / (elapsedMs / 1000),
    endpoints,
    sseEvents,
    sseOpen,
    ordersStarted: state.ordersStarted,
    ordersFinished: state.ordersFinished,
    requests: total,
  };
  for (const sample of errorSamples) process.stderr.write(`[day-load] ${sample}\n`);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

void main();
