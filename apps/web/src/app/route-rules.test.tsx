import { beforeEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { useLocation } from 'react-router';
import { memoryHistory, RoutesAt, testRouter } from '@/test/render';
import { useFilterStore } from '@/shared/stores/filter-store';
import { useScanStore } from '@/shared/stores/scan-store';
import { routeRuleEffects, withRouteRules } from './route-rules';

describe('routeRuleEffects', () => {
  it.each(['/', '/order', '/order/', '/akun'])('entering %s clears the saved filters', (path) => {
    expect(routeRuleEffects('/monitoring', path).clearFilters).toBe(true);
    expect(routeRuleEffects(null, path).clearFilters).toBe(true);
  });

  it.each(['/monitoring', '/list-proses', '/history', '/order/detail/1101/SHP1/0'])('entering %s keeps them', (path) => {
    expect(routeRuleEffects('/', path).clearFilters).toBe(false);
  });

  it('leaving order detail (or scan-and-go detail) resets the scan; staying does not', () => {
    expect(routeRuleEffects('/order/detail/1102/SHP1/0', '/list-packing').resetScan).toBe(true);
    expect(routeRuleEffects('/order/detail-scan-go/1103/SHP1/1', '/').resetScan).toBe(true);
    expect(routeRuleEffects('/order/detail/1102/SHP1/0', '/order/detail/1102/SHP1/0').resetScan).toBe(false);
    expect(routeRuleEffects(null, '/order/detail/1102/SHP1/0').resetScan).toBe(false);
    expect(routeRuleEffects('/list-packing', '/order/detail/1102/SHP1/0').resetScan).toBe(false);
  });
});

describe('withRouteRules on the history the routes render from', () => {
  // What each screen read on its render: the rules must have run before the new screen renders.
  let seen: string[] = [];
  function Screen() {
    const { pathname } = useLocation();
    seen.push(`${pathname} ${useFilterStore.getState().query}`);
    return null;
  }
  const routes = ['/', '/order', '/akun', '/monitoring', '/list-packing', '/order/detail/:status/:shipmentNo/:method'].map((path) => ({ path, element: <Screen /> }));
  const renderAt = (initial: string) => {
    const history = withRouteRules(memoryHistory([initial]));
    render(<RoutesAt history={history} routes={routes} />);
    return testRouter(history);
  };

  beforeEach(() => {
    seen = [];
    useFilterStore.getState().clearFilters();
    useScanStore.getState().reset();
  });

  it('clears filters when navigating to orders, home or account, not elsewhere, before the screen renders', async () => {
    const router = renderAt('/monitoring');
    useFilterStore.getState().setFilters({ startDate: '2025-11-01', endDate: '2025-11-02', query: 'abc' });

    await act(() => router.navigate('/list-packing'));
    expect(useFilterStore.getState().query).toBe('abc');

    await act(() => router.navigate('/order'));
    expect(useFilterStore.getState()).toMatchObject({ startDate: null, endDate: null, query: '' });
    expect(seen.filter((s) => s.startsWith('/order'))).toEqual(['/order ']);

    useFilterStore.getState().setFilters({ query: 'lagi' });
    await act(() => router.navigate('/akun'));
    expect(useFilterStore.getState().query).toBe('');
  });

  it('clears filters on the first load of home', () => {
    useFilterStore.getState().setFilters({ query: 'lama' });
    renderAt('/');
    expect(useFilterStore.getState().query).toBe('');
    expect(seen[0]).toBe('/ ');
  });

  it('resets the scanned products when leaving order detail, also going back', async () => {
    const router = renderAt('/list-packing');
    await act(() => router.navigate('/order/detail/1102/SHP1/0'));
    useScanStore.getState().addProduct({ productID: 'P1', qty: 2 });

    await act(() => router.navigate('/order/detail/1102/SHP1/0?type=vip'));
    expect(useScanStore.getState().products).toHaveLength(1);

    await act(() => router.navigate(-1));
    expect(useScanStore.getState().products).toHaveLength(1);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/list-packing');
    expect(useScanStore.getState().products).toEqual([]);
  });
});
