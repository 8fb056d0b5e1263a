import { describe, expect, it } from 'vitest';
import * as contract from '@gerai/contract';
import * as mirror from './pod-limits';

describe('POD values mirrored from the contract', () => {
  it('equal the contract', () => {
    expect(mirror.POD_RECEIVER_RELATIONS).toEqual(contract.POD_RECEIVER_RELATIONS);
    expect(mirror.POD_RELATION_OTHER).toBe(contract.POD_RELATION_OTHER);
    expect(mirror.POD_REASON_OTHER_ID).toBe(contract.POD_REASON_OTHER.id);
    expect(mirror.POD_PLASTIC_MAX).toBe(contract.POD_PLASTIC_MAX);
    expect(mirror.POD_COMPASS_POINTS).toEqual(contract.POD_COMPASS_POINTS);
    expect(contract.POD_REQUEST_TYPES).toContain(mirror.POD_REQUEST_TYPE);
  });

  it('the form minimums match what the server accepts', () => {
    const base = { shipmentNo: 'SHP2611220000001', orderNo: 'AGF1', lat: -6.2, long: 106.8, accuracy: 10, receiverRelation: 'Pemesan', isValidate: true, plasticQty: 0 };
    expect(contract.podScanGoBodySchema.safeParse({ ...base, receiverName: 'a'.repeat(mirror.RECEIVER_NAME_MIN) }).success).toBe(true);
    expect(contract.podScanGoBodySchema.safeParse({ ...base, receiverName: 'a'.repeat(mirror.RECEIVER_NAME_MIN - 1) }).success).toBe(false);
    const other = { ...base, receiverName: 'Budi', receiverRelation: 'Lainnya' };
    expect(contract.podScanGoBodySchema.safeParse({ ...other, receiverOther: 'a'.repeat(mirror.RELATION_OTHER_MIN) }).success).toBe(true);
    expect(contract.podScanGoBodySchema.safeParse({ ...other, receiverOther: 'a'.repeat(mirror.RELATION_OTHER_MIN - 1) }).success).toBe(false);
    const request = { shipmentNo: 'SHP2611220000001', deliveryType: '1', reasonId: '0', lat: '-6.2', long: '106.8', accuracy: '10' };
    expect(contract.podRequestBodySchema.safeParse({ ...request, reasonText: 'a'.repeat(mirror.REASON_TEXT_MIN) }).success).toBe(true);
    expect(contract.podRequestBodySchema.safeParse({ ...request, reasonText: 'a'.repeat(mirror.REASON_TEXT_MIN - 1) }).success).toBe(false);
  });
});
