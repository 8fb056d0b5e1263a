import { describe, expect, it } from 'vitest';
import { barcodeCandidates, pickupQrPayload } from '@gerai/contract';
import { pickupCodeMatches } from './pickup-code';

describe('barcodeCandidates', () => {
  it('keeps an EAN-13 or EAN-8 as it is', () => {
    expect(barcodeCandidates(' 8992761111113 ')).toEqual(['8992761111113']);
    expect(barcodeCandidates('96385074')).toEqual(['96385074']);
  });

  it('maps UPC-A, GTIN-14, GS1-128 and GS1 Digital Link to the EAN-13', () => {
    expect(barcodeCandidates('012345678905')).toContain('0012345678905');
    expect(barcodeCandidates('08992761111113')).toContain('8992761111113');
    expect(barcodeCandidates('(01)08992761111113(17)270101')).toContain('8992761111113');
    expect(barcodeCandidates('010899276111111317270101\u001d10LOT7')).toContain('8992761111113');
    expect(barcodeCandidates('https://id.gs1.org/01/08992761111113/10/LOT?x=1')).toContain('8992761111113');
    expect(barcodeCandidates('00000096385074')).toContain('96385074');
  });

  it('drops the AIM symbology prefix and control characters of hardware scanners', () => {
    expect(barcodeCandidates(']E08992761111113\r\n')).toContain('8992761111113');
    expect(barcodeCandidates(']Q1ABC-123')).toContain('ABC-123');
  });

  it('gives nothing to match for a blank payload', () => {
    expect(barcodeCandidates(' \r\n')).toEqual([]);
  });
});

describe('pickupCodeMatches', () => {
  it('accepts the code or the QR of this shipment only', () => {
    expect(pickupCodeMatches('123456', 'SHP2611220000001', '123456')).toBe(true);
    expect(pickupCodeMatches(' 123456 ', 'SHP2611220000001', '123456')).toBe(true);
    expect(pickupCodeMatches(pickupQrPayload('SHP2611220000001', '123456'), 'SHP2611220000001', '123456')).toBe(true);
    expect(pickupCodeMatches('123457', 'SHP2611220000001', '123456')).toBe(false);
    expect(pickupCodeMatches('12345', 'SHP2611220000001', '123456')).toBe(false);
    expect(pickupCodeMatches(pickupQrPayload('SHP2611220000002', '123456'), 'SHP2611220000001', '123456')).toBe(false);
    expect(pickupCodeMatches('GERAI:PICKUP:123456', 'SHP2611220000001', '123456')).toBe(false);
  });
});
