import { describe, expect, it } from 'vitest';
import { randomTag, seededRandom } from './random';

// The PRNG is shared with the scripts (scripts/lib/mulberry32.mjs): a seed must keep giving the
// numbers it gave, or a failure found with TEST_SEED (or a soak's seed) no longer replays.
describe('seededRandom', () => {
  it('gives mulberry32\'s numbers for a seed, the same on every call', () => {
    const draw = seededRandom(20261122);
    expect([draw(), draw(), draw()]).toEqual([0.8369944463483989, 0.10530598578043282, 0.0031693943310528994]);
    expect(seededRandom(1)()).toBe(0.6270739405881613);
  });

  it('draws tags of base-36 characters of the asked length', () => {
    expect(randomTag(11)).toMatch(/^[0-9a-z]{11}$/);
  });
});
