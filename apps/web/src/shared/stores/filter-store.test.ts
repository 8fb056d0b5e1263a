import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, useFilterStore } from './filter-store';

beforeEach(() => useFilterStore.getState().clearFilters());

describe('filter store', () => {
  it('keeps start date, end date and query, persisted in sessionStorage', () => {
    useFilterStore.getState().setFilters({ startDate: '2025-11-01', endDate: '2025-11-22', query: 'SHP' });
    expect(useFilterStore.getState()).toMatchObject({ startDate: '2025-11-01', endDate: '2025-11-22', query: 'SHP' });
    expect(JSON.parse(sessionStorage.getItem('gerai.filter')!).state).toEqual({ startDate: '2025-11-01', endDate: '2025-11-22', query: 'SHP' });
  });

  it('clearFilters empties all three', () => {
    useFilterStore.getState().setFilters({ startDate: '2025-11-01', query: 'x' });
    useFilterStore.getState().clearFilters();
    expect(useFilterStore.getState()).toMatchObject(EMPTY_FILTERS);
  });
});
