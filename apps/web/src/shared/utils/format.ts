/** Dates and money as Indonesians read them: id-ID, Rupiah, Western Indonesia Time. */
export const LOCALE = 'id-ID';
export const TIME_ZONE = 'Asia/Jakarta';

// Built on first use, not when the module loads: a page's first Intl object costs tens of
// milliseconds on a phone (ICU loads its locale data), which a screen showing no date or
// number (login) need not pay, nor the start of every other screen.
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const rupiah = once(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'IDR', maximumFractionDigits: 0, minimumFractionDigits: 0 }));
const number = once(() => new Intl.NumberFormat(LOCALE));
const date = once(() => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }));
const time = once(() => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false }));
const isoDay = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));
const hourOnly = once(() => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hour12: false }));

/**
 * Creates the formatters every signed-in first screen uses (counts, times, the greeting's
 * hour). The first Intl object of a page starts ICU, tens of milliseconds on a phone in one
 * piece: created when the page is idle (router.tsx), that cost is not added to the task that
 * renders the page with its data.
 */
export function prepareFormatters(): void {
  number();
  time();
  hourOnly();
}

type DateInput = Date | string | number;
const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));
const valid = (d: Date) => !Number.isNaN(d.getTime());

/** 15000 → "Rp 15.000" (the space is a no-break space). */
export function formatRupiah(amount: number): string {
  return rupiah().format(amount);
}

export function formatNumber(value: number): string {
  return number().format(value);
}

/** "22 Nov 2025" in Jakarta time; '-' for missing or invalid input. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const d = toDate(value);
  return valid(d) ? date().format(d) : '-';
}

/** "10.30 WIB". */
export function formatTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const d = toDate(value);
  return valid(d) ? `${time().format(d)} WIB` : '-';
}

/** "22 Nov 2025, 10.30 WIB". */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const d = toDate(value);
  return valid(d) ? `${date().format(d)}, ${time().format(d)} WIB` : '-';
}

/** Hour of day (0–23) in Jakarta, whatever the device's time zone. */
export function hourInJakarta(value: DateInput = new Date()): number {
  const h = Number(hourOnly().format(toDate(value)));
  return h === 24 ? 0 : h;
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
  return isoDay().format(toDate(value));
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
