import type { RecapParams } from './utils/range';

/** Query keys of the recap area: the recap of a range and store, and the stores its filter offers. */
export const recapKeys = {
  all: ['recap'] as const,
  details: () => [...recapKeys.all, 'detail'] as const,
  detail: (params: RecapParams) => [...recapKeys.details(), params] as const,
  stores: (query: string) => [...recapKeys.all, 'stores', { query }] as const,
};
