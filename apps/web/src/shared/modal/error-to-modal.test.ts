import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MODAL } from '@gerai/contract';
import { ApiError } from '../api/api-error';
import { errorToModal } from './error-to-modal';

describe('errorToModal', () => {
  it('shows the default error modal of the spec for a network failure', () => {
    const modal = errorToModal(new ApiError({ status: 0, code: 'NETWORK', message: 'x' }), 'reload');
    expect(modal).toMatchObject({
      title: 'Hmm, ada yang tidak beres…',
      message: 'Sepertinya sistem dalam masalah. Periksa kembali koneksi anda & coba lagi',
      buttonText: 'OK',
      actionsType: 'reload',
      imageType: 'error',
    });
  });

  it('shows the default text for an internal error and for non-API errors', () => {
    expect(errorToModal(new ApiError({ status: 500, code: 'INTERNAL', message: DEFAULT_ERROR_MODAL.message })).message).toBe(DEFAULT_ERROR_MODAL.message);
    expect(errorToModal(new TypeError('boom')).message).toBe(DEFAULT_ERROR_MODAL.message);
  });

  it('shows the server message with the "Error:" prefix for ordinary close types', () => {
    const modal = errorToModal(new ApiError({ status: 409, code: 'CONFLICT', message: 'Pesanan sudah diambil kru lain.' }), 'go-to-order');
    expect(modal).toMatchObject({ title: DEFAULT_ERROR_MODAL.title, message: 'Error: Pesanan sudah diambil kru lain.', actionsType: 'go-to-order' });
  });

  it('shows the server message as it is for exempt close types', () => {
    const modal = errorToModal(new ApiError({ status: 409, code: 'SHIPMENT_HAS_ACTIVE_TICKET', message: 'Shipment ini masih memiliki tiket yang aktif.' }), 'go-help-center');
    expect(modal.message).toBe('Shipment ini masih memiliki tiket yang aktif.');
  });
});
