import { describe, expect, it } from 'vitest';
import { isProductCode, parseBookingStatus, parseDirection, takenStock, takenStore } from './booking-view';

describe('booking view helpers', () => {
  it('shows "-" for the taker exactly while a booking waits (1131) or was refused (1134)', () => {
    expect([1131, 1132, 1133, 1134].map((status) => takenStore({ status, storeTaken: status === 1131 || status === 1134 ? null : 'T002' }))).toEqual(['-', 'T002', 'T002', '-']);
    expect([1131, 1132, 1133, 1134].map((status) => takenStock({ status, stockTaken: status === 1131 || status === 1134 ? null : 1250 }))).toEqual(['-', '1.250', '1.250', '-']);
  });

  it('knows the product by its barcode or its productID only', () => {
    const product = { barcode: '8991234567895', productId: '20001' };
    expect(isProductCode(' 8991234567895 ', product)).toBe(true);
    expect(isProductCode('20001', product)).toBe(true);
    expect(isProductCode('8997654321098', product)).toBe(false);
    expect(isProductCode('', product)).toBe(false);
  });

  it('reads the status and the direction from the URL', () => {
    expect(parseBookingStatus('1132')).toBe(1132);
    expect(parseBookingStatus('1101')).toBeUndefined();
    expect(parseBookingStatus(null)).toBeUndefined();
    expect(parseDirection('out')).toBe('out');
    expect(parseDirection('x')).toBe('in');
  });
});
