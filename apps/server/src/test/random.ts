/**
 * The server tests' one source of randomness. Seeded (TEST_SEED, or a fixed default), so a
 * failure replays on the next run; each test file gets its own stream from the same seed
 * (vitest isolates modules per file), so what it draws does not depend on the other files.
 */
export const TEST_SEED = Number(process.env.TEST_SEED ?? 20261122);

/** mulberry32: a small, fast PRNG giving numbers in [0, 1). */
export function seededRandom(seed: number = TEST_SEED): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stream = seededRandom();

/** The next number of this file's stream, in [0, 1). */
export function testRandom(): number {
  return stream();
}

/** `length` base-36 characters from this file's stream: order numbers, idempotency keys, tags. */
export function randomTag(length = 8): string {
  let tag = '';
  while (tag.length < length) tag += Math.floor(stream() * 36).toString(36);
  return tag;
}
