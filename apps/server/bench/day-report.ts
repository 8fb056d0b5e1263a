/** The printed report of `npm run bench -- day`: markdown tables, so they go into docs/scaling.md as they are. */
import { budgetOf, growthRatios, highestHeld, MIN_SAMPLES, mixShares, requestsPerOrder, stepFailures, type StepResult } from './day-mix';
import type { DayLoadResult } from './day-load';
import type { ChainSize } from './day-setup';

const out = (line = '') => console.log(line);

/** Columns of numbers (and ms) are right-aligned, text left. */
function table(head: string[], rows: string[][]): void {
  const numeric = head.map((_, i) => i > 0 && rows.every((r) => /^[\d.,]+( ms| %|x)?$/.test(r[i]!)));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  out(line(head));
  out(`|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const r of rows) out(line(r));
}

export function printMix(): void {
  out(`\nThe peak-hour mix: ${requestsPerOrder().toFixed(1)} requests per online order`);
  table(
    ['endpoint', 'per order', 'share', 'why'],
    mixShares().map((e) => [e.endpoint, e.perOrder.toFixed(2), `${(e.share * 100).toFixed(1)} %`, e.why]),
  );
}

export function printChain(chain: ChainSize): void {
  out(`\n${chain.dataset.stores} stores, ${chain.dataset.orders} orders, ${chain.dataset.lines} lines, ${chain.dataset.stockRows} stock rows`);
  for (const [phase, s] of chain.phases) out(`  ${phase}: ${s} s`);
}

/** Per-endpoint figures of one step, in the mix's order, with their budgets. */
export function printStep(title: string, step: DayLoadResult): void {
  out(`\n${title}: ${step.ordersPerSecond} orders/s asked, ${step.achievedOrdersPerSecond.toFixed(1)} started, ${step.requestsPerSecond.toFixed(0)} requests/s, ${step.ordersFinished} orders finished; ${step.sseOpen} SSE streams open received ${step.sseEvents} events`);
  const order = mixShares().map((e) => e.endpoint);
  const names = Object.keys(step.endpoints).sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  table(
    ['endpoint', 'requests', 'p50', 'p99', 'budget', 'errors'],
    names.map((n) => {
      const s = step.endpoints[n]!;
      const verdict = s.count < MIN_SAMPLES ? 'too few to judge' : s.p99 <= budgetOf(n) ? 'met' : 'MISSED';
      return [n, String(s.count), `${s.p50} ms`, `${s.p99} ms`, `${verdict} (< ${budgetOf(n)} ms)`, String(s.errors)];
    }),
  );
}

export function printSteps(stores: number, steps: DayLoadResult[]): void {
  out(`\nRate steps at ${stores} stores:`);
  table(
    ['orders/s asked', 'started', 'requests/s', 'held', 'why not'],
    steps.map((s) => {
      const failures = stepFailures(s);
      return [String(s.ordersPerSecond), s.achievedOrdersPerSecond.toFixed(1), s.requestsPerSecond.toFixed(0), failures.length === 0 ? 'yes' : 'no', failures.join('; ')];
    }),
  );
  const best = highestHeld(steps);
  out(best ? `\nHighest rate held with every budget met: ${best.ordersPerSecond} orders/s, ${best.requestsPerSecond.toFixed(0)} requests/s` : '\nNo step held every budget.');
}

export function printGrowth(small: { stores: number; step: StepResult }, large: { stores: number; step: StepResult }): void {
  const { perEndpoint, worst } = growthRatios(small.step, large.step);
  out(`\np99 growth from ${small.stores} to ${large.stores} stores at ${large.step.ordersPerSecond} orders/s (goal: < 1.5x):`);
  table(
    ['endpoint', `p99 at ${small.stores}`, `p99 at ${large.stores}`, 'ratio'],
    Object.entries(perEndpoint).map(([n, r]) => [n, `${small.step.endpoints[n]!.p99} ms`, `${large.step.endpoints[n]!.p99} ms`, `${r.toFixed(2)}x`]),
  );
  if (worst) out(`\nWorst growth: ${worst.endpoint} ${worst.ratio.toFixed(2)}x: ${worst.ratio < 1.5 ? 'goal met' : 'goal MISSED'}`);
}
