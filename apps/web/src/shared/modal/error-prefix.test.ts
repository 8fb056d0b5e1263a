import { describe, expect, it } from 'vitest';
import { CLOSE_TYPES_WITHOUT_ERROR_PREFIX, formatCustomErrorMessage } from './error-prefix';
import { CLOSE_TYPES, type CloseType } from './modal-types';

describe('the "Error:" prefix rule (spec §8)', () => {
  it('prefixes custom messages for ordinary close types', () => {
    expect(formatCustomErrorMessage('Order tidak ditemukan', 'reload')).toBe('Error: Order tidak ditemukan');
    expect(formatCustomErrorMessage('Gagal memuat', 'close')).toBe('Error: Gagal memuat');
    expect(formatCustomErrorMessage('Gagal', 'go-home')).toBe('Error: Gagal');
    expect(formatCustomErrorMessage('Gagal', 'go-to-mat-in-new')).toBe('Error: Gagal');
  });

  it.each<CloseType>([
    'logout',
    'go-to-request-cancel',
    'go-help-center',
    'reload-ticket',
    'resubmit',
    'reload-detail-ticket',
    'close-modal-retur',
    'go-to-retur-list',
    'go-to-list-proses',
    'err-pod-approval',
  ])('leaves the message as it is for %s', (closeType) => {
    expect(formatCustomErrorMessage('Shipment ini masih memiliki tiket yang aktif.', closeType)).toBe('Shipment ini masih memiliki tiket yang aktif.');
  });

  it('exempts exactly the ten close types the spec names', () => {
    const prefixed = CLOSE_TYPES.filter((c) => !CLOSE_TYPES_WITHOUT_ERROR_PREFIX.has(c));
    expect(CLOSE_TYPES_WITHOUT_ERROR_PREFIX.size).toBe(10);
    expect(prefixed).toHaveLength(CLOSE_TYPES.length - 10);
  });

  it('never prefixes twice', () => {
    expect(formatCustomErrorMessage('Error: sudah', 'reload')).toBe('Error: sudah');
  });
});
