import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, RECAP_MAX_DAYS } from '@gerai/contract';
import { formatMinutes, formatRate } from './format';
import { addDays, quickRange, rangeDays, rangeProblem, recapCsvHref, todayInWib } from './range';

describe('recap range', () => {
  it('counts WIB calendar days across months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(rangeDays('2025-11-01', '2025-11-01')).toBe(1);
    expect(rangeDays('2025-02-01', '2025-03-03')).toBe(31);
    expect(quickRange(7, '2025-11-03')).toEqual({ from: '2025-10-28', to: '2025-11-03' });
  });

  it("today is Jakarta's day, whatever the phone's zone", () => {
    expect(todayInWib(new Date('2025-11-21T17:30:00Z'))).toBe('2025-11-22');
    expect(todayInWib(new Date('2025-11-21T16:59:00Z'))).toBe('2025-11-21');
  });

  it('refuses what recapQuerySchema refuses, in its words', () => {
    expect(rangeProblem('2025-11-01', '2025-12-01')).toBeNull();
    expect(rangeProblem('2025-11-01', '2025-12-02')).toBe(FIELD_MESSAGES.recapRangeTooLong(RECAP_MAX_DAYS));
    expect(rangeProblem('2025-11-02', '2025-11-01')).toBe(FIELD_MESSAGES.dateEndBeforeStart);
    expect(rangeProblem('', '2025-11-01')).toBe('Pilih tanggal awal dan tanggal akhir.');
  });

  it('a CSV link names the table, the range and the store (none for the whole scope)', () => {
    expect(recapCsvHref('out-of-stock', { from: '2025-11-01', to: '2025-11-07', storeCode: '' })).toBe('/api/recap/csv/out-of-stock?from=2025-11-01&to=2025-11-07');
    expect(recapCsvHref('crew', { from: '2025-11-01', to: '2025-11-01', storeCode: 'T002' })).toBe('/api/recap/csv/crew?from=2025-11-01&to=2025-11-01&storeCode=T002');
  });

  it('minutes and rates as id-ID writes them, as the CSV rounds them', () => {
    expect(formatMinutes(1234.5)).toBe('1.234,5 mnt');
    expect(formatMinutes(null)).toBe('-');
    expect(formatRate(0.1234)).toBe('12,34%');
    expect(formatRate(1)).toBe('100%');
  });
});
