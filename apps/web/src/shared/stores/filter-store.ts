import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Saved list filters (spec: start date, end date, query), kept per tab session. */
export interface FilterValues {
  /** yyyy-mm-dd */
  startDate: string | null;
  endDate: string | null;
  query: string;
}

export const EMPTY_FILTERS: FilterValues = { startDate: null, endDate: null, query: '' };

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
      partialize: ({ startDate, endDate, query }) => ({ startDate, endDate, query }),
    },
  ),
);

export const clearFilters = () => useFilterStore.getState().clearFilters();
