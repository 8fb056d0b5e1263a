import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { signal } from '@/shared/feedback/feedback';
import { installFakeEventSource } from './fake-event-source';
import { renderWithRouter, Where } from './render';

/**
 * The live banners' tests (new order, escalation): each test starts with the alarm's calls forgotten
 * and a fresh fake stream, and ends with real timers and globals. The test file mocks the feedback
 * module (`vi.mock` is per file), so `signal` here is that mock.
 */
export function resetLiveBannerTests(): void {
  beforeEach(() => {
    vi.mocked(signal).mockClear();
    installFakeEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** A banner's piece on a list screen (/order), the URL under it: a tap on the banner shows where it led. */
export function renderOnList(element: ReactNode) {
  return renderWithRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/order'] },
  );
}
