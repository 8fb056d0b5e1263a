import { describe, expect, it } from 'vitest';
import { columnBars, labelEvery, lengthOf, maxValue, tickAnchor, valueTicks } from './chart';

describe('recap chart geometry', () => {
  it('value ticks: integers from zero in steps of 1, 2 or 5 × 10^k, the top at or above the largest value', () => {
    expect(valueTicks(1250)).toEqual([0, 500, 1000, 1500]);
    expect(valueTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(93)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(valueTicks(187_345)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    // Nothing to show still draws an axis.
    expect(valueTicks(0)).toEqual([0, 1]);
    for (let max = 1; max < 5000; max += 37) {
      const ticks = valueTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('upright bars sit side by side inside their day, none wider than a tenth of the chart', () => {
    const series = [
      { label: 'a', data: [5, 6], color: '#000' },
      { label: 'b', data: [1, 2], color: '#111' },
    ];
    const bars = columnBars(series, 2);
    expect(bars.map((b) => [b.group, b.series, b.value])).toEqual([
      [0, 0, 5],
      [0, 1, 1],
      [1, 0, 6],
      [1, 1, 2],
    ]);
    for (const b of bars) {
      expect(b.x).toBeGreaterThanOrEqual(b.group * 50);
      expect(b.x + b.width).toBeLessThanOrEqual((b.group + 1) * 50);
      expect(b.width).toBeLessThanOrEqual(10);
    }
    expect(bars[1]!.x).toBeGreaterThan(bars[0]!.x + bars[0]!.width);
    // One day of three: centred, not spread over the whole width.
    const one = columnBars([series[0]!, series[1]!, series[0]!], 1);
    expect(one[0]!.x + one[2]!.x + one[2]!.width).toBeCloseTo(100, 2);
  });

  it('helpers: the largest value, a length on the axis, which days are named, tick anchors', () => {
    expect(maxValue([{ label: 'a', data: [3, 9], color: '' }, { label: 'b', data: [12], color: '' }])).toBe(12);
    expect(maxValue([])).toBe(0);
    expect(lengthOf(1250, 1500)).toBe(83.333);
    expect(lengthOf(0, 1500)).toBe(0);
    expect(labelEvery(1)).toBe(1);
    expect(labelEvery(7)).toBe(2);
    expect(labelEvery(31)).toBe(6);
    expect([0, 1, 2, 3].map((i) => tickAnchor(i, 4))).toEqual(['start', 'middle', 'middle', 'end']);
  });
});
