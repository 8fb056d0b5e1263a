/**
 * mulberry32: a small, fast seeded PRNG giving numbers in [0, 1). One copy for the server tests
 * (apps/server/src/test/random.ts) and the scripts (the flaky soak), so both replay a seed alike.
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
