import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { Outlet } from 'react-router';
import { memoryHistory, RoutesAt, testRouter } from '@/test/render';
import { ScreenScroll } from './screen-scroll';

// jsdom does not lay out or scroll: the window's scroll is a number the test moves.
let y = 0;
const scrollTo = vi.fn((_x: number, to: number) => {
  y = to;
});

beforeEach(() => {
  y = 0;
  scrollTo.mockClear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

/** The person scrolls the screen to `to`. */
function scrollBy(to: number) {
  y = to;
  window.dispatchEvent(new Event('scroll'));
}

function renderApp() {
  const history = memoryHistory(['/']);
  const routes = [
      {
        element: (
          <>
            <ScreenScroll />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>Beranda</p> },
          { path: '/monitoring', element: <p>Monitoring</p> },
          { path: '/rekap-ac', element: <p>Rekap</p> },
        ],
      },
  ];
  render(<RoutesAt history={history} routes={routes} />);
  return testRouter(history);
}

describe('ScreenScroll', () => {
  it('opens a new screen at its top and brings back where the person was on going back', async () => {
    const router = renderApp();
    scrollBy(420);
    await act(() => router.navigate('/monitoring'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.scrollY).toBe(0);
    scrollBy(150);
    await act(() => router.navigate('/rekap-ac'));
    expect(window.scrollY).toBe(0);

    await act(() => router.navigate(-1));
    expect(window.scrollY).toBe(150);
    await act(() => router.navigate(-1));
    expect(window.scrollY).toBe(420);
    // Forward again: Monitoring where it was left.
    await act(() => router.navigate(1));
    expect(window.scrollY).toBe(150);
  });

  it('keeps the place when only the query changes (a filter or a search in the URL)', async () => {
    const router = renderApp();
    await act(() => router.navigate('/monitoring'));
    scrollBy(300);
    scrollTo.mockClear();
    await act(() => router.navigate('/monitoring?storeCode=T002'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(300);
  });
});
