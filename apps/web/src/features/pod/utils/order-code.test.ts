import { describe, expect, it } from 'vitest';
import { matchOrderCode } from './order-code';

const order = { shipmentNo: 'SHP2611224355428', orderNo: 'AMD261122010465' };

describe('matching a scanned code to the order', () => {
  it('accepts the shipmentNo or orderNo, typed in any case or inside the order QR text', () => {
    expect(matchOrderCode('SHP2611224355428', order)).toEqual({ kind: 'this' });
    expect(matchOrderCode(' shp2611224355428 ', order)).toEqual({ kind: 'this' });
    expect(matchOrderCode('AMD261122010465', order)).toEqual({ kind: 'this' });
    expect(matchOrderCode('SHP2611224355428|482913', order)).toEqual({ kind: 'this' });
  });

  it('names another order when the code is its shipment', () => {
    expect(matchOrderCode('SHP2611229288088|111111', order)).toEqual({ kind: 'other', shipmentNo: 'SHP2611229288088' });
  });

  it('knows nothing of other codes', () => {
    expect(matchOrderCode('8991234567891', order)).toEqual({ kind: 'unknown' });
    expect(matchOrderCode('', order)).toEqual({ kind: 'unknown' });
  });
});
