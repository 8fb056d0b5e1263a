import { memo } from 'react';
import { t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { formatNumber } from '@/shared/utils/format';
import { columnBars, groupCentre, labelEvery, lengthOf, maxValue, textWidth, tickAnchor, valueInside, valueTicks, type BarSeries } from '../utils/chart';

/** CSS px. Text: the axis' and names' size; values written in a bar a size smaller. */
const FONT = 11;
const VALUE_FONT = 10;
/** Upright bars: room above the top tick's label, the plot, the names under it. */
const COLUMNS = { top: 8, plot: 168, names: 20 } as const;
/** Bars across: a group's name on its own line, its bars under it, a gap before the next; the axis under all. */
const ROWS = { name: 16, bar: 12, gap: 2, groupGap: 6, axis: 18 } as const;
const GRID = '#e2e8f0';
const AXIS = '#cbd5e1';
/** slate-600 and slate-700, as the page's small print. */
const INK = '#475569';
const VALUE_INK = '#334155';
/** A white edge around text that a grid line may cross (a group's name, a value after its bar). */
const HALO = { stroke: '#fff', strokeWidth: 3, strokeLinejoin: 'round', paintOrder: 'stroke' } as const;

interface PlotProps {
  labels: string[];
  series: BarSeries[];
  ticks: number[];
  name: string;
}

/** A bar's value as a tooltip (and to anyone reading the SVG): "Pesanan, 22 Nov: 1.250". */
const barTitle = (series: BarSeries, label: string | undefined, value: number) => t(recapText.charts.bar, { series: series.label, label: label ?? '', value: formatNumber(value) });

/**
 * A bar chart in SVG, rendered with the page (no canvas, no library, nothing drawn later): its width
 * follows its box through percentages and its text keeps its size, so it is sharp and the page's width on
 * paper too. The tables under it carry the same figures (its text alternative); each bar's value is its
 * <title>, and bars across write theirs at the bar's end.
 */
export const RecapBarChart = memo(function RecapBarChart({
  title,
  labels,
  series,
  horizontal = false,
  testId,
}: {
  title: string;
  labels: string[];
  series: BarSeries[];
  /** Bars across, each group's name on a line of its own (many named groups: channels). */
  horizontal?: boolean;
  testId: string;
}) {
  const ticks = valueTicks(maxValue(series));
  const name = t(recapText.charts.alt, { title });
  return (
    <figure className="flex flex-col gap-2 rounded-2xl bg-white p-3 print:break-inside-avoid print:p-0" data-testid={testId}>
      <figcaption className="text-base font-semibold text-slate-900">{title}</figcaption>
      {horizontal ? <RowsPlot labels={labels} series={series} ticks={ticks} name={name} /> : <ColumnsPlot labels={labels} series={series} ticks={ticks} name={name} />}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" data-testid={`${testId}-legend`}>
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span aria-hidden className="size-3 shrink-0 rounded-sm print:[print-color-adjust:exact]" style={{ backgroundColor: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
});

/** Upright bars (days), the value axis on the left: its labels sit in the SVG's left padding. */
function ColumnsPlot({ labels, series, ticks, name }: PlotProps) {
  const top = ticks[ticks.length - 1]!;
  const tickLabels = ticks.map(formatNumber);
  const gutter = Math.max(...tickLabels.map((l) => textWidth(l, FONT))) + 6;
  const yOf = (value: number) => COLUMNS.top + COLUMNS.plot * (1 - value / top);
  const bottom = COLUMNS.top + COLUMNS.plot;
  const every = labelEvery(labels.length);
  return (
    <svg
      role="img"
      aria-label={name}
      width="100%"
      height={bottom + COLUMNS.names}
      className="block overflow-visible print:[print-color-adjust:exact]"
      style={{ paddingLeft: gutter }}
      fontSize={FONT}
    >
      {ticks.map((tick, i) => (
        <g key={tick}>
          <line x1="0" x2="100%" y1={yOf(tick)} y2={yOf(tick)} stroke={i === 0 ? AXIS : GRID} />
          <text x={-6} y={yOf(tick)} dy="0.32em" textAnchor="end" fill={INK} data-tick="">
            {tickLabels[i]}
          </text>
        </g>
      ))}
      {columnBars(series, labels.length).map((bar) =>
        bar.value > 0 ? (
          <rect key={`${bar.group}-${bar.series}`} x={`${bar.x}%`} width={`${bar.width}%`} y={yOf(bar.value)} height={bottom - yOf(bar.value)} rx={2} fill={series[bar.series]!.color} data-bar="">
            <title>{barTitle(series[bar.series]!, labels[bar.group], bar.value)}</title>
          </rect>
        ) : null,
      )}
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={i} x={`${groupCentre(i, labels.length)}%`} y={bottom + 14} textAnchor="middle" fill={INK}>
            {label}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/** Bars across (channels): each group's name on a line, its bars under it with their values, the value axis at the bottom. */
function RowsPlot({ labels, series, ticks, name }: PlotProps) {
  const top = ticks[ticks.length - 1]!;
  const step = ROWS.bar + ROWS.gap;
  const groupHeight = ROWS.name + series.length * step - ROWS.gap + ROWS.groupGap;
  const plot = labels.length * groupHeight;
  return (
    <svg role="img" aria-label={name} width="100%" height={plot + ROWS.axis} className="block overflow-visible print:[print-color-adjust:exact]" fontSize={FONT}>
      {ticks.map((tick, i) => (
        <g key={tick}>
          <line x1={`${lengthOf(tick, top)}%`} x2={`${lengthOf(tick, top)}%`} y1={0} y2={plot} stroke={i === 0 ? AXIS : GRID} />
          <text x={`${lengthOf(tick, top)}%`} y={plot + 13} textAnchor={tickAnchor(i, ticks.length)} fill={INK} data-tick="">
            {formatNumber(tick)}
          </text>
        </g>
      ))}
      {labels.map((label, group) => {
        const y0 = group * groupHeight;
        return (
          <g key={group}>
            <text x={0} y={y0 + 12} fill={VALUE_INK} fontWeight={600} {...HALO}>
              {label}
            </text>
            {series.map((s, index) => {
              const value = s.data[group] ?? 0;
              const length = lengthOf(value, top);
              const y = y0 + ROWS.name + index * step;
              const inside = valueInside(length);
              return (
                <g key={s.label}>
                  {value > 0 ? (
                    <rect x={0} y={y} width={`${length}%`} height={ROWS.bar} rx={2} fill={s.color} data-bar="">
                      <title>{barTitle(s, label, value)}</title>
                    </rect>
                  ) : null}
                  <text x={`${length}%`} dx={inside ? -4 : 4} y={y + ROWS.bar / 2} dy="0.35em" fontSize={VALUE_FONT} textAnchor={inside ? 'end' : 'start'} fill={inside ? '#fff' : VALUE_INK} {...(inside ? {} : HALO)}>
                    {formatNumber(value)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
