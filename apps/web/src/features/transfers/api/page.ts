/** One page of a transfers list endpoint (the server's `pageOf(item)`). */
export interface TransferPage<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

/** The next page to ask for, or undefined once every item has been read. */
export const nextPageOf = <T>(last: TransferPage<T>) => (last.page * last.size < last.total ? last.page + 1 : undefined);
