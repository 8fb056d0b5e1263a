import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render';
import { recapReply, store, storePage } from '../recap-test-kit';
import RecapPage from './recap-page';
import { stubIntersectionObserver } from '../../../test/intersection-observer';

// What a first load of /rekap-ac does at 360 × 640 before anyone scrolls: nothing moves, and the charts
// come with the figures (SVG in the page's own render: nothing waits for a library, an idle task or the screen).

const open = () => renderPage([{ path: '/rekap-ac', element: <RecapPage /> }], '/rekap-ac');

beforeEach(() => {
  resetClientStateForTests();
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

  it('renders both charts with the figures, in the same render: no observer, no later draw', async () => {
    const watched = stubIntersectionObserver();
    mockFetch()
      .on('GET', '/api/stores', ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on('GET', '/api/recap', ok(recapReply()));
    open();
    await screen.findByTestId('recap-summary');
    const bars = (testId: string) => within(screen.getByTestId(testId)).getByRole('img').querySelectorAll('[data-bar]');
    expect(bars('recap-chart-days')).toHaveLength(3);
    expect(bars('recap-chart-channels')).toHaveLength(6);
    expect(watched).toEqual([]);
  });
});
