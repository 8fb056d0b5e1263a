import { describe, expect, it } from 'vitest';
import { hourInWib, isoDateInWib, wibDayStart, WIB_TIME_ZONE } from './wib';

describe('WIB calendar', () => {
  it('agrees with the time-zone database on days and hours, across the UTC midnight', () => {
    const tz = new Intl.DateTimeFormat('en-CA', { timeZone: WIB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    for (const iso of ['2025-11-21T16:59:59Z', '2025-11-21T17:00:00Z', '2025-12-31T23:30:00Z', '2024-02-28T18:00:00Z', '2026-06-15T05:00:00Z']) {
      const at = new Date(iso);
      const parts = Object.fromEntries(tz.formatToParts(at).map((p) => [p.type, p.value]));
      expect(isoDateInWib(at)).toBe(`${parts.year}-${parts.month}-${parts.day}`);
      expect(hourInWib(at)).toBe(Number(parts.hour));
    }
  });

  it('starts a WIB day at 17.00 UTC the day before', () => {
    expect(wibDayStart('2025-11-22').toISOString()).toBe('2025-11-21T17:00:00.000Z');
  });
});
