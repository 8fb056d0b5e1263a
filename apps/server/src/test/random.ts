import { mulberry32 } from '../../../../scripts/lib/mulberry32.mjs';

/**
 * The server tests' one source of randomness. Seeded (TEST_SEED, or a fixed default), so a
 * failure replays on the next run; each test file gets its own stream from the same seed
 * (vitest isolates modules per file), so what it draws does not depend on the other files.
 */
export const TEST_SEED = Number(process.env.TEST_SEED ?? 20261122);

/** The tests' PRNG (mulberry32, shared with the scripts) from `seed`: numbers in [0, 1). */
export function seededRandom(seed: number = TEST_SEED): () => number {
  return mulberry32(seed);
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
