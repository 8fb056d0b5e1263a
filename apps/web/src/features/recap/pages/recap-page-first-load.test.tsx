import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render';
import { recapReply, store, storePage } from '../recap-test-kit';
import RecapPage from './recap-page';
import { stubIntersectionObserver } from '../../../test/intersection-observer';

// What a first load of /rekap-ac does at 360 × 640 before anyone scrolls: nothing moves; the figures come
// first, then the charts (SVG: nothing waits for a library or the screen), then the tables.

// The idle tasks what lies under the fold mounts in: held, so the test runs them one at a time.
const idle = vi.hoisted(() => [] as Array<() => void>);
vi.mock('@/shared/utils/when-idle', () => ({
  whenIdle: (fn: () => void) => {
    idle.push(fn);
    return () => {
      const at = idle.indexOf(fn);
      if (at >= 0) idle.splice(at, 1);
    };
  },
}));
/** Runs the idle tasks waiting now (not those they ask for). */
const runIdle = () => act(() => idle.splice(0).forEach((fn) => fn()));

const open = () => renderPage([{ path: '/rekap-ac', element: <RecapPage /> }], '/rekap-ac');

beforeEach(() => {
  resetClientStateForTests();
  idle.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('recap first load (/rekap-ac)', () => {
  it('keeps the store field\'s place while the scope loads, so the recap under it does not move when it arrives', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const stores = storePage([store('T001', 'Toko Kemang Raya'), store('T002', 'Toko Bangka')]);
    mockFetch()
      .on('GET', '/api/stores', async () => (await held, ok(stores)))
      .on('GET', '/api/recap', ok(recapReply({ storeCount: 2 })));
    open();
    const filters = await screen.findByTestId('recap-filters');
    expect(within(filters).getByTestId('recap-store-field')).toHaveTextContent('Toko');
    expect(within(filters).queryByTestId('recap-store')).not.toBeInTheDocument();
    answer();
    expect(await within(filters).findByTestId('recap-store')).toHaveValue('');
    expect(within(filters).queryByTestId('recap-store-field')).not.toBeInTheDocument();
  });

  it('a scope of one store shows that store in the field\'s place', async () => {
    mockFetch()
      .on('GET', '/api/stores', ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on('GET', '/api/recap', ok(recapReply()));
    open();
    expect(await screen.findByTestId('recap-one-store')).toHaveTextContent('T001');
    expect(screen.queryByTestId('recap-store')).not.toBeInTheDocument();
  });

  it('the figures first, then the charts (whole, no observer, no later draw), then the tables, each in an idle task of its own', async () => {
    const watched = stubIntersectionObserver();
    mockFetch()
      .on('GET', '/api/stores', ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on('GET', '/api/recap', ok(recapReply()));
    open();
    await screen.findByTestId('recap-summary');
    // Under the fold at 360 × 640: not in the figures' render, commit and layout.
    expect(screen.queryByTestId('recap-chart-days')).not.toBeInTheDocument();
    expect(screen.queryByTestId('recap-table-channels')).not.toBeInTheDocument();
    runIdle();
    const bars = (testId: string) => within(screen.getByTestId(testId)).getByRole('img').querySelectorAll('[data-bar]');
    expect(bars('recap-chart-days')).toHaveLength(3);
    expect(bars('recap-chart-channels')).toHaveLength(6);
    expect(screen.queryByTestId('recap-table-channels')).not.toBeInTheDocument();
    runIdle();
    runIdle();
    expect(screen.getByTestId('recap-table-channels')).toBeInTheDocument();
    expect(watched).toEqual([]);
  });
});
