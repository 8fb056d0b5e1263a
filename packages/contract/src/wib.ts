// Western Indonesia Time (WIB, Asia/Jakarta): the chain's calendar. UTC+7 all year, no
// daylight saving since 1964, so days and hours are plain arithmetic — no Intl time-zone
// data, which costs a phone a long task to load. Zod-free.

export const WIB_TIME_ZONE = 'Asia/Jakarta';
/** As ISO 8601 writes it after a local time. */
export const WIB_UTC_OFFSET = '+07:00';
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The instant a WIB calendar day (yyyy-mm-dd) starts. */
export function wibDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00${WIB_UTC_OFFSET}`);
}

/** The instant the WIB day after `isoDate` starts: the end (exclusive) of a date range. */
export function wibDayAfter(isoDate: string): Date {
  return new Date(wibDayStart(isoDate).getTime() + 24 * 60 * 60 * 1000);
}

/** yyyy-mm-dd of an instant in WIB. */
export function isoDateInWib(at: Date): string {
  return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

/** Hour of day (0–23) of an instant in WIB. */
export function hourInWib(at: Date): number {
  return new Date(at.getTime() + WIB_OFFSET_MS).getUTCHours();
}
