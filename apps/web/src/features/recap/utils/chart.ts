// The geometry of the recap's bar charts, drawn as SVG by components/bar-chart.tsx. Along the chart's
// width everything is a percentage of the plot (the SVG's own width, which follows its box): nothing
// is measured, text keeps its size on a phone and on paper, and the bars stay sharp at any scale.
// Across the height everything is in CSS px.

export interface BarSeries {
  label: string;
  data: number[];
  color: string;
}

/** The value axis: integer ticks from zero, evenly spaced (2 to `intervals` steps); the last is the axis's top. */
export function valueTicks(max: number, intervals = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const step = niceStep(max / intervals);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}

/** The least of 1, 2 or 5 × 10^k (an integer, at least 1) that is not below `raw`. */
function niceStep(raw: number): number {
  if (raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-9)!;
  return Math.max(1, Math.round(step));
}

/** The largest value any series has (0 for none). */
export const maxValue = (series: readonly BarSeries[]): number => series.reduce((max, s) => s.data.reduce((m, v) => Math.max(m, v), max), 0);

/** Rounded for the DOM: a percentage to three decimals is far finer than a pixel. */
const pct = (value: number) => Math.round(value * 1000) / 1000;

/** A group's share of the width that its bars take; the rest is the gap between groups. */
const GROUP_FILL = 0.8;
/** A bar's share of its slot (the rest is the gap between a group's bars). */
const BAR_FILL = 0.84;
/** No slot wider than this share of the plot: one day's three bars stay bars, not blocks (chart.js's maxBarThickness). */
const MAX_SLOT_PCT = 10;

export interface ColumnBar {
  group: number;
  series: number;
  value: number;
  /** Left edge and width, % of the plot's width. */
  x: number;
  width: number;
}

/** Upright bars, one group per category (days), its series side by side and centred in the group's band. */
export function columnBars(series: readonly BarSeries[], groups: number): ColumnBar[] {
  if (groups === 0 || series.length === 0) return [];
  const band = 100 / groups;
  const slot = Math.min((band * GROUP_FILL) / series.length, MAX_SLOT_PCT);
  const inset = (band - slot * series.length) / 2;
  const bars: ColumnBar[] = [];
  for (let group = 0; group < groups; group++) {
    series.forEach((s, index) => {
      const left = group * band + inset + index * slot;
      bars.push({ group, series: index, value: s.data[group] ?? 0, x: pct(left + (slot * (1 - BAR_FILL)) / 2), width: pct(slot * BAR_FILL) });
    });
  }
  return bars;
}

/** A category's centre along the width, % of the plot's. */
export const groupCentre = (group: number, groups: number): number => pct(((group + 0.5) * 100) / groups);

/** Every how-many categories is named under upright bars: at most `most` names, so "22 Nov"s never overlap on a phone. */
export const labelEvery = (groups: number, most = 6): number => Math.max(1, Math.ceil(groups / most));

/** A value's length along the value axis, % of the axis (`top`: the last tick). */
export const lengthOf = (value: number, top: number): number => (top > 0 ? pct((Math.max(0, value) / top) * 100) : 0);

/**
 * Where a bar laid across writes its value: inside its end (in white) when the bar is long enough to
 * hold it, else just after it, where at least a fifth of the plot is left.
 */
export const valueInside = (length: number): boolean => length > 78;

/** A tick label's anchor along the width: the ends stay within the plot. */
export const tickAnchor = (index: number, count: number): 'start' | 'middle' | 'end' => (index === 0 ? 'start' : index === count - 1 ? 'end' : 'middle');

/** About how wide (CSS px) a number written by formatNumber is at `fontPx`: digits ~0.6 em, separators ~0.3 em. */
export function textWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const c of text) em += /\d/.test(c) ? 0.6 : 0.3;
  return Math.ceil(em * fontPx);
}
