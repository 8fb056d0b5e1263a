import { useEffect, useRef, useState } from 'react';
import { t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { whenIdle } from '@/shared/utils/when-idle';
import type { BarChart as Drawn, BarSeries } from '../utils/chart';

type ChartState = 'loading' | 'drawn' | 'failed';

/** CSS px: the chart's height, and its least across. */
const MIN_HEIGHT = 224;

/**
 * A bar chart on a canvas, drawn by chart.js once its chunk arrives (the tables beside it show the
 * same figures meanwhile, and are its text alternative). Before printing it is redrawn at the
 * paper's width, and again at the screen's after.
 */
export function RecapBarChart({
  title,
  labels,
  series,
  horizontal = false,
  testId,
}: {
  title: string;
  labels: string[];
  series: BarSeries[];
  /** Bars across, one named group per line (many groups: channels). */
  horizontal?: boolean;
  testId: string;
}) {
  // Across: room for each group's bars and its name; up: a fixed height.
  const height = horizontal ? Math.max(MIN_HEIGHT, labels.length * series.length * 12 + 72) : MIN_HEIGHT;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<ChartState>('loading');

  useEffect(() => {
    let chart: Drawn | null = null;
    let lib: typeof import('../utils/chart') | null = null;
    let gone = false;
    // Drawn when it comes near the screen: below the recap's summary at 360 × 640, each chart's draw
    // was a task of 190–260 ms at 4x CPU in every first load, seen or not. Without the observer (old
    // webviews, tests) as soon as it can.
    let near = typeof IntersectionObserver === 'undefined';
    let cancelDraw = () => {};
    const draw = () => {
      if (gone || chart || !lib || !canvasRef.current) return;
      chart = lib.drawBarChart(canvasRef.current, labels, series, { horizontal });
      setState('drawn');
    };
    // Each chart is drawn in a task of its own when the main thread is free: drawn together in the
    // import's callback, the page's two charts were one task of 430 ms at 4x CPU.
    const drawWhenIdle = () => {
      if (!lib || !near || chart) return;
      cancelDraw();
      cancelDraw = whenIdle(draw, 1000);
    };
    const observer = near
      ? null
      : new IntersectionObserver(
          (entries) => {
            if (!entries.some((e) => e.isIntersecting)) return;
            near = true;
            observer?.disconnect();
            drawWhenIdle();
          },
          { rootMargin: '200px' },
        );
    if (observer && canvasRef.current) observer.observe(canvasRef.current);
    // Printed before it was scrolled to: drawn now, at the paper's width.
    const beforePrint = () => {
      draw();
      if (chart && lib) chart.resize(lib.PRINT_WIDTH, height);
    };
    const afterPrint = () => chart?.resize();
    import('../utils/chart')
      .then((loaded) => {
        lib = loaded;
        drawWhenIdle();
      })
      // Without the library (offline before it was ever loaded) the tables still tell everything.
      .catch(() => {
        if (!gone) setState('failed');
      });
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      gone = true;
      cancelDraw();
      observer?.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
      chart?.destroy();
    };
  }, [labels, series, horizontal, height]);

  return (
    <figure className="flex flex-col gap-2 rounded-2xl bg-white p-3 print:break-inside-avoid print:p-0" data-testid={testId}>
      <figcaption className="text-base font-semibold text-slate-900">{title}</figcaption>
      <div className={state === 'failed' ? 'hidden' : 'relative w-full'} style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={t(recapText.charts.alt, { title })} data-state={state} />
      </div>
    </figure>
  );
}
