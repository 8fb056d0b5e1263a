import { describe, expect, it } from 'vitest';
import * as contract from '@gerai/contract';
import { PAPER_BAG_MAX, PICKUP_QR_PREFIX } from './order-limits';

describe('order limits mirror the contract', () => {
  it('has the same paper bag maximum and pickup QR prefix', () => {
    expect(PAPER_BAG_MAX).toBe(contract.PAPER_BAG_MAX);
    expect(PICKUP_QR_PREFIX).toBe(contract.PICKUP_QR_PREFIX);
    expect(contract.pickupQrPayload('SHP1', '123456')).toBe(`${PICKUP_QR_PREFIX}SHP1:123456`);
  });
});
