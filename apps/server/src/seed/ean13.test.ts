import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, toEan13 } from './ean13';

describe('EAN-13', () => {
  it('computes the check digit of real barcodes', () => {
    // 4006381333931 and 5901234123457 are the usual published examples.
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('899238810101')).toBe(6);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('accepts valid codes and rejects a wrong check digit, length or characters', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13(toEan13('899123456789'))).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339310')).toBe(false);
    expect(isValidEan13('40063813339a1')).toBe(false);
  });

  it('catches every single-digit typo', () => {
    const code = '8992388101016';
    for (let i = 0; i < 13; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === code[i]) continue;
        expect(isValidEan13(code.slice(0, i) + d + code.slice(i + 1))).toBe(false);
      }
    }
  });

  it('refuses to compute from malformed input', () => {
    expect(() => ean13CheckDigit('12345')).toThrow();
  });
});
