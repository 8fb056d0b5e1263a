import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE, EVENT_TYPES, isPaymentId, parseEventPayload, parsePickupQr, paymentName, pickupQrPayload, SHIPMENT_NO_PATTERN } from './index';

describe('zod-free values', () => {
  it('reads back the pickup QR it writes, and nothing else', () => {
    expect(parsePickupQr(pickupQrPayload('SHP2611220000001', '123456'))).toEqual({ shipmentNo: 'SHP2611220000001', pickupCode: '123456' });
    expect(parsePickupQr('gerai:pickup:shp1234567:654321')).toEqual({ shipmentNo: 'SHP1234567', pickupCode: '654321' });
    expect(parsePickupQr('123456')).toBeNull();
    expect(parsePickupQr('GERAI:PICKUP:nocode')).toBeNull();
  });

  it('accepts the shipmentNo shape Gerai makes and refuses lower case and spaces', () => {
    expect(SHIPMENT_NO_PATTERN.test('SHP2611220000001')).toBe(true);
    expect(SHIPMENT_NO_PATTERN.test('shp2611220000001')).toBe(false);
    expect(SHIPMENT_NO_PATTERN.test('SHP 1')).toBe(false);
  });

  it('names every payment method and knows which ids exist', () => {
    expect(paymentName(5)).toBe('Dompet digital');
    expect(isPaymentId(1)).toBe(true);
    expect(isPaymentId(7)).toBe(false);
  });
});

describe('event catalogue', () => {
  it('has a payload schema for exactly the event types the web subscribes to', () => {
    expect(Object.keys(EVENT_CATALOGUE).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('refuses a payload with a field the catalogue does not declare, or an unknown type', () => {
    const claimed = { shipmentNo: 'SHP1234567', orderNo: 'A-1', fromStatus: 1101, statusId: 1102, action: 'claim', actorName: 'Budi', pickerName: 'Budi' };
    expect(parseEventPayload('order.claimed', claimed)).toEqual(claimed);
    expect(() => parseEventPayload('order.claimed', { ...claimed, pickupCode: '123456' })).toThrow();
    expect(() => parseEventPayload('order.nope' as 'order.claimed', claimed)).toThrow(/unknown event type/);
  });
});
