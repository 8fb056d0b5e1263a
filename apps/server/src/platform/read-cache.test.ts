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
    const slow = async () => {
      const seen = value;
      await new Promise((r) => setTimeout(r, 5));
      return seen;
    };
    const racing = c.read('T001', 'list', slow);
    value = 'after';
    c.invalidate('T001');
    expect(await racing).toBe('before');
    expect(await c.read('T001', 'list', slow)).toBe('after');
  });

  it('shares one load between concurrent misses, and does not keep a failure', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return loads;
    };
    expect(await Promise.all([c.read('T001', 'k', load), c.read('T001', 'k', load)])).toEqual([1, 1]);
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
