import { describe, expect, it } from 'vitest';
import { formatDuration, minutesSince } from './duration';

describe('formatDuration', () => {
  it.each([
    [0, '<1 mnt'],
    [0.9, '<1 mnt'],
    [1, '1 mnt'],
    [12, '12 mnt'],
    [59.9, '59 mnt'],
    [60, '1 j'],
    [65, '1 j 5 mnt'],
    [24 * 60, '1 hr'],
    [2 * 24 * 60 + 3 * 60 + 20, '2 hr 3 j'],
  ])('%s minutes → %s', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });
});

describe('minutesSince', () => {
  it('counts whole minutes and ignores a missing time', () => {
    const now = Date.parse('2026-01-01T10:12:59Z');
    expect(minutesSince('2026-01-01T10:00:00Z', now)).toBe(12);
    expect(minutesSince(null, now)).toBeNull();
    expect(minutesSince('2026-01-01T10:20:00Z', now)).toBe(0);
  });
});
