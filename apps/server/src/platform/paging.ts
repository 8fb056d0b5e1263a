/** One page of a list, as every list route answers it (the contract's `pageOf`). */
export interface PageOf<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

/** What a list asks for: the page (from 1) and its size. */
export interface PageQuery {
  page: number;
  size: number;
}

/** The rows of one page: `LIMIT size OFFSET (page − 1) × size`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The page of a list the caller has no store for: nothing, and no read. */
export const emptyPage = <T>({ page, size }: PageQuery): PageOf<T> => ({ items: [], page, size, total: 0 });

export const pageWindow = ({ page, size }: PageQuery): PageWindow => ({ limit: size, offset: (page - 1) * size });

/** What `readPage` reads side by side: the page's rows (the window applied) and the count of every row the list holds. */
export type PageReads<R> = readonly [rows: PromiseLike<R[]>, count: PromiseLike<readonly { n: number | string }[]>];

/**
 * One page of a list, the one way every list query pages: `read` gets the window and gives the
 * page's rows (`.limit(w.limit).offset(w.offset)`) and the count of the same filter (a
 * `select({ n: count() })`), which are read side by side; `map` shapes each row for the reply.
 */
export async function readPage<R, T = R>(q: PageQuery, read: (window: PageWindow) => PageReads<R>, map: (row: R) => T = (row) => row as unknown as T): Promise<PageOf<T>> {
  const [rows, [total]] = await Promise.all(read(pageWindow(q)));
  return { items: rows.map(map), page: q.page, size: q.size, total: Number(total?.n ?? 0) };
}

/**
 * One page of a list whose count is read first and picks how its rows are read (a two-letter search of the whole
 * chain: walked in order when many rows match, from an index when few do, db/like.ts).
 */
export async function readPageByCount<R, T = R>(
  q: PageQuery,
  count: () => PromiseLike<readonly { n: number | string }[]>,
  rows: (total: number, window: PageWindow) => PromiseLike<R[]>,
  map: (row: R) => T = (row) => row as unknown as T,
): Promise<PageOf<T>> {
  const [counted] = await count();
  const total = Number(counted?.n ?? 0);
  const items = total === 0 ? [] : (await rows(total, pageWindow(q))).map(map);
  return { items, page: q.page, size: q.size, total };
}
