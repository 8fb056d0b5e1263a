import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { BarSeries } from '../utils/chart';
import { RecapBarChart } from './bar-chart';

// The recap's bar chart, from data to what a reader gets: bars with their values, the integer value
// axis from zero in id-ID numbers, the legend in HTML, and the figure's accessible name.

const SERIES: BarSeries[] = [
  { label: 'Pesanan', data: [1250, 40, 0], color: '#475569' },
  { label: 'Selesai', data: [980, 31, 0], color: '#15803d' },
  { label: 'Batal', data: [45, 2, 0], color: '#b91c1c' },
];
const DAYS = ['22 Nov', '23 Nov', '24 Nov'];

function chart(testId: string) {
  const figure = screen.getByTestId(testId);
  const svg = within(figure).getByRole('img');
  return {
    figure,
    svg,
    bars: [...svg.querySelectorAll('[data-bar]')],
    titles: [...svg.querySelectorAll('[data-bar] > title')].map((t) => t.textContent),
    ticks: [...svg.querySelectorAll('[data-tick]')].map((t) => t.textContent),
  };
}

describe('RecapBarChart', () => {
  it('upright bars: one per day and series (none for a zero), each with its value, in its series colour', () => {
    render(<RecapBarChart title="Pesanan per hari" labels={DAYS} series={SERIES} testId="days" />);
    const { figure, svg, bars, titles, ticks } = chart('days');
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg).toHaveAccessibleName('Pesanan per hari. Angkanya ada di tabel di bawah.');
    expect(within(figure).getByText('Pesanan per hari').tagName.toLowerCase()).toBe('figcaption');
    expect(titles).toEqual(['Pesanan, 22 Nov: 1.250', 'Selesai, 22 Nov: 980', 'Batal, 22 Nov: 45', 'Pesanan, 23 Nov: 40', 'Selesai, 23 Nov: 31', 'Batal, 23 Nov: 2']);
    expect(bars.map((b) => b.getAttribute('fill'))).toEqual(['#475569', '#15803d', '#b91c1c', '#475569', '#15803d', '#b91c1c']);
    // From zero to the first nice step above 1.250, written as id-ID numbers (the app's formatNumber).
    expect(ticks).toEqual(['0', '500', '1.000', '1.500']);
    // Taller for more: 1.250 of 1.500 is five sixths of the plot.
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[0]! / heights[1]!).toBeCloseTo(1250 / 980, 5);
    expect(heights[0]).toBeCloseTo((168 * 1250) / 1500, 5);
    // Every day is named under its bars; widths are shares of the chart's width, so it follows its box.
    for (const day of DAYS) expect(within(svg).getByText(day)).toBeInTheDocument();
    expect(bars.every((b) => b.getAttribute('width')!.endsWith('%'))).toBe(true);
  });

  it('bars across: each channel named on a line of its own, every value written at its bar', () => {
    render(<RecapBarChart title="Pesanan per kanal" labels={['Alfagift', 'JD.ID', 'Alfamind']} series={SERIES} horizontal testId="channels" />);
    const { svg, titles, ticks } = chart('channels');
    expect(svg).toHaveAccessibleName('Pesanan per kanal. Angkanya ada di tabel di bawah.');
    expect(titles).toHaveLength(6);
    expect(titles[3]).toBe('Pesanan, JD.ID: 40');
    expect(ticks).toEqual(['0', '500', '1.000', '1.500']);
    // The names, then the values (zeros too), in reading order.
    const words = [...svg.querySelectorAll('text:not([data-tick])')].map((t) => t.textContent);
    expect(words).toEqual(['Alfagift', '1.250', '980', '45', 'JD.ID', '40', '31', '2', 'Alfamind', '0', '0', '0']);
    // A long bar writes its value inside its end; a short one just after it.
    const value = (text: string) => [...svg.querySelectorAll('text')].find((t) => t.textContent === text)!;
    expect(value('1.250')).toHaveAttribute('text-anchor', 'end');
    expect(value('45')).toHaveAttribute('text-anchor', 'start');
    // Taller with more channels: each has its line and its three bars.
    expect(Number(svg.getAttribute('height'))).toBeGreaterThan(3 * 3 * 12);
  });

  it('a legend in HTML: each series with its colour, wrapping under the chart', () => {
    render(<RecapBarChart title="Pesanan per hari" labels={DAYS} series={SERIES} testId="days" />);
    const legend = screen.getByTestId('days-legend');
    expect(legend.tagName.toLowerCase()).toBe('ul');
    expect(legend).toHaveClass('flex-wrap');
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Pesanan', 'Selesai', 'Batal']);
    expect(items.map((i) => (i.querySelector('[aria-hidden]') as HTMLElement).style.backgroundColor)).toEqual(['rgb(71, 85, 105)', 'rgb(21, 128, 61)', 'rgb(185, 28, 28)']);
  });

  it('a month of days names every few days under the bars, so the names never run into each other', () => {
    const labels = Array.from({ length: 31 }, (_, i) => `${i + 1} Des`);
    const series = [{ label: 'Pesanan', data: labels.map((_, i) => i * 3), color: '#475569' }];
    render(<RecapBarChart title="Pesanan per hari" labels={labels} series={series} testId="month" />);
    const { svg, bars, ticks } = chart('month');
    expect(bars).toHaveLength(30);
    expect([...svg.querySelectorAll('text:not([data-tick])')].map((t) => t.textContent)).toEqual(['1 Des', '7 Des', '13 Des', '19 Des', '25 Des', '31 Des']);
    expect(ticks).toEqual(['0', '20', '40', '60', '80', '100']);
  });
});
