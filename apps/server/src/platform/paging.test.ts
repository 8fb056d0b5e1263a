import { describe, expect, it } from 'vitest';
import { pageWindow, readPage } from './paging';

describe('paging', () => {
  it('turns a page and its size into the window of rows', () => {
    expect(pageWindow({ page: 1, size: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, size: 10 })).toEqual({ limit: 10, offset: 20 });
  });

  it('reads the page and the count side by side into { items, page, size, total }', async () => {
    const rows = [{ id: 21 }, { id: 22 }];
    let asked = null as unknown;
    const page = await readPage(
      { page: 3, size: 10 },
      (window) => {
        asked = window;
        return [Promise.resolve(rows), Promise.resolve([{ n: '22' }])];
      },
      (r) => r.id,
    );
    expect(asked).toEqual({ limit: 10, offset: 20 });
    expect(page).toEqual({ items: [21, 22], page: 3, size: 10, total: 22 });
    // No count row (an empty filter): a total of 0.
    expect(await readPage({ page: 1, size: 5 }, () => [Promise.resolve([]), Promise.resolve([])])).toEqual({ items: [], page: 1, size: 5, total: 0 });
  });
});
