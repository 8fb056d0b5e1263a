import { FIELD_MESSAGES, isoDateInWib, RECAP_MAX_DAYS, type RecapTable } from '@gerai/contract';
import { API_BASE } from '@/shared/config/app';
import { recapText } from '@/shared/i18n/recap';

/** What the recap is asked for: WIB days (yyyy-mm-dd, both included) and one store of the scope ('' = all). */
export interface RecapParams {
  from: string;
  to: string;
  storeCode: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in WIB, the chain's calendar. */
export const todayInWib = (now: Date = new Date()): string => isoDateInWib(now);

/** yyyy-mm-dd `days` later (earlier when negative); plain UTC arithmetic on calendar days. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The quick ranges, each ending today: its chip's words and its length in days. */
export const QUICK_RANGES = [
  { key: 'today', label: recapText.filters.today, days: 1 },
  { key: 'last7', label: recapText.filters.last7, days: 7 },
  { key: 'last30', label: recapText.filters.last30, days: 30 },
] as const;

export function quickRange(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * Why a range cannot be asked for, in the words the server would use (recapQuerySchema refuses the
 * same), or null when it can.
 */
export function rangeProblem(from: string, to: string): string | null {
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return recapText.filters.missing;
  if (to < from) return FIELD_MESSAGES.dateEndBeforeStart;
  if (rangeDays(from, to) > RECAP_MAX_DAYS) return FIELD_MESSAGES.recapRangeTooLong(RECAP_MAX_DAYS);
  return null;
}

/** The query string of a recap request (the store left out for the whole scope). */
export function recapSearch({ from, to, storeCode }: RecapParams): string {
  const q = new URLSearchParams({ from, to });
  if (storeCode) q.set('storeCode', storeCode);
  return q.toString();
}

/** GET /api/recap/csv/:table for the range and store shown: a plain link, the session cookie goes with it. */
export function recapCsvHref(table: RecapTable, params: RecapParams): string {
  return `${API_BASE}/recap/csv/${table}?${recapSearch(params)}`;
}
