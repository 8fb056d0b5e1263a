import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Saved list filters (spec: start date, end date, query; plus the channel picked
 * from the list's facet), kept per tab session and cleared by the route rules.
 */
export interface FilterValues {
  /** yyyy-mm-dd (WIB calendar day) */
  startDate: string | null;
  endDate: string | null;
  query: string;
  /** Channel (appId) from the facet; null for every channel. */
  appId: number | null;
}

export const EMPTY_FILTERS: FilterValues = { startDate: null, endDate: null, query: '', appId: null };

export function hasActiveFilters(values: FilterValues): boolean {
  return Boolean(values.startDate || values.endDate || values.query.trim() || values.appId !== null);
}

interface FilterStore extends FilterValues {
  setFilters: (values: Partial<FilterValues>) => void;
  clearFilters: () => void;
}

export const useFilterStore = create<FilterStore>()(
  persist(
    (set) => ({
      ...EMPTY_FILTERS,
      setFilters: (values) => set(values),
      clearFilters: () => set({ ...EMPTY_FILTERS }),
    }),
    {
      name: 'gerai.filter',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ startDate, endDate, query, appId }) => ({ startDate, endDate, query, appId }),
    },
  ),
);

export const clearFilters = () => useFilterStore.getState().clearFilters();
