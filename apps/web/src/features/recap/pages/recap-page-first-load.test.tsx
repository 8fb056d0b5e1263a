import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderPage } from '@/test/render';
import { recapReply, store, storePage } from '../recap-test-kit';
import RecapPage from './recap-page';
import { stubIntersectionObserver } from '../../../test/intersection-observer';

// What a first load of /rekap-ac does at 360 × 640 before anyone scrolls: nothing moves, no chart is drawn.

const drawn = vi.hoisted(() => [] as Array<{ labels: string[] }>);
vi.mock('chart.js', () => {
  class Chart {
    static register = vi.fn();
    constructor(_canvas: HTMLCanvasElement, config: { data: { labels: string[] } }) {
      drawn.push({ labels: config.data.labels });
    }
    destroy() {}
    resize() {}
  }
  return { Chart, BarController: {}, BarElement: {}, CategoryScale: {}, LinearScale: {}, Legend: {}, Tooltip: {} };
});

const open = () => renderPage([{ path: '/rekap-ac', element: <RecapPage /> }], '/rekap-ac');

beforeEach(() => {
  resetClientStateForTests();
  drawn.length = 0;
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

  it('draws a chart only when it comes near the screen: a first load that does not scroll draws none', async () => {
    const watched = stubIntersectionObserver();
    mockFetch()
      .on('GET', '/api/stores', ok(storePage([store('T001', 'Toko Kemang Raya')])))
      .on('GET', '/api/recap', ok(recapReply()));
    open();
    await waitFor(() => expect(watched).toHaveLength(2));
    const canvas = (testId: string) => within(screen.getByTestId(testId)).getByRole('img');
    // chart.js arrives and the idle tasks pass: still nothing drawn, the tables carry the figures.
    await import('../utils/chart');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drawn).toHaveLength(0);
    expect(canvas('recap-chart-days')).toHaveAttribute('data-state', 'loading');
    // Scrolled near the channels' chart: that one is drawn, the other still waits.
    act(() => watched.find((w) => w.el === canvas('recap-chart-channels'))!.enter());
    await waitFor(() => expect(canvas('recap-chart-channels')).toHaveAttribute('data-state', 'drawn'));
    expect(drawn).toEqual([{ labels: ['Alfagift', 'JD.ID'] }]);
    expect(canvas('recap-chart-days')).toHaveAttribute('data-state', 'loading');
  });
});
