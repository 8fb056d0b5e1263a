import { describe, expect, it } from 'vitest';
import { StoreReadCache } from './read-cache';

const cache = () => new StoreReadCache({ ttlMs: 60_000, max: 100 });

describe('StoreReadCache', () => {
  it('serves a repeated read from memory until the store changes', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.read('T001', 'count', load)).toBe(1);
    expect(await c.read('T001', 'count', load)).toBe(1);
    c.invalidate('T002');
    expect(await c.read('T001', 'count', load)).toBe(1);
    c.invalidate('T001');
    expect(await c.read('T001', 'count', load)).toBe(2);
    c.invalidate(null);
    expect(await c.read('T001', 'count', load)).toBe(3);
  });

  it('never keeps a result read while a change arrived', async () => {
    const c = cache();
    let value = 'before';
    // The first load answers only once the change has arrived: no timing decides the order.
    let answer!: () => void;
    const changeArrived = new Promise<void>((r) => (answer = r));
    const racing = c.read('T001', 'list', async () => {
      const seen = value;
      await changeArrived;
      return seen;
    });
    value = 'after';
    c.invalidate('T001');
    answer();
    expect(await racing).toBe('before');
    expect(await c.read('T001', 'list', async () => value)).toBe('after');
  });

  it('shares one load between concurrent misses, and does not keep a failure', async () => {
    const c = cache();
    let loads = 0;
    // The load stays open until both reads have asked: the second finds the first one's load.
    let finish!: () => void;
    const bothAsked = new Promise<void>((r) => (finish = r));
    const load = async () => {
      loads++;
      await bothAsked;
      return loads;
    };
    const reads = Promise.all([c.read('T001', 'k', load), c.read('T001', 'k', load)]);
    finish();
    expect(await reads).toEqual([1, 1]);
    const failing = c.read('T001', 'bad', async () => Promise.reject(new Error('db down')));
    await expect(failing).rejects.toThrow('db down');
    expect(await c.read('T001', 'bad', async () => 'ok')).toBe('ok');
  });

  it('reads straight through when disabled', async () => {
    const c = new StoreReadCache({ ttlMs: 0, max: 10 });
    let loads = 0;
    await c.read('T001', 'k', async () => ++loads);
    await c.read('T001', 'k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
