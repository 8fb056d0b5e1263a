import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRupiah, formatTime, timeOfDay } from './format';

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

describe('the written-out formats agree with Intl', () => {
  const intl = {
    rupiah: new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0, minimumFractionDigits: 0 }),
    number: new Intl.NumberFormat('id-ID'),
    date: new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', day: 'numeric', month: 'short', year: 'numeric' }),
    time: new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', hour12: false }),
  };
  // A fixed-seed sequence (no Math.random): the same cases on every run. (`+ 0` turns -0,
  // which Intl writes "-Rp 0" and no amount is, into 0.)
  let seed = 20261122;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

  it('formats amounts and numbers as id-ID does', () => {
    const values = [0, 1, -1, 999, 1000, 15000, 1250500, -75000, 2147483647, 0.5, 1.5, 2.5, 12.345, 1234.5678, -0.25];
    for (let i = 0; i < 300; i++) values.push(Math.round((next() - 0.3) * 10 ** Math.floor(next() * 10)) + 0, Math.round(next() * 1e6) / 1000);
    for (const v of values) {
      expect(formatRupiah(v)).toBe(intl.rupiah.format(v));
      expect(formatNumber(v)).toBe(intl.number.format(v));
    }
  });

  it('formats dates and times in WIB as id-ID does, for every month and hour', () => {
    const instants = [Date.UTC(2025, 0, 1, 0, 0), Date.UTC(2024, 1, 29, 16, 59), Date.UTC(2025, 11, 31, 17, 0)];
    for (let i = 0; i < 400; i++) instants.push(Date.UTC(2020, 0, 1) + Math.floor(next() * 10 * 365 * 24 * 60) * 60_000);
    for (const at of instants) {
      expect(formatDate(at)).toBe(intl.date.format(at));
      expect(formatTime(at)).toBe(`${intl.time.format(at)} WIB`);
    }
  });
});
