import type { DataRouter } from 'react-router';
import { FILTER_RESET_PATHS, ORDER_DETAIL_PATTERN } from '@/shared/config/paths';
import { clearFilters } from '@/shared/stores/filter-store';
import { resetScan } from '@/shared/stores/scan-store';

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The spec's route rules as a pure decision:
 *  - entering home, orders or account clears the saved filters;
 *  - leaving order detail resets the scanned products.
 */
export function routeRuleEffects(previous: string | null, next: string): { clearFilters: boolean; resetScan: boolean } {
  const to = normalise(next);
  const from = previous === null ? null : normalise(previous);
  if (from === to) return { clearFilters: false, resetScan: false };
  return {
    clearFilters: FILTER_RESET_PATHS.includes(to),
    resetScan: from !== null && ORDER_DETAIL_PATTERN.test(from),
  };
}

/**
 * Applies the rules on every location change. Subscribing to the router (instead
 * of an effect in a layout) runs them before the new screen renders, so a list
 * never reads filters that are about to be cleared.
 */
export function installRouteRules(router: DataRouter): () => void {
  let previous: string | null = null;
  const apply = (pathname: string) => {
    const effects = routeRuleEffects(previous, pathname);
    previous = pathname;
    if (effects.clearFilters) clearFilters();
    if (effects.resetScan) resetScan();
  };
  apply(router.state.location.pathname);
  return router.subscribe((state) => {
    if (state.location.pathname !== previous) apply(state.location.pathname);
  });
}
