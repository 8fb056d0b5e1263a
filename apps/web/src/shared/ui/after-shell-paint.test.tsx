import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AfterShellPaint, resetShellPaintForTests } from './after-shell-paint';

// The first frame: animation frames run only when the test says so.
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  resetShellPaintForTests();
  frames = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', vi.fn());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const paint = () =>
  act(() => {
    for (const frame of frames.splice(0)) frame(0);
    vi.advanceTimersByTime(0);
  });

function shell(load: () => Promise<{ default: () => React.JSX.Element }>) {
  const Page = lazy(load);
  return (
    <>
      <nav>Beranda</nav>
      <Suspense fallback={<p>Memuat…</p>}>
        <AfterShellPaint fallback={<p>Memuat…</p>}>
          <Page />
        </AfterShellPaint>
      </Suspense>
    </>
  );
}

describe('AfterShellPaint: the page code is asked for once the shell has painted', () => {
  it('a cold start commits the shell and the skeleton first, then imports the page', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Detail Pesanan</h1> }));
    render(shell(load));

    expect(screen.getByText('Beranda')).toBeInTheDocument();
    expect(screen.getByText('Memuat…')).toBeInTheDocument();
    // Not in the render of the first frame: the import (and its preload links) would hold that paint.
    expect(load).not.toHaveBeenCalled();

    await paint();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByRole('heading', { name: 'Detail Pesanan' })).toBeInTheDocument();
  });

  it('a tab that draws no frames still loads the page', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Detail Pesanan</h1> }));
    render(shell(load));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after the first paint, a page shows in the same render', () => {
    render(shell(async () => ({ default: () => <h1>Beranda</h1> })));
    void paint();
    const Ready = () => <h2>Langsung</h2>;
    render(
      <AfterShellPaint fallback={<p>Memuat lagi…</p>}>
        <Ready />
      </AfterShellPaint>,
    );
    expect(screen.getByRole('heading', { name: 'Langsung' })).toBeInTheDocument();
  });
});
