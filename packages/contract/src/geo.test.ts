import { describe, expect, it } from 'vitest';
import { formatDistance } from './geo';

describe('formatDistance', () => {
  it('writes metres and kilometres as id-ID does, without building an Intl formatter', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const values = [0, 0.4, 999.4, 999.5, 1000, 1049, 1050, 1099, 12_000, 12_345, 999_949, 1_234_567, 98_765_432];
    for (let i = 0; i < 500; i += 1) values.push(next() * 10 ** Math.ceil(next() * 8));
    for (const m of values) {
      const intl = m < 1000 ? `${Math.round(m)} m` : `${(Math.round(m / 100) / 10).toLocaleString('id-ID')} km`;
      expect(formatDistance(m), String(m)).toBe(intl);
    }
    const spy = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = new Proxy(spy, { construct: (target, args) => ((built += 1), Reflect.construct(target, args)) }) as typeof Intl.NumberFormat;
    const toLocale = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (...args: Parameters<number['toLocaleString']>) {
      built += 1;
      return toLocale.apply(this, args);
    };
    try {
      expect(formatDistance(1234.5)).toBe('1,2 km');
      expect(formatDistance(1_234_567)).toBe('1.234,6 km');
    } finally {
      Intl.NumberFormat = spy;
      Number.prototype.toLocaleString = toLocale;
    }
    expect(built).toBe(0);
  });
});
