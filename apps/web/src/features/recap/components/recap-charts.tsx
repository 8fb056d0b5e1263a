import { useMemo } from 'react';
import type { Recap } from '@gerai/contract';
import { recapText } from '@/shared/i18n/recap';
import type { BarSeries } from '../utils/chart';
import { channelName, formatDayShort } from '../utils/format';
import { RecapBarChart } from './bar-chart';

const text = recapText.charts;
/** Orders, completed, cancelled: slate, green, the brand's red (as the status chips). */
const COLORS = { orders: '#475569', completed: '#15803d', cancelled: '#b91c1c' } as const;

type Counted = { orders: number; completed: number; cancelled: number };

function seriesOf(rows: readonly Counted[]): BarSeries[] {
  return (['orders', 'completed', 'cancelled'] as const).map((key) => ({ label: text[key], data: rows.map((r) => r[key]), color: COLORS[key] }));
}

/** Orders per day and per channel (orders, completed, cancelled), the tables below are their figures. */
export function RecapCharts({ recap }: { recap: Recap }) {
  const days = useMemo(() => ({ labels: recap.byDay.map((d) => formatDayShort(d.date)), series: seriesOf(recap.byDay) }), [recap.byDay]);
  const channels = useMemo(() => ({ labels: recap.byChannel.map((c) => channelName(c.appId)), series: seriesOf(recap.byChannel) }), [recap.byChannel]);
  return (
    <div className="flex flex-col gap-3">
      <RecapBarChart title={text.byDay} labels={days.labels} series={days.series} testId="recap-chart-days" />
      {channels.labels.length > 0 ? <RecapBarChart title={text.byChannel} labels={channels.labels} series={channels.series} horizontal testId="recap-chart-channels" /> : null}
    </div>
  );
}
