import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';

/** One turn of the event loop's check phase, where the Batcher starts its batches (setImmediate). */
const turn = () => new Promise<void>((r) => setImmediate(r));
import { refusedByDatabase } from './statement';

describe('Batcher', () => {
  it('answers each caller with its own result and batches what arrives together', async () => {
    const calls: number[][] = [];
    // The first batch is held open until the test has seen that the rest wait for it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const batcher = new Batcher<number, number>(async (items) => {
      calls.push(items);
      await held;
      return items.map((n) => n * 10);
    }, { maxBatch: 3, concurrency: 1 });
    const results = Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    await turn();
    await turn();
    expect(calls).toEqual([[1, 2, 3]]);
    release();
    expect(await results).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('runs no more batches at once than allowed, and a later call still runs alone', async () => {
    let running = 0;
    let most = 0;
    // Each batch is held open until the test lets it finish, one at a time.
    const held: Array<() => void> = [];
    const batcher = new Batcher<number, number>(async (items) => {
      most = Math.max(most, ++running);
      await new Promise<void>((r) => held.push(r));
      running--;
      return items;
    }, { maxBatch: 1, concurrency: 2 });
    const all = Promise.all(Array.from({ length: 6 }, (_, i) => batcher.submit(i)));
    await turn();
    await turn();
    expect(running).toBe(2);
    while (held.length > 0) {
      held.shift()!();
      await turn();
      await turn();
    }
    expect(await all).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    const later = batcher.submit(7);
    await turn();
    held.shift()!();
    expect(await later).toBe(7);
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

  it('with isolate, fails only the item that makes its batch fail, in halves, keeping the order of the rest', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        calls.push(items);
        if (items.includes(4)) throw Object.assign(new Error('refused'), { code: '22P05', severity: 'ERROR' });
        return items.map((n) => n * 10);
      },
      { maxBatch: 64, concurrency: 1, isolate: (err) => (err as { code?: string }).code === '22P05' },
    );
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6, 7].map((n) => batcher.submit(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([10, 20, 30, 'failed', 50, 60, 70]);
    // The good items still share calls: [1..7] → [1..4] → [1,2] ok, [3,4] → [3] ok, [4] fails; [5,6,7] ok.
    expect(calls).toEqual([[1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4], [1, 2], [3, 4], [3], [4], [5, 6, 7]]);
  });

  it('with isolate, still fails the whole batch for an error it does not accept', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(
      async () => {
        calls++;
        throw new Error('connection lost');
      },
      { maxBatch: 64, concurrency: 1, isolate: (err) => (err as { code?: string }).code !== undefined },
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
  });
});

describe('refusedByDatabase', () => {
  const dbError = (code: string, severity = 'ERROR') => Object.assign(new Error(code), { code, severity });
  it('accepts errors the database answered with a SQLSTATE, not connection failures or plain errors', () => {
    expect(refusedByDatabase(dbError('22P05'))).toBe(true);
    expect(refusedByDatabase(dbError('40P01'))).toBe(true);
    expect(refusedByDatabase(dbError('08006'))).toBe(false);
    expect(refusedByDatabase(dbError('57P01', 'FATAL'))).toBe(false);
    expect(refusedByDatabase(Object.assign(new Error('socket'), { code: 'EPIPE' }))).toBe(false);
    expect(refusedByDatabase(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(refusedByDatabase(null)).toBe(false);
  });
});
