/** Query keys of the catalog area (stores, products). */
export const catalogKeys = {
  all: ['catalog'] as const,
  stores: () => [...catalogKeys.all, 'stores'] as const,
  storeList: (query: string) => [...catalogKeys.stores(), 'list', { query }] as const,
};
