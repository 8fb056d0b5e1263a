/**
 * The peak hour of `npm run bench -- day` as data and pure functions: what the
 * chain does per online order (the mix), the p99 budgets, percentiles, the
 * rate stepping and the growth ratio. No I/O, so it is unit-tested beside it.
 */

/** One kind of request in the peak hour: how many of it one online order brings, and why. */
export interface MixEntry {
  endpoint: string;
  perOrder: number;
  why: string;
}

/**
 * Requests per online order in a chain's peak hour. Orders have 1–5 lines (3 on average) of 1–2
 * units (1.5): 4.5 scans. 55 % are delivered (scan and go), 45 % picked up (handover code).
 * Every status change is an event that the store's other two phones answer by refreshing the
 * count and the list they show; scans change no status and refresh nothing but the detail
 * that the event carries. The figures are what the load generator draws from (day-load.ts).
 */
export const DAY_MIX: readonly MixEntry[] = [
  { endpoint: 'channel intake', perOrder: 1, why: 'every order arrives signed from a sales channel' },
  { endpoint: 'claim', perOrder: 0.97, why: 'every order is claimed, but the 3 % cancelled while new' },
  { endpoint: 'scan', perOrder: 4.37, why: '4.5 units per order, one scan each, on the claimed ones' },
  { endpoint: 'pack', perOrder: 0.95, why: 'claimed orders less the 2 % cancelled while picking' },
  { endpoint: 'handover (pickup)', perOrder: 0.43, why: '45 % of packed orders are picked up with the code' },
  { endpoint: 'POD scan and go', perOrder: 0.52, why: '55 % are delivered; the courier proves it at the door' },
  { endpoint: 'finish', perOrder: 0.95, why: '"Selesai" closes every delivered or picked-up order' },
  { endpoint: 'cancel', perOrder: 0.05, why: '5 % cancelled by the kepala toko (3 % new, 2 % picking)' },
  { endpoint: 'upload', perOrder: 0.01, why: 'a return needs a photo first' },
  { endpoint: 'return', perOrder: 0.01, why: '1 % of finished orders come back' },
  { endpoint: 'booking proposal', perOrder: 0.02, why: '2 % of orders lack a unit and look for a store that has it' },
  { endpoint: 'booking create', perOrder: 0.02, why: 'and book it there' },
  { endpoint: 'booking take', perOrder: 0.02, why: 'the serving store takes the booking' },
  { endpoint: 'booking receive', perOrder: 0.02, why: 'the ordering store scans the fetched unit in' },
  { endpoint: 'transfer create', perOrder: 0.01, why: 'stores move stock between them, about one transfer per 100 orders' },
  { endpoint: 'transfer confirm', perOrder: 0.01, why: 'the receiver types the PIN' },
  { endpoint: 'transfer finish', perOrder: 0.01, why: 'and counts what arrived' },
  { endpoint: 'chat message (crew)', perOrder: 0.3, why: 'the crew writes to the customer on about a third of orders' },
  { endpoint: 'chat message (customer)', perOrder: 0.3, why: 'and the customer answers through the channel' },
  { endpoint: 'orders count', perOrder: 9.7, why: '4.9 status changes per order (intake, claim, pack, handover, finish, cancel), each refreshed by 2 other phones' },
  { endpoint: 'orders list', perOrder: 9.7, why: 'the same phones refresh the list they show' },
  { endpoint: 'order detail', perOrder: 1, why: 'another phone opens the order once' },
  { endpoint: 'monitoring (area)', perOrder: 0.2, why: 'area supervisors (one per 10 stores) refresh about every 5 orders' },
  { endpoint: 'monitoring (chain)', perOrder: 0.02, why: 'the head office refreshes the whole chain now and then' },
  { endpoint: 'stock lookup', perOrder: 0.1, why: 'a customer asks whether another store has a product' },
];

/** Each endpoint's share of all requests. */
export function mixShares(mix: readonly MixEntry[] = DAY_MIX): Array<MixEntry & { share: number }> {
  const total = mix.reduce((sum, e) => sum + e.perOrder, 0);
  return mix.map((e) => ({ ...e, share: e.perOrder / total }));
}

/** Requests one order brings in all. */
export const requestsPerOrder = (mix: readonly MixEntry[] = DAY_MIX) => mix.reduce((sum, e) => sum + e.perOrder, 0);

