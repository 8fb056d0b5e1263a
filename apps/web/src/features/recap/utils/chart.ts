// chart.js for the recap's bar charts, and only what they use (tree-shaken). Loaded by the chart
// component with a dynamic import: the library is a chunk of its own, asked for on this page only.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { formatNumber } from '@/shared/utils/format';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSeries {
  label: string;
  data: number[];
  color: string;
}

export type BarChart = Chart<'bar', number[], string>;

/** The page's own system fonts, as the rest of the app (index.css). */
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

/** The width (CSS px) a chart is drawn at for paper: an A4 page's between its margins; print CSS scales it down to fit. */
export const PRINT_WIDTH = 680;

/** Bars up (a few groups: days) or across (many named groups: channels, their names each on a line). */
export function drawBarChart(canvas: HTMLCanvasElement, labels: string[], series: BarSeries[], { horizontal = false } = {}): BarChart {
  const categories = { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: !horizontal, font: { family: FONT_FAMILY } } };
  // The counts written by the app's own formatter: chart.js's default builds an Intl.NumberFormat,
  // the page's first, which loads ICU's locale data in one long task on a slow phone (decision 60).
  const values = { beginAtZero: true, ticks: { precision: 0, font: { family: FONT_FAMILY }, callback: (value: number | string) => formatNumber(Number(value)) } };
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels,
      datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderRadius: 3, maxBarThickness: 32 })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      // Drawn at once: no half-grown bars on a screenshot or on paper.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      // At least twice the pixels: the bitmap stays sharp when printed or saved as PDF.
      devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2),
      locale: 'id-ID',
      font: { family: FONT_FAMILY },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12, font: { family: FONT_FAMILY } } },
      },
      scales: horizontal ? { x: values, y: categories } : { x: categories, y: values },
    },
  });
}
