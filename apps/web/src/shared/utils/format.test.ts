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

describe('order age', () => {
  const texts = { justNow: 'baru saja', minutes: '{n} menit lalu', hours: '{n} jam lalu', days: '{n} hari lalu' };
  const now = '2025-11-22T03:00:00Z';
  it('counts minutes, hours and days since arrival', async () => {
    const { formatAge } = await import('./format');
    expect(formatAge('2025-11-22T02:59:40Z', texts, now)).toBe('baru saja');
    expect(formatAge('2025-11-22T02:48:00Z', texts, now)).toBe('12 menit lalu');
    expect(formatAge('2025-11-21T23:00:00Z', texts, now)).toBe('4 jam lalu');
    expect(formatAge('2025-11-19T03:00:00Z', texts, now)).toBe('3 hari lalu');
  });
  it('gives the Jakarta calendar day for date inputs', async () => {
    const { isoDateInJakarta } = await import('./format');
    expect(isoDateInJakarta('2025-11-21T17:30:00Z')).toBe('2025-11-22');
  });
});
