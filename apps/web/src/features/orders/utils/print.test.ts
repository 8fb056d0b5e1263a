import { describe, expect, it } from 'vitest';
import { orderDetail, orderLine } from '@/test/fixtures';
import { canPrint, maskPhone, unitsToHandOver, paperBagCount, printQrValue, shelfDigits } from './print';

describe('print helpers', () => {
  it('offers printing from picking until the customer has the goods', () => {
    expect([1101, 1102, 1103, 1104, 1105, 1106, 1107].filter((statusId) => canPrint({ statusId }))).toEqual([1102, 1103, 1104]);
  });

  it('prints the shipmentNo in the QR, never a pickup code', () => {
    const order = orderDetail({ qrAndroid: 'SHP2511220000001' });
    expect(printQrValue(order)).toBe('SHP2511220000001');
  });

  it('keeps the last digits for the shelf', () => {
    expect(shelfDigits('SHP2611224355428')).toBe('5428');
  });

  it('masks the middle of a phone number, keeping its shape', () => {
    expect(maskPhone('081353447787')).toBe('0813••••7787');
    expect(maskPhone('+62 813-5344-7787')).toBe('+62 81•-••••-7787');
    // Too short to mask usefully: as given.
    expect(maskPhone('12345')).toBe('12345');
  });

  it('counts the units handed over (ordered less out of stock, picked or not yet) and the paper bags', () => {
    const order = orderDetail({
      products: [orderLine({ qty: 3, qtyPicked: 2, attrQtyOos: 1 }), orderLine({ lineId: 12, qty: 2, qtyPicked: 0 })],
      paperBags: [{ productID: '90001', name: 'Kantong Kertas', qty: 2, price: 1000 }],
    });
    expect(unitsToHandOver(order)).toBe(4);
    expect(paperBagCount(order)).toBe(2);
  });
});
