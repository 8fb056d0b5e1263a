/** p99 budgets in ms (README, "Benchmark"). */
export const BUDGETS: Array<{ endpoint: string; p99: number }> = [
  { endpoint: 'orders count', p99: 50 },
  { endpoint: 'orders list (1101, facets)', p99: 50 },
  { endpoint: 'scan', p99: 30 },
  { endpoint: 'stock lookup (nearest stores)', p99: 50 },
  { endpoint: 'booking stores (nearby ring)', p99: 50 },
  { endpoint: 'monitoring (area supervisor, 10 stores)', p99: 50 },
  { endpoint: 'monitoring (super user, 2,000 stores)', p99: 50 },
  // Issue 27: every read within budget with its reply cache off (what the first read after a change costs).
  { endpoint: 'orders count, cache off', p99: 50 },
  { endpoint: 'orders list (1101, facets), cache off', p99: 50 },
  { endpoint: 'stock lookup (nearest stores), cache off', p99: 50 },
  { endpoint: 'booking stores (nearby ring), cache off', p99: 50 },
  { endpoint: 'monitoring (area supervisor, 10 stores), cache off', p99: 50 },
  { endpoint: 'monitoring (super user, 2,000 stores), cache off', p99: 50 },
  { endpoint: "monitoring tile's stores (super user, 2,000 stores), cache off", p99: 50 },
  { endpoint: 'monitoring per toko (area supervisor, 10 stores), cache off', p99: 50 },
  { endpoint: 'monitoring per toko (super user, 2,000 stores), cache off', p99: 50 },
  { endpoint: 'recap (area, 10 stores × 30 days)', p99: 1000 },
  { endpoint: 'recap (all 2,000 stores, 1 day)', p99: 1000 },
  { endpoint: 'recap (all 2,000 stores × 31 days)', p99: 1000 },
];
