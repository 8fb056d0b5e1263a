/** The printed report of `npm run bench -- day`: markdown tables, so they go into docs/scaling.md as they are. */
import { budgetOf, GROWTH_SAMPLES, growthOverRounds, growthRatios, highestHeld, MIN_SAMPLES, mixShares, requestsPerOrder, stepFailures } from './day-mix';
import { topShares } from './day-waits';
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
  if (step.cpu) out(cpuLine(step));
  if (step.waits) {
    const w = step.waits;
    const busy = Object.values(w.waits).reduce((a, b) => a + b, 0);
    out(`PostgreSQL's busy backends over ${w.samples} samples (${w.samples > 0 ? (busy / w.samples).toFixed(2) : 0} busy on average): ${topShares(w.waits, 8).join(', ') || 'none'}`);
    const locks = topShares(w.locks, 5, busy);
    out(`Lock waits (share of busy-backend samples): ${locks.join('; ') || 'none'}`);
  }
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

/** Core-ms per order started and cores kept busy over the step, server and PostgreSQL apart. */
export function cpuPerOrder(step: DayLoadResult): { server: number; postgres: number; serverCores: number; postgresCores: number } | null {
  if (!step.cpu || step.ordersStarted === 0) return null;
  const { serverMs, postgresMs, wallMs } = step.cpu;
  return { server: serverMs / step.ordersStarted, postgres: postgresMs / step.ordersStarted, serverCores: serverMs / wallMs, postgresCores: postgresMs / wallMs };
}

function cpuLine(step: DayLoadResult): string {
  const c = cpuPerOrder(step)!;
  const perRequest = (ms: number) => (step.requests > 0 ? (ms / step.requests).toFixed(2) : '-');
  return `CPU over the step (${(step.cpu!.wallMs / 1000).toFixed(0)} s, ${step.ordersStarted} orders, ${step.requests} requests): server ${c.server.toFixed(0)} core-ms per order (${perRequest(step.cpu!.serverMs)} per request, ${c.serverCores.toFixed(2)} cores busy), PostgreSQL ${c.postgres.toFixed(0)} core-ms per order (${perRequest(step.cpu!.postgresMs)} per request, ${c.postgresCores.toFixed(2)} cores busy)`;
}

export function printSteps(stores: number, steps: DayLoadResult[]): void {
  out(`\nRate steps at ${stores} stores:`);
  const ms = (v: number | undefined) => (v === undefined ? '-' : `${v.toFixed(0)} ms`);
  table(
    ['orders/s asked', 'started', 'requests/s', 'server core-ms/order', 'PostgreSQL core-ms/order', 'held', 'why not'],
    steps.map((s) => {
      const failures = stepFailures(s);
      const c = cpuPerOrder(s);
      return [String(s.ordersPerSecond), s.achievedOrdersPerSecond.toFixed(1), s.requestsPerSecond.toFixed(0), ms(c?.server), ms(c?.postgres), failures.length === 0 ? 'yes' : 'no', failures.join('; ')];
    }),
  );
  const best = highestHeld(steps);
  out(best ? `\nHighest rate held with every budget met: ${best.ordersPerSecond} orders/s, ${best.requestsPerSecond.toFixed(0)} requests/s` : '\nNo step held every budget.');
}

/** One size's growth step in one round, with the host's speed measured just before it. */
export interface PlayedPhase {
  round: number;
  stores: number;
  bareRequestsPerSecond: number;
  step: DayLoadResult;
}

/** Per endpoint, each round's p99 at both sizes and their ratio, then the median ratio the goal is judged on. */
export function printGrowth(played: readonly PlayedPhase[], small: number, large: number): void {
  const rounds = [...new Set(played.map((p) => p.round))].sort((a, b) => a - b);
  const pairs = rounds.map((round) => ({ round, small: played.find((p) => p.round === round && p.stores === small)!, large: played.find((p) => p.round === round && p.stores === large)! }));
  const { perEndpoint, worst } = growthOverRounds(pairs.map((p) => ({ small: p.small.step, large: p.large.step })));
  const each = (pick: (p: (typeof pairs)[number]) => string) => pairs.map(pick).join(' / ');
  out(`\np99 growth from ${small} to ${large} stores at ${pairs[0]!.large.step.ordersPerSecond} orders/s over ${rounds.length} rounds (rounds ${each((p) => String(p.round))}; goal: median ratio < 1.5x; judged where every round's p99 rest on ${GROWTH_SAMPLES} requests or more):`);
  table(
    ['endpoint', `p99 at ${small}`, `p99 at ${large}`, 'ratio per round', 'median', 'judged'],
    Object.entries(perEndpoint).map(([n, g]) => [n, `${each((p) => String(p.small.step.endpoints[n]!.p99))} ms`, `${each((p) => String(p.large.step.endpoints[n]!.p99))} ms`, g.ratios.map((r) => `${r.toFixed(2)}x`).join(' / '), `${g.median.toFixed(2)}x`, g.judged ? 'yes' : 'too few']),
  );
  if (worst) out(`\nWorst growth (median over the rounds): ${worst.endpoint} ${worst.ratio.toFixed(2)}x: ${worst.ratio < 1.5 ? 'goal met' : 'goal MISSED'}`);
  for (const p of pairs) {
    const [a, b] = [cpuPerOrder(p.small.step), cpuPerOrder(p.large.step)];
    const worstOfRound = growthRatios(p.small.step, p.large.step).worst;
    const cpu = a && b ? `; CPU per order: server ${a.server.toFixed(0)} → ${b.server.toFixed(0)} core-ms, PostgreSQL ${a.postgres.toFixed(0)} → ${b.postgres.toFixed(0)} core-ms` : '';
    out(`Round ${p.round}: bare Fastify ${p.small.bareRequestsPerSecond.toFixed(0)} → ${p.large.bareRequestsPerSecond.toFixed(0)} req/s; worst ${worstOfRound ? `${worstOfRound.endpoint} ${worstOfRound.ratio.toFixed(2)}x` : '-'}${cpu}`);
  }
}
