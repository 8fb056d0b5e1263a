
import { hourInWib, isoDateInWib } from '@gerai/contract';
import { id } from '../i18n/id';

// Dates and money as Indonesians read them: id-ID, Rupiah, Western Indonesia Time.
// Written out rather than through Intl: a page's first Intl formatter costs a phone about
// 100 ms in one piece (ICU loads its locale and time-zone data), on the very screens that
// must respond first. The formats are fixed (id-ID, WIB = UTC+7 all year); the tests check
// them against Intl itself.

type DateInput = Date | string | number;
const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));
const valid = (d: Date) => !Number.isNaN(d.getTime());
const NBSP = '\u00a0';
const pad2 = (n: number) => String(n).padStart(2, '0');
/** Thousands with dots: 1250500 → "1.250.500". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** The instant's wall clock in WIB, read with the UTC getters. */
const wibClock = (d: Date) => new Date(d.getTime() + 7 * 60 * 60 * 1000);

/** 15000 → "Rp 15.000" (the space is a no-break space); whole Rupiah, rounded half away from zero. */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${id.time.currency}${NBSP}${groupThousands(String(Math.round(Math.abs(amount))))}`;
}

/** 1234.5 → "1.234,5": up to three decimals, as Intl's default. */
export function formatNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const [whole, fraction] = (Math.round(Math.abs(value) * 1000) / 1000).toString().split('.');
  return `${sign}${groupThousands(whole!)}${fraction ? `,${fraction}` : ''}`;
}

const dayMonthYear = (d: Date) => {
  const w = wibClock(d);
  return `${w.getUTCDate()} ${id.time.monthsShort[w.getUTCMonth()]} ${w.getUTCFullYear()}`;
};
const hoursMinutes = (d: Date) => {
  const w = wibClock(d);
  return `${pad2(w.getUTCHours())}.${pad2(w.getUTCMinutes())}`;
};

/** "22 Nov 2025" in Jakarta time; '-' for missing or invalid input. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const d = toDate(value);
  return valid(d) ? dayMonthYear(d) : '-';
}

/** "10.30 WIB". */
export function formatTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const d = toDate(value);
  return valid(d) ? `${hoursMinutes(d)} ${id.time.zone}` : '-';
}

/** "22 Nov 2025, 10.30 WIB". */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const d = toDate(value);
  return valid(d) ? `${dayMonthYear(d)}, ${hoursMinutes(d)} ${id.time.zone}` : '-';
}

/** Hour of day (0–23) in Jakarta, whatever the device's time zone. */
export function hourInJakarta(value: DateInput = new Date()): number {
  return hourInWib(toDate(value));
}

export type TimeOfDay = 'morning' | 'afternoon' | 'evening' | 'night';

/** Pagi 04–10, siang 11–14, sore 15–17, malam 18–03 (WIB). */
export function timeOfDay(value: DateInput = new Date()): TimeOfDay {
  const h = hourInJakarta(value);
  if (h >= 4 && h < 11) return 'morning';
  if (h >= 11 && h < 15) return 'afternoon';
  if (h >= 15 && h < 18) return 'evening';
  return 'night';
}

/** yyyy-mm-dd of a moment in Jakarta (what an <input type="date"> and the API's dates use). */
export function isoDateInJakarta(value: DateInput = new Date()): string {
  return isoDateInWib(toDate(value));
}

export interface AgeTexts {
  justNow: string;
  minutes: string;
  hours: string;
  days: string;
}

/** "baru saja", "12 menit lalu", "3 jam lalu", "2 hari lalu" — texts from the catalogue, {n} filled in. */
export function formatAge(value: DateInput, texts: AgeTexts, now: DateInput = new Date()): string {
  const d = toDate(value);
  if (!valid(d)) return '-';
  const minutes = Math.floor((toDate(now).getTime() - d.getTime()) / 60_000);
  if (minutes < 1) return texts.justNow;
  if (minutes < 60) return texts.minutes.replace('{n}', String(minutes));
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return texts.hours.replace('{n}', String(hours));
  return texts.days.replace('{n}', String(Math.floor(hours / 24)));
}
