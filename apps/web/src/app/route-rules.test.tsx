import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { useFilterStore } from '@/shared/stores/filter-store';
import { useScanStore } from '@/shared/stores/scan-store';
import { installRouteRules, routeRuleEffects } from './route-rules';

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

describe('installRouteRules on a router', () => {
  let unsubscribe: () => void = () => {};
  const page = { element: null };
  const makeRouter = (initial: string) =>
    createMemoryRouter(
      ['/', '/order', '/akun', '/monitoring', '/list-packing', '/order/detail/:status/:shipmentNo/:method'].map((path) => ({ path, ...page })),
      { initialEntries: [initial] },
    );

  beforeEach(() => {
    useFilterStore.getState().clearFilters();
    useScanStore.getState().reset();
  });
  afterEach(() => unsubscribe());

  it('clears filters when navigating to orders, home or account, not elsewhere', async () => {
    const router = makeRouter('/monitoring');
    unsubscribe = installRouteRules(router);
    useFilterStore.getState().setFilters({ startDate: '2025-11-01', endDate: '2025-11-02', query: 'abc' });

    await act(() => router.navigate('/list-packing'));
    expect(useFilterStore.getState().query).toBe('abc');

    await act(() => router.navigate('/order'));
    expect(useFilterStore.getState()).toMatchObject({ startDate: null, endDate: null, query: '' });

    useFilterStore.getState().setFilters({ query: 'lagi' });
    await act(() => router.navigate('/akun'));
    expect(useFilterStore.getState().query).toBe('');
  });

  it('clears filters on the first load of home', () => {
    useFilterStore.getState().setFilters({ query: 'lama' });
    unsubscribe = installRouteRules(makeRouter('/'));
    expect(useFilterStore.getState().query).toBe('');
  });

  it('resets the scanned products when leaving order detail', async () => {
    const router = makeRouter('/order/detail/1102/SHP1/0');
    unsubscribe = installRouteRules(router);
    useScanStore.getState().addProduct({ productID: 'P1', qty: 2 });

    await act(() => router.navigate('/order/detail/1102/SHP1/0?type=vip'));
    expect(useScanStore.getState().products).toHaveLength(1);

    await act(() => router.navigate('/list-packing'));
    expect(useScanStore.getState().products).toEqual([]);
  });
});