/**
 * p99 budgets in ms. Reads and the scan are the README's budgets; the other writes have none
 * there, so the day holds them to 100 ms (a change the crew waits for, three times the scan's).
 */
export function budgetOf(endpoint: string): number {
  if (endpoint === 'scan') return 30;
  if (['orders count', 'orders list', 'order detail', 'monitoring (area)', 'monitoring (chain)', 'stock lookup', 'booking proposal'].includes(endpoint)) return 50;
  if (endpoint === 'login' || endpoint === 'upload') return 250;
  return 100;
}

/** The p-th percentile (0–100) of `values`, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface EndpointStats {
  count: number;
  errors: number;
  p50: number;
  p99: number;
}

export function statsOf(latencies: readonly number[], errors: number): EndpointStats {
  return { count: latencies.length, errors, p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)) };
}

/** One measured step: the orders per second asked for, what was achieved, and per-endpoint figures. */
export interface StepResult {
  ordersPerSecond: number;
  achievedOrdersPerSecond: number;
  /** Arrivals not started because too many journeys were still in flight: the server fell behind. */
  skipped: number;
  requestsPerSecond: number;
  endpoints: Record<string, EndpointStats>;
}

/** Endpoints seen fewer times than this in a step are too few for a p99 of their own (reported, not judged). */
export const MIN_SAMPLES = 20;
/** Failed requests allowed in a held step. */
export const MAX_ERROR_RATIO = 0.005;

/** Why a step did not hold its rate: budgets missed, errors, or journeys piling up (the server did not keep up). */
export function stepFailures(step: StepResult): string[] {
  const failures: string[] = [];
  let count = 0;
  let errors = 0;
  for (const [endpoint, s] of Object.entries(step.endpoints)) {
    count += s.count;
    errors += s.errors;
    if (s.count >= MIN_SAMPLES && s.p99 > budgetOf(endpoint)) failures.push(`${endpoint} p99 ${s.p99} ms > ${budgetOf(endpoint)} ms`);
  }
  if (count > 0 && errors / count > MAX_ERROR_RATIO) failures.push(`${errors} of ${count} requests failed`);
  if (step.skipped > 0) failures.push(`${step.skipped} arrivals not started: too many still in flight`);
  return failures;
}

export const heldStep = (step: StepResult) => stepFailures(step).length === 0;

export interface StepPlan {
  start: number;
  /** Multiply the rate by this while every step holds. */
  factor: number;
  maxSteps: number;
  /** Stop narrowing once the failed rate is within this ratio of the held one. */
  precision: number;
}

/**
 * The next rate to try (orders/s), or null when done: grow by `factor` while steps hold, then
 * bisect between the highest held and the lowest failed until they are within `precision`;
 * never more than `maxSteps` steps. A first step that fails halves the rate (down to 1/8 of the start).
 */
