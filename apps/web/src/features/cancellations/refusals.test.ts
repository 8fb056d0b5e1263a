import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { sayRefusal } from '@/shared/api/refusal';
import { CANCEL_REFUSALS } from './refusals';

/** What the screen does with it: a message under the form, or the error modal. */
const cancelErrorOutcome = (error: unknown) => {
  const said = sayRefusal(CANCEL_REFUSALS, error);
  return said.show === 'form' ? { kind: 'message', message: said.text } : { kind: 'modal' };
};

const refusal = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code'], message = 'server text') => new ApiError({ status, code, message });

describe('a refused cancellation', () => {
  it('says what stands in the way in the contract\'s words, by code', () => {
    expect(cancelErrorOutcome(refusal(409, 'CANCEL_REQUEST_PENDING'))).toEqual({ kind: 'message', message: 'Pesanan ini sudah diajukan pembatalan dan sedang menunggu persetujuan.' });
    expect(cancelErrorOutcome(refusal(409, 'CANCEL_NOT_ALLOWED'))).toEqual({ kind: 'message', message: 'Pesanan yang sudah selesai atau sudah dibatalkan tidak dapat dibatalkan.' });
    expect(cancelErrorOutcome(refusal(403, 'CANCEL_NEEDS_SUPERVISOR'))).toEqual({
      kind: 'message',
      message: 'Pesanan yang sedang diantar hanya dapat dibatalkan oleh Area Supervisor atau di atasnya.',
    });
    expect(cancelErrorOutcome(refusal(403, 'FORBIDDEN'))).toEqual({ kind: 'message', message: 'Anda tidak memiliki akses untuk tindakan ini.' });
    expect(cancelErrorOutcome(refusal(409, 'ORDER_STATUS_CHANGED'))).toMatchObject({ kind: 'message', message: expect.stringContaining('Status pesanan sudah berubah') });
  });

  it('names the refused field, and opens the error modal for anything else', () => {
    const invalid = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'x', details: [{ path: 'body.reasonText', message: 'Tuliskan alasan untuk pilihan Lainnya' }] });
    expect(cancelErrorOutcome(invalid)).toEqual({ kind: 'message', message: 'Tuliskan alasan untuk pilihan Lainnya' });
    const outcome = cancelErrorOutcome(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }));
    expect(outcome.kind).toBe('modal');
  });
});
