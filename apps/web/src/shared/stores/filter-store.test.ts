import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, hasActiveFilters, useFilterStore } from './filter-store';

beforeEach(() => useFilterStore.getState().clearFilters());

describe('filter store', () => {
  it('keeps start date, end date, query and channel, persisted in sessionStorage', () => {
    useFilterStore.getState().setFilters({ startDate: '2025-11-01', endDate: '2025-11-22', query: 'SHP', appId: 379 });
    expect(useFilterStore.getState()).toMatchObject({ startDate: '2025-11-01', endDate: '2025-11-22', query: 'SHP', appId: 379 });
    expect(JSON.parse(sessionStorage.getItem('gerai.filter')!).state).toEqual({ startDate: '2025-11-01', endDate: '2025-11-22', query: 'SHP', appId: 379 });
    expect(hasActiveFilters(useFilterStore.getState())).toBe(true);
  });

  it('clearFilters empties them all', () => {
    useFilterStore.getState().setFilters({ startDate: '2025-11-01', query: 'x', appId: 91 });
    useFilterStore.getState().clearFilters();
    expect(useFilterStore.getState()).toMatchObject(EMPTY_FILTERS);
    expect(hasActiveFilters(useFilterStore.getState())).toBe(false);
  });
});
