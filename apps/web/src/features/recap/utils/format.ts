import { CHANNEL_LABEL, ORDER_STATUS_LABEL, type AppId, type OrderStatusId } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { formatDate, formatNumber } from '@/shared/utils/format';

/** Minutes as the server rounds them (one decimal): "42,5 mnt"; '-' when there is nothing to measure. */
export function formatMinutes(minutes: number | null): string {
  return minutes === null ? id.common.dash : t(recapText.minutes, { n: formatMinutesValue(minutes) });
}

/** The number alone, under a heading that says "(menit)", as the CSV has it: "42,5". */
export function formatMinutesValue(minutes: number | null): string {
  return minutes === null ? id.common.dash : formatNumber(Math.round(minutes * 10) / 10);
}

/** 0.125 → "12,5%" (at most two decimals, as the CSV's percent). */
export function formatRate(rate: number): string {
  return t(recapText.percent, { n: formatRateValue(rate) });
}

/** The percent alone, under a heading that says "(%)": 0.125 → "12,5". */
export function formatRateValue(rate: number): string {
  return formatNumber(Math.round(rate * 10_000) / 100);
}

/** A WIB day (yyyy-mm-dd) as "22 Nov 2025"; noon keeps it on its day in any zone. */
export const formatDay = (isoDate: string): string => formatDate(`${isoDate}T12:00:00+07:00`);

/** A WIB day as a chart's short label: "22 Nov". */
export function formatDayShort(isoDate: string): string {
  const [, month, day] = isoDate.split('-').map(Number);
  return `${day} ${id.time.monthsShort[(month ?? 1) - 1]}`;
}

/** "1 Nov 2025 – 7 Nov 2025", or one day. */
export const formatRange = (from: string, to: string): string => (from === to ? formatDay(from) : t(id.filters.dateRange, { start: formatDay(from), end: formatDay(to) }));

export function channelName(appId: number): string {
  return CHANNEL_LABEL[appId as AppId] ?? t(recapText.unknownChannel, { appId });
}

export function statusName(statusId: number): string {
  return ORDER_STATUS_LABEL[statusId as OrderStatusId] ?? t(recapText.unknownStatus, { statusId });
}
