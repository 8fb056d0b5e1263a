import type { HistoryRouterProps } from 'react-router';
import { FILTER_RESET_PATHS, ORDER_DETAIL_PATTERN } from '@/shared/config/paths';
import { clearFilters } from '@/shared/stores/filter-store';
import { resetScan } from '@/shared/stores/scan-store';

/** The history React Router's declarative mode renders from (the browser's, or a memory one in tests). */
export type History = HistoryRouterProps['history'];

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
 * `history` with the rules applied on every change of location. Applied in the history's listener,
 * ahead of the router's own, they run before the new screen renders, so a list never reads filters
 * that are about to be cleared.
 */
export function withRouteRules(history: History): History {
  let previous: string | null = null;
  const apply = (pathname: string) => {
    if (pathname === previous) return;
    const effects = routeRuleEffects(previous, pathname);
    previous = pathname;
    if (effects.clearFilters) clearFilters();
    if (effects.resetScan) resetScan();
  };
  apply(history.location.pathname);
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => history.push(to, state),
    replace: (to, state) => history.replace(to, state),
    go: (delta) => history.go(delta),
    listen: (listener) =>
      history.listen((update) => {
        apply(update.location.pathname);
        listener(update);
      }),
  };
}
