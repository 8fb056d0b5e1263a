import { describe, expect, it } from 'vitest';
import { DAY_MIX, GROWTH_ENDPOINTS, GROWTH_SAMPLES, budgetOf, growthOverRounds, growthRatios, median, roundSchedule, ordersForGrowth, heldStep, highestHeld, mixShares, nextRate, percentile, requestsPerOrder, stepFailures, type StepResult } from './day-mix';

const plan = { start: 4, factor: 1.5, maxSteps: 7, precision: 1.2 };

/** A step at `rate` whose every endpoint has `p99` (ms), 100 requests each. */
function step(rate: number, p99: Record<string, number> = { scan: 10, 'orders count': 10 }, options: { skipped?: number; errors?: number } = {}): StepResult {
  const endpoints = Object.fromEntries(Object.entries(p99).map(([e, ms]) => [e, { count: 100, errors: options.errors ?? 0, p50: 1, p99: ms }]));
  return { ordersPerSecond: rate, achievedOrdersPerSecond: rate, skipped: options.skipped ?? 0, requestsPerSecond: rate * 40, endpoints };
}

describe('the peak-hour mix', () => {
  it('shares add up to one and follow the order flow: a scan per unit, a refresh per status change', () => {
    const shares = mixShares();
    expect(shares.reduce((sum, e) => sum + e.share, 0)).toBeCloseTo(1, 10);
    const per = Object.fromEntries(DAY_MIX.map((e) => [e.endpoint, e.perOrder]));
    expect(per['channel intake']).toBe(1);
    // Every packed order leaves through exactly one of handover and scan and go, then "Selesai".
    expect(per['handover (pickup)']! + per['POD scan and go']!).toBeCloseTo(per.pack!, 2);
    expect(per.finish).toBe(per.pack);
    const statusChanges = per['channel intake']! + per.claim! + per.pack! + per['handover (pickup)']! + per['POD scan and go']! + per.finish! + per.cancel!;
    expect(per['orders count']).toBeCloseTo(2 * statusChanges, 0);
    expect(requestsPerOrder()).toBeGreaterThan(30);
    expect(DAY_MIX.every((e) => e.why.length > 10)).toBe(true);
  });

  it('judges the scan by 30 ms, reads by 50 ms and other writes by 100 ms', () => {
    expect([budgetOf('scan'), budgetOf('orders list'), budgetOf('monitoring (chain)'), budgetOf('claim')]).toEqual([30, 50, 50, 100]);
  });

  it('percentile is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('a step holds', () => {
  it('when every budget is met, few requests failed and no order waited for a free journey', () => {
    expect(heldStep(step(4))).toBe(true);
    expect(stepFailures(step(4, { scan: 31 }))).toEqual(['scan p99 31 ms > 30 ms']);
    expect(stepFailures(step(4, undefined, { errors: 1 }))).toEqual(['2 of 200 requests failed']);
    expect(stepFailures(step(10, undefined, { skipped: 3 }))).toEqual(['3 arrivals not started: too many still in flight']);
  });

  it('an endpoint seen too rarely is reported but not judged', () => {
    const rare = step(4);
    rare.endpoints['transfer finish'] = { count: 3, errors: 0, p50: 200, p99: 400 };
    expect(heldStep(rare)).toBe(true);
  });
});

describe('rate steps', () => {
  it('grow by the factor while steps hold, then bisect until within the precision', () => {
    const steps: StepResult[] = [];
    expect(nextRate(steps, plan)).toBe(4);
    steps.push(step(4));
    expect(nextRate(steps, plan)).toBe(6);
    steps.push(step(6));
    expect(nextRate(steps, plan)).toBe(9);
    steps.push(step(9, { scan: 45 }));
    expect(nextRate(steps, plan)).toBe(7.5);
    steps.push(step(7.5));
    // 9 / 7.5 = 1.2: close enough.
    expect(nextRate(steps, plan)).toBeNull();
    expect(highestHeld(steps)!.ordersPerSecond).toBe(7.5);
  });

  it('halve from a first step that fails, and give up below an eighth of the start', () => {
    expect(nextRate([step(4, { scan: 99 })], plan)).toBe(2);
    expect(nextRate([step(4, { scan: 99 }), step(2, { scan: 99 }), step(1, { scan: 99 })], plan)).toBe(0.5);
    expect(nextRate([step(4, { scan: 99 }), step(2, { scan: 99 }), step(1, { scan: 99 }), step(0.5, { scan: 99 })], plan)).toBeNull();
    expect(highestHeld([step(4, { scan: 99 })])).toBeNull();
  });

  it('never try a rate twice', () => {
    expect(nextRate([step(2, { scan: 99 }), step(1, { scan: 99 }), step(0.5, { scan: 99 }), step(0.25), step(0.38)], plan)).toBe(0.44);
    expect(nextRate([step(0.5, { scan: 99 }), step(0.49), step(0.51, { scan: 99 })], { ...plan, precision: 1.01 })).toBeNull();
  });

    it('stop after maxSteps, held or not', () => {
    const steps = [4, 6, 9, 13.5, 20.3, 30.5, 45.8].map((r) => step(r));
    expect(nextRate(steps, plan)).toBeNull();
  });
});

describe('growth from 2,000 to 20,000 stores', () => {
  it('is the ratio of p99 per endpoint, judged only where both rest on GROWTH_SAMPLES requests', () => {
    const small = step(4, { scan: 10, 'orders list': 20, 'orders count': 0, claim: 30 });
    const large = step(4, { scan: 12, 'orders list': 36, 'orders count': 1, claim: 90 });
    for (const e of ['scan', 'orders list', 'orders count']) {
      small.endpoints[e]!.count = GROWTH_SAMPLES;
      large.endpoints[e]!.count = GROWTH_SAMPLES + 50;
    }
    // Seen often enough to print, too seldom to judge: its 3x is its two slowest requests.
    small.endpoints.claim!.count = 79;
    small.endpoints.cancel = { count: 5, errors: 0, p50: 1, p99: 10 };
    large.endpoints.cancel = { count: 5, errors: 0, p50: 1, p99: 90 };
    const { perEndpoint, worst } = growthRatios(small, large);
    expect(perEndpoint).toEqual({
      scan: { ratio: 1.2, samples: [300, 350], judged: true },
      'orders list': { ratio: 1.8, samples: [300, 350], judged: true },
      'orders count': { ratio: 1, samples: [300, 350], judged: true },
      claim: { ratio: 3, samples: [79, 100], judged: false },
    });
    expect(worst).toEqual({ endpoint: 'orders list', ratio: 1.8 });
  });

  it('plays enough orders that the rarest judged endpoint, handover, reaches GROWTH_SAMPLES', () => {
    const per = Object.fromEntries(DAY_MIX.map((e) => [e.endpoint, e.perOrder]));
    const orders = ordersForGrowth();
    for (const e of GROWTH_ENDPOINTS) expect(per[e]! * orders).toBeGreaterThanOrEqual(GROWTH_SAMPLES * 1.05);
    expect(orders).toBeLessThan(1000);
  });

  it('over rounds is the median of each round\'s ratio, so one round at an odd moment of the host does not decide it', () => {
    const judgedStep = (p99: Record<string, number>) => {
      const s = step(6, p99);
      for (const e of Object.values(s.endpoints)) e.count = GROWTH_SAMPLES;
      return s;
    };
    const rounds = [
      // Round 1: the small chain met a fast moment, so finish looks 1.68x worse at 20,000.
      { small: judgedStep({ finish: 19, scan: 10 }), large: judgedStep({ finish: 32, scan: 11 }) },
      { small: judgedStep({ finish: 24, scan: 10 }), large: judgedStep({ finish: 28, scan: 12 }) },
      { small: judgedStep({ finish: 25, scan: 10 }), large: judgedStep({ finish: 30, scan: 11 }) },
    ];
    const { perEndpoint, worst } = growthOverRounds(rounds);
    expect(perEndpoint.finish).toEqual({ ratios: [1.68, 1.17, 1.2], median: 1.2, judged: true });
    expect(perEndpoint.scan).toEqual({ ratios: [1.1, 1.2, 1.1], median: 1.1, judged: true });
    expect(worst).toEqual({ endpoint: 'finish', ratio: 1.2 });
    // Too few requests in any one round: printed, not judged.
    rounds[1]!.large.endpoints.finish!.count = 100;
    expect(growthOverRounds(rounds).perEndpoint.finish!.judged).toBe(false);
    expect(growthOverRounds(rounds).worst).toEqual({ endpoint: 'scan', ratio: 1.1 });
    expect(median([1.68, 1.17])).toBeCloseTo(1.425);
  });

  it('plays the sizes in alternating order, so a drifting host favours neither', () => {
    expect(roundSchedule([20000, 2000], 3).map((p) => `${p.round}:${p.stores}`)).toEqual(['1:2000', '1:20000', '2:20000', '2:2000', '3:2000', '3:20000']);
    expect(roundSchedule([2000, 20000], 1)).toEqual([{ round: 1, stores: 2000 }, { round: 1, stores: 20000 }]);
    // Refused before any chain is grown: zero rounds would judge nothing after minutes of work.
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => roundSchedule([2000, 20000], bad)).toThrow('rounds= must be a whole number of 1 or more');
  });
});