export function nextRate(steps: readonly StepResult[], plan: StepPlan): number | null {
  if (steps.length === 0) return plan.start;
  if (steps.length >= plan.maxSteps) return null;
  const held = steps.filter(heldStep).map((s) => s.ordersPerSecond);
  const failed = steps.filter((s) => !heldStep(s)).map((s) => s.ordersPerSecond);
  const best = held.length > 0 ? Math.max(...held) : null;
  const worst = failed.length > 0 ? Math.min(...failed) : null;
  if (worst === null) return round(best! * plan.factor);
  if (best === null) {
    const lower = round(worst / 2);
    return lower >= plan.start / 8 ? lower : null;
  }
  if (worst / best <= plan.precision) return null;
  const middle = round((best + worst) / 2);
  // Rounding can land on a rate already tried (0.45 → 0.5): then the gap is as narrow as the steps go.
  return steps.some((s) => s.ordersPerSecond === middle) ? null : middle;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The highest rate held, or null. */
export function highestHeld(steps: readonly StepResult[]): StepResult | null {
  return steps.filter(heldStep).reduce<StepResult | null>((best, s) => (best === null || s.ordersPerSecond > best.ordersPerSecond ? s : best), null);
}

/**
 * Requests an endpoint needs in each of both steps before its p99 growth is judged: with fewer, a p99
 * is the step's two or three slowest requests, and their ratio says more about the host's worst
 * seconds than about the chain (79 orders per step gave 1.9–2.6x on single requests).
 */
export const GROWTH_SAMPLES = 300;

/**
 * Orders the growth step must start so that every endpoint the growth is judged on gets GROWTH_SAMPLES
 * requests: the rarest of them per order (handover, 0.43) sets it, with a tenth more for the
 * arrivals' Poisson spread and the journeys cut off at the step's end.
 */
export function ordersForGrowth(judged: readonly string[] = GROWTH_ENDPOINTS): number {
  const rarest = Math.min(...DAY_MIX.filter((e) => judged.includes(e.endpoint)).map((e) => e.perOrder));
  return Math.ceil((GROWTH_SAMPLES / rarest) * 1.1);
}

/** What the growth goal is judged on: every endpoint of an order's walk and the store phones' reads. */
export const GROWTH_ENDPOINTS = ['channel intake', 'claim', 'scan', 'pack', 'handover (pickup)', 'POD scan and go', 'finish', 'orders count', 'orders list', 'order detail'];

export interface Growth {
  ratio: number;
  /** Requests the two p99 rest on (at the smaller chain, at the larger). */
  samples: [number, number];
  /** Both p99 rest on GROWTH_SAMPLES or more: the ratio counts for the goal. */
  judged: boolean;
}

/**
 * p99 at 20,000 stores over p99 at 2,000, per endpoint seen at least MIN_SAMPLES times in both, with
 * the requests each rests on; the worst is named among those resting on GROWTH_SAMPLES in both (the
 * goal: under 1.5).
 */
export function growthRatios(small: StepResult, large: StepResult): { perEndpoint: Record<string, Growth>; worst: { endpoint: string; ratio: number } | null } {
  const perEndpoint: Record<string, Growth> = {};
  let worst: { endpoint: string; ratio: number } | null = null;
  for (const [endpoint, s] of Object.entries(small.endpoints)) {
    const l = large.endpoints[endpoint];
    if (!l || s.count < MIN_SAMPLES || l.count < MIN_SAMPLES) continue;
    // A p99 of 0–1 ms is below the timer's resolution here: compare from 1 ms.
    const ratio = Math.round((Math.max(1, l.p99) / Math.max(1, s.p99)) * 100) / 100;
    const judged = s.count >= GROWTH_SAMPLES && l.count >= GROWTH_SAMPLES;
    perEndpoint[endpoint] = { ratio, samples: [s.count, l.count], judged };
    if (judged && (!worst || ratio > worst.ratio)) worst = { endpoint, ratio };
  }
  return { perEndpoint, worst };
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface RoundsGrowth {
  /** Per endpoint seen in every round: each round's ratio, their median, and whether every round judged it. */
  perEndpoint: Record<string, { ratios: number[]; median: number; judged: boolean }>;
  worst: { endpoint: string; ratio: number } | null;
}

/**
 * The growth over rounds that each measured both chain sizes minutes apart: per endpoint the median of
 * the rounds' ratios, so one round taken at a slow (or fast) moment of a shared host does not decide it.
 * Only an endpoint judged in every round (GROWTH_SAMPLES in both steps) counts for the goal.
 */
export function growthOverRounds(rounds: ReadonlyArray<{ small: StepResult; large: StepResult }>): RoundsGrowth {
  const each = rounds.map((r) => growthRatios(r.small, r.large).perEndpoint);
  const perEndpoint: RoundsGrowth['perEndpoint'] = {};
  let worst: RoundsGrowth['worst'] = null;
  for (const endpoint of Object.keys(each[0] ?? {})) {
    if (!each.every((g) => g[endpoint])) continue;
    const ratios = each.map((g) => g[endpoint]!.ratio);
    const judged = each.every((g) => g[endpoint]!.judged);
    const m = Math.round(median(ratios) * 100) / 100;
    perEndpoint[endpoint] = { ratios, median: m, judged };
    if (judged && (!worst || m > worst.ratio)) worst = { endpoint, ratio: m };
  }
  return { perEndpoint, worst };
}

/**
 * The order the chain sizes are played in: `rounds` rounds, each over every size, smallest first in odd
 * rounds and largest first in even ones, so a host that drifts faster or slower over the run favours
 * neither size (2,000, 20,000 | 20,000, 2,000 | 2,000, 20,000).
 */
export function roundSchedule(sizes: readonly number[], rounds: number): Array<{ round: number; stores: number }> {
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds= must be a whole number of 1 or more, not ${rounds}`);
  const up = [...sizes].sort((a, b) => a - b);
  const down = [...up].reverse();
  return Array.from({ length: rounds }, (_, r) => (r % 2 === 0 ? up : down).map((stores) => ({ round: r + 1, stores }))).flat();
}
