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
    let gone = false;
    let printWidth: number | null = null;
    const beforePrint = () => {
      if (chart && printWidth) chart.resize(printWidth, height);
    };
    const afterPrint = () => chart?.resize();
    let cancelDraw = () => {};
    import('../utils/chart')
      .then(({ drawBarChart, PRINT_WIDTH }) => {
        // Each chart is drawn in a task of its own when the main thread is free: drawn together in
        // the import's callback, the page's two charts were one task of 430 ms at 4x CPU.
        cancelDraw = whenIdle(() => {
          if (gone || !canvasRef.current) return;
          printWidth = PRINT_WIDTH;
          chart = drawBarChart(canvasRef.current, labels, series, { horizontal });
          setState('drawn');
        }, 1000);
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
