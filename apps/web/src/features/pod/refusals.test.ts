import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MODAL, ERROR_MESSAGES } from '@gerai/contract';
import { ApiError, type ApiErrorCode } from '@/shared/api/api-error';
import { refusalModal, sayRefusal } from '@/shared/api/refusal';
import { needsNewLocation, podErrorMeaning, podErrorModal, POD_APPROVAL_REFUSALS } from './refusals';

/** What the approval screen does with a refusal (pod-request-detail-page): said inline, or the approval error modal. */
const approvalErrorOutcome = (error: unknown) => {
  const said = sayRefusal(POD_APPROVAL_REFUSALS, error, { show: 'modal', close: 'err-pod-approval' });
  return said.show === 'form' ? { kind: 'message', message: said.text } : { kind: 'modal', modal: { ...refusalModal(said, error), type: 'pod-status' } };
};

const api = (status: number, code: ApiErrorCode, message: string) => new ApiError({ status, code, message });

describe('POD error catalogue (spec §8)', () => {
  it.each([
    // The spec's "duplicate key" case: the server maps the one-pending index's violation to this code.
    ['"Pengajuan POD sudah dilakukan" / duplicate key', api(409, 'POD_REQUEST_DUPLICATE', 'Pengajuan POD sudah dilakukan'), 'duplicate'],
    ['"Lokasi pengajuan POD tidak sesuai"', api(422, 'POD_REQUEST_LOCATION_INVALID', 'Lokasi pengajuan POD tidak sesuai'), 'location-invalid'],
    ['"Order sedang dalam pengajuan retur" (retur/refund)', api(422, 'POD_ORDER_IN_RETURN', 'Order sedang dalam pengajuan retur'), 'in-return'],
    ['"Order tidak ditemukan"', api(404, 'POD_ORDER_NOT_FOUND', 'Order tidak ditemukan'), 'finished'],
    ['"Status pesanan ini sudah selesai"', api(409, 'POD_ORDER_FINISHED', 'Status pesanan ini sudah selesai'), 'finished'],
    // The legacy API said it with HTTP 200, payload false and message 500; Gerai's server answers 422 with the code.
    ['"koordinat lokasi POD tidak sesuai"', api(422, 'POD_OUTSIDE_AREA', 'koordinat lokasi POD tidak sesuai'), 'outside'],
    // Not in the spec: a POD made offline whose position reached the server too late, or ahead of its clock.
    ['a position taken too long before it arrived', api(422, 'POD_CAPTURE_TOO_OLD', ERROR_MESSAGES.POD_CAPTURE_TOO_OLD), 'capture-too-old'],
    ['a position time ahead of the server', api(422, 'POD_CAPTURE_IN_FUTURE', ERROR_MESSAGES.POD_CAPTURE_IN_FUTURE), 'capture-in-future'],
  ])('%s → %s', (_name, error, kind) => {
    expect(podErrorMeaning(error).kind).toBe(kind);
  });

  it('says what each case means in Indonesian', () => {
    expect(podErrorMeaning(api(409, 'POD_REQUEST_DUPLICATE', 'Pengajuan POD sudah dilakukan'))).toMatchObject({
      title: 'Pengajuan POD sudah dilakukan',
      message: 'Tidak dapat mengajukan POD di luar koordinat: pesanan ini sudah memiliki pengajuan.',
    });
    expect(podErrorMeaning(api(422, 'POD_REQUEST_LOCATION_INVALID', 'Lokasi pengajuan POD tidak sesuai')).message).toBe('Pengajuan POD hanya dapat dilakukan di dekat lokasi pemesan.');
    expect(podErrorMeaning(api(422, 'POD_ORDER_IN_RETURN', 'Order sedang dalam pengajuan retur')).message).toBe('Jangan serahkan barang kepada pelanggan sampai proses retur/refund selesai.');
    expect(podErrorMeaning(api(404, 'POD_ORDER_NOT_FOUND', 'Order tidak ditemukan')).message).toBe('Pesanan ini sudah selesai; tidak perlu POD lagi.');
    expect(podErrorMeaning(api(422, 'POD_OUTSIDE_AREA', 'koordinat lokasi POD tidak sesuai')).message).toBe('Lokasi Anda tidak berada di area pemesan.');
  });

  it('goes by the code alone, never by the text of the message', () => {
    expect(podErrorMeaning(api(409, 'POD_REQUEST_DUPLICATE', 'Permintaan ditolak')).kind).toBe('duplicate');
    // A message that reads like a catalogue case but comes with another code is just a message.
    expect(podErrorMeaning(api(409, 'CONFLICT', 'Pengajuan POD sudah dilakukan'))).toMatchObject({ kind: 'other', title: 'Pengajuan POD sudah dilakukan' });
    expect(podErrorMeaning(new Error('Koordinat lokasi POD tidak sesuai')).kind).toBe('default');
  });

  it('makes any other server message the title', () => {
    const meaning = podErrorMeaning(api(422, 'POD_NOT_DELIVERY', 'Pesanan ambil di toko dikonfirmasi dengan kode pengambilan, bukan POD.'));
    expect(meaning).toMatchObject({ kind: 'other', title: 'Pesanan ambil di toko dikonfirmasi dengan kode pengambilan, bukan POD.', message: '' });
  });

  it('falls back to the default modal text when no server message reached us', () => {
    expect(podErrorMeaning(api(0, 'NETWORK', 'Tidak dapat terhubung ke server.'))).toMatchObject({ kind: 'default', title: DEFAULT_ERROR_MODAL.title, message: DEFAULT_ERROR_MODAL.message });
    expect(podErrorMeaning(api(502, 'HTTP_502', DEFAULT_ERROR_MODAL.message)).kind).toBe('default');
    expect(podErrorMeaning(api(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL)).kind).toBe('default');
    expect(podErrorMeaning('boom').kind).toBe('default');
  });

  it('builds the POD status modal under the "Error:" prefix rule', () => {
    // Stays on the form (resubmit): shown as it is.
    expect(podErrorModal(api(422, 'POD_OUTSIDE_AREA', 'koordinat lokasi POD tidak sesuai'), 'Lokasi Anda 348 m ke arah selatan dari titik pelanggan.')).toMatchObject({
      type: 'pod-status',
      title: 'Lokasi tidak sesuai',
      message: 'Lokasi Anda tidak berada di area pemesan.\nLokasi Anda 348 m ke arah selatan dari titik pelanggan.',
      actionsType: 'resubmit',
    });
    // close-modal: prefixed.
    expect(podErrorModal(api(409, 'POD_REQUEST_DUPLICATE', 'Pengajuan POD sudah dilakukan')).message).toBe(
      'Error: Tidak dapat mengajukan POD di luar koordinat: pesanan ini sudah memiliki pengajuan.',
    );
    // The list close type is exempt.
    expect(podErrorModal(api(422, 'POD_ORDER_IN_RETURN', 'Order sedang dalam pengajuan retur'))).toMatchObject({ actionsType: 'go-to-list-proses', message: 'Jangan serahkan barang kepada pelanggan sampai proses retur/refund selesai.' });
    expect(podErrorModal(api(0, 'NETWORK', 'x'))).toMatchObject({ title: DEFAULT_ERROR_MODAL.title, message: DEFAULT_ERROR_MODAL.message, buttonText: 'OK' });
  });
});

