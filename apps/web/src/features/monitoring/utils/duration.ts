import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';

const text = monitoringText.duration;

/** Whole minutes as the floor reads them: "<1 mnt", "12 mnt", "1 j 5 mnt", "2 j", "2 hr 3 j". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 1) return text.underAMinute;
  if (m < 60) return t(text.minutes, { m });
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? t(text.hours, { h }) : t(text.hoursMinutes, { h, m: m % 60 });
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? t(text.days, { d }) : t(text.daysHours, { d, h: h % 24 });
}

/** Whole minutes from `from` (ISO) to `now` (ms); null when there is no time. */
export function minutesSince(from: string | null, now: number): number | null {
  if (!from) return null;
  const at = Date.parse(from);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 60_000));
}
