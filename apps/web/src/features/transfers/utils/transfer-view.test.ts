import { describe, expect, it } from 'vitest';
import { ERROR_DETAILS, ERROR_MESSAGES } from '@gerai/contract';
import { ApiError } from '@/shared/api/api-error';
import { lineIndexOf, refusalLines } from '../refusals';
import { detailPath, listPath, outDetailPath, qrOfState, stepLabel } from './transfer-view';

const item = { matNo: 'MAT251122000041', matStoreNo: 'MAT251122000041', matStatus: 'new' as const, matStoreStatus: 'new' as const };

describe('transfer view helpers', () => {
  it('routes: lists by side and segment; a finished sent transfer opens its result; a mixed list by side', () => {
    expect(listPath('in', 'proces')).toBe('/mat-in-proces');
    expect(outDetailPath(item)).toBe('/detail-mat-out/new/MAT251122000041');
    expect(outDetailPath({ ...item, matStatus: 'finish', matStoreStatus: 'done' })).toBe('/detail-mat-out-complete/done/MAT251122000041');
    expect(detailPath({ ...item, side: 'in' })).toBe('/detail-mat-in/MAT251122000041');
    expect(detailPath({ ...item, side: 'out' })).toBe('/detail-mat-out/new/MAT251122000041');
    expect(detailPath({ ...item, side: null })).toBe('/detail-mat-in/MAT251122000041');
    expect(detailPath({ ...item, side: null, matStatus: 'finish', matStoreStatus: 'done' })).toBe('/detail-mat-out-complete/done/MAT251122000041');
  });

  it('a refusal in the most particular words: the details, else the server message beyond the code\'s, else the code\'s', () => {
    const pin = ERROR_DETAILS.transferPinWrong(2);
    expect(refusalLines(new ApiError({ status: 422, code: 'TRANSFER_PIN_WRONG', message: pin, details: [{ path: 'body.pin', message: pin }] }))).toEqual([pin]);
    expect(refusalLines(new ApiError({ status: 422, code: 'TRANSFER_PIN_WRONG', message: pin }))).toEqual([pin]);
    expect(refusalLines(new ApiError({ status: 409, code: 'TRANSFER_STATUS_CHANGED', message: ERROR_MESSAGES.TRANSFER_STATUS_CHANGED }))).toEqual([ERROR_MESSAGES.TRANSFER_STATUS_CHANGED]);
    expect(refusalLines(new ApiError({ status: 0, code: 'NETWORK', message: 'x' }))[0]).toContain('Tidak dapat terhubung');
  });

  it('reads the line a detail names, the QR a route carries, and the history steps the server writes', () => {
    expect(lineIndexOf('body.lines.3.qty')).toBe(3);
    expect(lineIndexOf('lines.0')).toBe(0);
    expect(lineIndexOf('body.receiverStoreCode')).toBeNull();
    expect(qrOfState({ qr: ' GERAI-MAT:TBS1:123456 ' })).toBe('GERAI-MAT:TBS1:123456');
    expect(qrOfState(null)).toBeNull();
    expect(qrOfState({ qr: 5 })).toBeNull();
    expect(['send', 'pin_wrong', 'lock', 'confirm', 'finish', 'reissue', 'unlock', 'cancel'].map(stepLabel)).not.toContain(undefined);
    expect(stepLabel('send')).toBe('MAT dikirim');
    expect(stepLabel('something_new')).toBe('something_new');
  });
});
