import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@/test/render';
import { pagedQueryOptions } from './paged-query';

describe('pagedQueryOptions', () => {
  it('reads page 1 first, then the next page while the reply says more remain, and stops after the last', async () => {
    const client = testQueryClient();
    const asked: number[] = [];
    const options = pagedQueryOptions(['things', 'list'], async (page) => {
      asked.push(page);
      return { items: [`item ${page}`], page, size: 1, total: 2 };
    });
    await client.fetchInfiniteQuery(options);
    expect(asked).toEqual([1]);
    expect(options.getNextPageParam({ items: [], page: 1, size: 1, total: 2 }, [], 1, [])).toBe(2);
    expect(options.getNextPageParam({ items: [], page: 2, size: 1, total: 2 }, [], 2, [])).toBeUndefined();
    expect(options.staleTime).toBe(15_000);
    expect(pagedQueryOptions(['x'], async () => ({ items: [], page: 1, size: 20, total: 0 }), 60_000).staleTime).toBe(60_000);
  });

  it("hands the page reader the query's signal and client", async () => {
    const client = testQueryClient();
    let seen: { signal: AbortSignal; client: unknown } | null = null;
    await client.fetchInfiniteQuery(
      pagedQueryOptions(['things'], async (page, ctx) => {
        seen = ctx;
        return { items: [], page, size: 20, total: 0 };
      }),
    );
    expect(seen!.signal).toBeInstanceOf(AbortSignal);
    expect(seen!.client).toBe(client);
  });
});
