import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupiah, formatTime, timeOfDay } from './format';

const nbsp = '\u00a0';

describe('id-ID formatting', () => {
  it('formats Rupiah without decimals', () => {
    expect(formatRupiah(15000)).toBe(`Rp${nbsp}15.000`);
    expect(formatRupiah(1250500)).toBe(`Rp${nbsp}1.250.500`);
  });

  it('formats dates and times in WIB whatever the device zone', () => {
    // 17:30 UTC is 00:30 the next day in Jakarta (UTC+7).
    expect(formatDate('2025-11-21T17:30:00Z')).toBe('22 Nov 2025');
    expect(formatTime('2025-11-21T17:30:00Z')).toBe('00.30 WIB');
    expect(formatDateTime('2025-11-22T03:05:00Z')).toBe('22 Nov 2025, 10.05 WIB');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('bukan tanggal')).toBe('-');
  });

  it('says pagi, siang, sore, malam by the hour in Jakarta', () => {
    expect(timeOfDay('2025-11-22T00:00:00Z')).toBe('morning'); // 07.00 WIB
    expect(timeOfDay('2025-11-22T05:00:00Z')).toBe('afternoon'); // 12.00 WIB
    expect(timeOfDay('2025-11-22T09:00:00Z')).toBe('evening'); // 16.00 WIB
    expect(timeOfDay('2025-11-22T13:00:00Z')).toBe('night'); // 20.00 WIB
    expect(timeOfDay('2025-11-21T19:30:00Z')).toBe('night'); // 02.30 WIB
  });
});
