import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

describe('Batcher', () => {
  it('answers each caller with its own result and batches what arrives together', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      calls.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((n) => n * 10);
    }, { maxBatch: 3, concurrency: 1 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('runs no more batches at once than allowed, and a later call still runs alone', async () => {
    let running = 0;
    let most = 0;
    const batcher = new Batcher<number, number>(async (items) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return items;
    }, { maxBatch: 1, concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => batcher.submit(i)));
    expect(most).toBe(2);
    expect(await batcher.submit(7)).toBe(7);
  });

  it('rejects every caller of a failed batch and keeps serving later ones', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (items) => {
      if (fail) throw new Error('boom');
      return items;
    }, { maxBatch: 10, concurrency: 1 });
    const failed = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.submit(3)).toBe(3);
  });
});
