import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { ok } from '@/test/fetch-mock';
import { renderApp, setUpAppTests, signedInServer } from '../app-test-kit';

setUpAppTests();
// Unmounted while the held idle callbacks are still stubbed (hooks run last-registered first).
afterEach(cleanup);

const BADGE_COUNTS = ['/api/bookings/count', '/api/transfers/count', '/api/returns/count', '/api/cancellations/count'];

/** requestIdleCallback held by the test: each `idle()` runs the callbacks waiting, as one idle period would. */
function holdIdleCallbacks() {
  let waiting: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => waiting.push(fn));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return () =>
    act(() => {
      const due = waiting;
      waiting = [];
      for (const fn of due) fn();
    });
}

describe('home tiles', () => {
  it('asks for the tiles\' badge counts one per idle task, never all in the commit that shows the tiles', async () => {
    const idle = holdIdleCallbacks();
    const server = signedInServer()
      .on('GET', '/api/bookings/count', ok({ waiting: 1 }))
      .on('GET', '/api/transfers/count', ok({ counts: {} }))
      .on('GET', '/api/returns/count', ok({ counts: { requested: 1 } }))
      .on('GET', '/api/cancellations/count', ok({ pending: 2 }));
    renderApp('/');
    await screen.findByTestId('feature-cancel');
    await screen.findByTestId('count-1101');
    const asked = () => server.calls.filter((c) => BADGE_COUNTS.includes(c.path)).length;
    expect(asked()).toBe(0);
    for (let round = 1; round <= BADGE_COUNTS.length; round++) {
      idle();
      await waitFor(() => expect(asked()).toBe(round));
    }
    expect(await screen.findByTestId('cancel-pending-badge')).toHaveTextContent('2');
  });
});