describe('a position refused for its capture time', () => {
  it('says the location is stale and how to go on: take it again at the customer (by the code, never the text)', () => {
    const tooOld = podErrorMeaning(api(422, 'POD_CAPTURE_TOO_OLD', 'Permintaan ditolak'));
    expect(tooOld).toMatchObject({
      kind: 'capture-too-old',
      title: 'Lokasi sudah kedaluwarsa',
      message: 'Lokasi ini diambil terlalu lama sebelum terkirim, jadi tidak lagi membuktikan Anda berada di tempat pelanggan. Ambil lokasi lagi di tempat pelanggan, lalu kirim ulang.',
      closeType: 'resubmit',
    });
    expect(podErrorMeaning(api(422, 'POD_CAPTURE_IN_FUTURE', 'x'))).toMatchObject({ kind: 'capture-in-future', title: 'Jam ponsel tidak sesuai' });
    // The server's own message for the code does not decide anything either.
    expect(podErrorMeaning(api(422, 'POD_ACCURACY_TOO_LOW', ERROR_MESSAGES.POD_CAPTURE_TOO_OLD)).kind).toBe('other');
  });

  it('asks for a new location only for those codes', () => {
    expect(needsNewLocation(api(422, 'POD_CAPTURE_TOO_OLD', ''))).toBe(true);
    expect(needsNewLocation(api(422, 'POD_CAPTURE_IN_FUTURE', ''))).toBe(true);
    expect(needsNewLocation(api(422, 'POD_OUTSIDE_AREA', ''))).toBe(false);
    expect(needsNewLocation(new Error(ERROR_MESSAGES.POD_CAPTURE_TOO_OLD))).toBe(false);
  });

  it('keeps the modal on the form (resubmit, no "Error:" prefix) with the server’s minutes under the meaning', () => {
    const detail = 'Lokasi diambil 135 menit sebelum diterima server; paling lama 120 menit.';
    expect(podErrorModal(api(422, 'POD_CAPTURE_TOO_OLD', ERROR_MESSAGES.POD_CAPTURE_TOO_OLD), detail)).toMatchObject({
      type: 'pod-status',
      title: 'Lokasi sudah kedaluwarsa',
      message: `${podErrorMeaning(api(422, 'POD_CAPTURE_TOO_OLD', '')).message}\n${detail}`,
      actionsType: 'resubmit',
      imageType: 'warning',
    });
  });
});

describe('approval errors', () => {
  it('returns "Approval POD Sudah Dilakukan." to the caller as a message', () => {
    expect(approvalErrorOutcome(api(409, 'POD_ALREADY_DECIDED', 'Approval POD Sudah Dilakukan.'))).toEqual({ kind: 'message', message: 'Approval POD Sudah Dilakukan.' });
  });

  it('returns a failed approval update as a message', () => {
    expect(approvalErrorOutcome(api(409, 'ORDER_STATUS_CHANGED', 'Status pesanan sudah berubah menjadi Selesai.'))).toEqual({ kind: 'message', message: 'Status pesanan sudah berubah menjadi Selesai.' });
    // The order was finished while the request waited: the server's message, inline.
    expect(approvalErrorOutcome(api(409, 'POD_ORDER_FINISHED', 'Status pesanan ini sudah selesai'))).toEqual({ kind: 'message', message: 'Status pesanan ini sudah selesai' });
  });

  it('opens the approval error modal (err-pod-approval, no "Error:" prefix) for the rest', () => {
    const outcome = approvalErrorOutcome(api(404, 'POD_REQUEST_NOT_FOUND', 'Pengajuan POD tidak ditemukan.'));
    expect(outcome).toMatchObject({ kind: 'modal', modal: { type: 'pod-status', actionsType: 'err-pod-approval', message: 'Pengajuan POD tidak ditemukan.' } });
    expect(approvalErrorOutcome(api(0, 'NETWORK', 'x'))).toMatchObject({ kind: 'modal', modal: { message: DEFAULT_ERROR_MODAL.message, actionsType: 'err-pod-approval' } });
  });
});
