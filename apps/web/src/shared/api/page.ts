/** One page of a list endpoint (the server's `pageOf(item)`: `{ items, page, size, total }`). */
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

/** The next page an infinite list asks for, or undefined once every item has been read (`getNextPageParam`). */
export const nextPageOf = <T>(last: Page<T>): number | undefined => (last.page * last.size < last.total ? last.page + 1 : undefined);
