import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** One answer of the phone's GPS: a fix, or a GeolocationPositionError code. */
export type Fix = { latitude: number; longitude: number; accuracy: number } | { error: number };

/**
 * The phone's GPS, answering with `fixes` in turn (the last one again when they run out); `hold`
 * keeps each answer until the test releases it. The POD screens of every area read it this way.
 */
export function stubGeolocation(fixes: Fix[], { hold = false } = {}) {
  let n = 0;
  const waiting: Array<() => void> = [];
  const getCurrentPosition = vi.fn((ok: PositionCallback, err?: PositionErrorCallback | null, _options?: PositionOptions) => {
    const fix = fixes[Math.min(n++, fixes.length - 1)]!;
    const answer = () => ('error' in fix ? err?.({ code: fix.error, message: 'x' } as GeolocationPositionError) : ok({ coords: fix } as GeolocationPosition));
    if (hold) waiting.push(answer);
    else answer();
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return { getCurrentPosition, release: () => act(() => waiting.splice(0).forEach((answer) => answer())) };
}
